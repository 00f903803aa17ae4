/**
 * Where each message sits in the conversation, as the viewers people know number it: a turn
 * starts at each prompt a person wrote (a user message with text of its own, not only tool
 * results) and runs through the agent's steps until the next one. Messages before the first
 * prompt (a system message) are turn 0.
 */
import { blocksOf } from '../engine/pairing.js';
import type { Message } from '../engine/schema.js';

/** A user message with something a person wrote: text, not only the results of calls. */
export function isPrompt(message: Message): boolean {
  if (message.role !== 'user') return false;
  if (typeof message.content === 'string') return message.content.trim() !== '';
  return blocksOf(message).some((block) => block.type === 'text' && String(block.text ?? '').trim() !== '');
}

/** The turn number of every message, in order. */
export function turnNumbers(messages: readonly Message[]): number[] {
  let turn = 0;
  return messages.map((message) => (isPrompt(message) ? ++turn : turn));
}
