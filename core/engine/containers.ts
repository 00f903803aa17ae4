/**
 * SPEC §1 containers: a bare array of messages, JSON Lines, or an agent state
 * (`{ context: [...] }` or `{ state: { context: [...] } }`). One loader detects which, one
 * writer puts a message array back into the same container.
 */
import { messageListProblem } from './accept.js';
import { exceedsNesting, NESTING_MESSAGE } from './depth.js';
import type { Message } from './schema.js';

export const CONTAINER_KINDS = ['array', 'jsonl', 'state', 'nested_state'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

export interface Container {
  kind: ContainerKind;
  /** The parsed wrapper object of an agent state, written back with a new `context`. */
  wrapper: unknown;
  /** Indentation of the original JSON (0 = compact), reused when writing. */
  indent: number | string;
}

export interface Loaded {
  container: Container;
  messages: Message[];
}

export class ContainerError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'ContainerError';
  }
}

/** Indentation of a JSON text (0 = compact), so a rewrite keeps the file's layout. */
export function detectIndent(text: string): number | string {
  const match = /^\s*[[{]\r?\n([ \t]+)/.exec(text);
  if (!match) return 0;
  return match[1].startsWith('\t') ? '\t' : match[1].length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where the messages array sits in a parsed document, or null when it is not a container. */
export function locateMessages(doc: unknown): { kind: Exclude<ContainerKind, 'jsonl'>; messages: unknown } | null {
  if (Array.isArray(doc)) return { kind: 'array', messages: doc };
  if (isObject(doc) && Array.isArray(doc.context)) return { kind: 'state', messages: doc.context };
  if (isObject(doc) && isObject(doc.state) && Array.isArray(doc.state.context))
    return { kind: 'nested_state', messages: doc.state.context };
  return null;
}

/** The messages of a container, validated tolerantly (SPEC §1) but not copied. */
export function validatedMessages(messages: unknown, where: string): Message[] {
  const problem = messageListProblem(messages);
  if (problem !== null) throw new ContainerError(`${where}: ${problem}`);
  if (exceedsNesting(messages)) throw new ContainerError(`${where}: messages ${NESTING_MESSAGE}`);
  return messages as Message[];
}

function parseJsonLines(text: string, firstError: string): Message[] {
  const messages: unknown[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    try {
      messages.push(JSON.parse(line));
    } catch (error) {
      if (messages.length === 0) throw new ContainerError(`not JSON: ${firstError}`);
      throw new ContainerError(`JSON Lines, line ${i + 1}: ${(error as Error).message}`);
    }
  }
  return validatedMessages(messages, 'JSON Lines');
}

/** Detects the container of `text` and returns its messages, validated (not copied). */
export function loadHistory(text: string): Loaded {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new ContainerError('the file is empty');
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    // One JSON object per line fails as a whole document but is a JSON Lines history.
    if (body.trimStart().startsWith('{') && body.trim().includes('\n')) {
      return { container: { kind: 'jsonl', wrapper: null, indent: 0 }, messages: parseJsonLines(body, message) };
    }
    throw new ContainerError(`not JSON: ${message}`);
  }
  const found = locateMessages(doc);
  if (!found) {
    if (isObject(doc) && (doc.role !== undefined || doc.content !== undefined)) {
      return {
        container: { kind: 'jsonl', wrapper: null, indent: 0 },
        messages: validatedMessages([doc], 'JSON Lines'),
      };
    }
    throw new ContainerError(
      'not a history: expected an array of messages, JSON Lines, or an object with "context" or "state.context"',
    );
  }
  return {
    container: { kind: found.kind, wrapper: found.kind === 'array' ? null : doc, indent: detectIndent(body) },
    messages: validatedMessages(found.messages, found.kind === 'array' ? 'array' : 'agent state'),
  };
}

/**
 * The document `messages` make in `container` (the records, for JSON Lines): other fields of
 * an agent state stay the very objects they were, so a byte-preserving writer (SPEC §9,
 * core/formats/splice.ts) copies them from the source text as written.
 */
export function containerValue(container: Container, messages: readonly Message[]): unknown {
  if (container.kind === 'state') return { ...(container.wrapper as Record<string, unknown>), context: messages };
  if (container.kind === 'nested_state') {
    const wrapper = container.wrapper as Record<string, Record<string, unknown>>;
    return { ...wrapper, state: { ...wrapper.state, context: messages } };
  }
  return messages;
}

/** Writes `messages` into `container` as new text (a history with no source text to keep). */
export function writeHistory(container: Container, messages: readonly Message[]): string {
  if (container.kind === 'jsonl') return messages.map((m) => JSON.stringify(m)).join('\n') + '\n';
  return JSON.stringify(containerValue(container, messages), null, container.indent) + (container.indent ? '\n' : '');
}
