/**
 * The strict later-use label. A successful result counts as used only when at least
 * `MIN_TOKENS` distinct distinctive tokens of it, or one of at least `LONG_TOKEN` characters,
 * reappear in later *assistant text* or later *tool-call inputs* — the goal (the next action
 * the agent wrote) and everything it wrote after — while thinking and user text never count,
 * and no token known before the result existed counts: anything said, thought, called or
 * returned before it, its own call's input included. Unlike the later-use label, use by the
 * next action itself counts: that is the use the decision is about (R8).
 *
 * Its tokenizer is written apart from core/engine/distinctive.ts on purpose: a model signal
 * built on that extractor (the offline model's "nothing new", quotes, goal-named content) can
 * then agree with this label only through the transcript, never by construction.
 */
import { callInputText } from '../engine/evidence.js';
import { isTextOutput, outputText } from '../engine/guards.js';
import { blocksOf } from '../engine/pairing.js';
import type { Block, Message } from '../engine/schema.js';
import type { Cut } from './cuts.js';

/** One result's label, under either label. */
export interface LaterUse {
  used: boolean;
  /** The reused terms (at most a few, for the report). */
  terms: string[];
}

export const MIN_TOKENS = 2;
export const LONG_TOKEN = 16;

/** Runs of name characters; the trailing punctuation of a sentence is trimmed off below. */
const TOKEN = /[A-Za-z0-9_$][A-Za-z0-9_$.:/#@-]*/g;

/** A word of prose: `value`, `Error`, `README`, `URLs`. */
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+s?)$/;

/**
 * A token is distinctive unless chance alone makes it recur: a plain word or two joined by a
 * hyphen (`Error`, `README`, `user-defined`), a short token, or a number of fewer than five
 * digits (years, counts, line numbers).
 */
export function isDistinctiveToken(token: string): boolean {
  if (token.length < 4) return false;
  const parts = token.split('-');
  if (parts.length <= 2 && parts.every((part) => PLAIN_WORD.test(part))) return false;
  if (!/[A-Za-z]/.test(token)) return token.replace(/\D/g, '').length >= 5;
  return true;
}

/** Distinctive tokens of a text, case kept (an identifier is spelled one way). */
export function strictTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(/[.:/#@-]+$/, '');
    if (isDistinctiveToken(token)) out.add(token);
  }
  return out;
}

/** Every text a block holds, whoever wrote it: what is known once the block exists. */
function anyText(block: Block): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'thinking' && typeof block.thinking === 'string') return block.thinking;
  if (block.type === 'tool_call') return callInputText(block.input);
  if (block.type === 'tool_result' && isTextOutput(block.output)) return outputText(block.output);
  return '';
}

/** What the agent writes in a message: assistant text and its calls' inputs, not thinking. */
function agentText(message: Message): string {
  if (message.role !== 'assistant') return '';
  if (typeof message.content === 'string') return message.content;
  const parts: string[] = [];
  for (const block of blocksOf(message)) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    if (block.type === 'tool_call') parts.push(callInputText(block.input));
  }
  return parts.join('\n');
}

/** Per transcript, computed once and shared by its cuts. */
export interface StrictContext {
  messages: readonly Message[];
  /** Tokens first seen in each successful result, keyed by its block. */
  novel: Map<Block, string[]>;
  /** Per message, the tokens the agent wrote in it. */
  written: Array<Set<string>>;
}

export function strictContext(messages: readonly Message[]): StrictContext {
  const known = new Set<string>();
  const novel = new Map<Block, string[]>();
  for (const message of messages) {
    if (typeof message.content === 'string') for (const t of strictTokens(message.content)) known.add(t);
    for (const block of blocksOf(message)) {
      const tokens = strictTokens(anyText(block));
      if (block.type === 'tool_result')
        novel.set(
          block,
          [...tokens].filter((t) => !known.has(t)),
        );
      for (const t of tokens) known.add(t);
    }
  }
  return { messages, novel, written: messages.map((m) => strictTokens(agentText(m))) };
}

/** Labels every successful tool result before the cut, keyed by its call id. */
export function labelStrictUse(context: StrictContext, cut: Cut): Map<string, LaterUse> {
  // The goal as given, and as the agent wrote it when it is a message of the history.
  const later = strictTokens(cut.goal);
  for (let m = cut.index; m < context.messages.length; m++) for (const t of context.written[m]) later.add(t);
  const labels = new Map<string, LaterUse>();
  for (const message of context.messages.slice(0, cut.index)) {
    for (const block of blocksOf(message)) {
      if (block.type !== 'tool_result' || block.state !== 'success' || typeof block.id !== 'string') continue;
      const reused = (context.novel.get(block) ?? []).filter((t) => later.has(t));
      const used = reused.length >= MIN_TOKENS || reused.some((t) => t.length >= LONG_TOKEN);
      labels.set(block.id, { used, terms: reused.slice(0, 5) });
    }
  }
  return labels;
}
