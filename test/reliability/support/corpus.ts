/**
 * The shared real transcripts (../shared/corpus, never copied into the repo) and the
 * mutations fuzzing applies to them. Tests that need them skip with one line when absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Block, Message } from '../../../core/engine/schema.js';
import { corpusFiles, sharedPath, sharedSkipReason } from '../../support/shared.js';

/** `../shared/corpus`, or null when absent (then CI's COMPACTION_REQUIRE_SHARED=1 has already failed). */
export const CORPUS_DIR = sharedPath('corpus');
export const NO_CORPUS_REASON = sharedSkipReason('corpus');

export interface Transcript {
  file: string;
  text: string;
  messages: Message[];
  toolNames: string[];
}

let cache: Transcript[] | null = null;

/** Every transcript in the corpus (index.json and SOURCES.md are not transcripts). */
export function transcripts(): Transcript[] {
  if (cache) return cache;
  if (CORPUS_DIR === null) throw new Error(NO_CORPUS_REASON);
  const dir = CORPUS_DIR;
  cache = corpusFiles(dir).map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const messages = JSON.parse(text) as Message[];
    const names = new Set<string>();
    for (const m of messages)
      for (const b of Array.isArray(m.content) ? m.content : [])
        if (b.type === 'tool_call' && typeof b.name === 'string') names.add(b.name);
    return { file, text, messages, toolNames: [...names].sort() };
  });
  return cache;
}

export type Mutation =
  | { kind: 'swap_blocks'; a: number; b: number }
  | { kind: 'duplicate_id'; from: number; to: number }
  | { kind: 'invalid_input'; at: number; text: string }
  | { kind: 'wrong_type'; at: number; field: string; value: unknown }
  | { kind: 'drop_message'; at: number };

const WRONG_VALUES: unknown[] = [null, 0, -1.5, true, '', 'x', [], {}, [1, 2], { type: 7 }];
const FIELDS = ['content', 'role', 'id', 'type', 'text', 'output', 'state', 'name', 'input', 'thinking'];

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('swap_blocks' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate_id' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant('invalid_input' as const),
    at: fc.nat(),
    text: fc.constantFrom('{"command": "ls', '', 'undefined', "{'a': 1}", '{"a":1}}'),
  }),
  fc.record({
    kind: fc.constant('wrong_type' as const),
    at: fc.nat(),
    field: fc.constantFrom(...FIELDS),
    value: fc.constantFrom(...WRONG_VALUES),
  }),
  fc.record({ kind: fc.constant('drop_message' as const), at: fc.nat() }),
);

interface Located {
  message: Message;
  blocks: Block[];
  index: number;
}

function allBlocks(messages: Message[]): Located[] {
  const out: Located[] = [];
  for (const message of messages)
    if (Array.isArray(message.content))
      message.content.forEach((_, index) => out.push({ message, blocks: message.content as Block[], index }));
  return out;
}

/** Applies one mutation in place to a private copy of a transcript. */
export function mutate(messages: Message[], m: Mutation): void {
  const blocks = allBlocks(messages);
  const tools = blocks.filter(
    (l) => l.blocks[l.index].type === 'tool_call' || l.blocks[l.index].type === 'tool_result',
  );
  const calls = tools.filter((l) => l.blocks[l.index].type === 'tool_call');
  if (m.kind === 'swap_blocks' && blocks.length > 1) {
    const a = blocks[m.a % blocks.length];
    const b = blocks[m.b % blocks.length];
    const tmp = a.blocks[a.index];
    a.blocks[a.index] = b.blocks[b.index];
    b.blocks[b.index] = tmp;
  }
  if (m.kind === 'duplicate_id' && tools.length > 1) {
    const from = tools[m.from % tools.length];
    tools[m.to % tools.length].blocks[tools[m.to % tools.length].index].id = from.blocks[from.index].id;
  }
  if (m.kind === 'invalid_input' && calls.length > 0) {
    const at = calls[m.at % calls.length];
    at.blocks[at.index].input = m.text;
  }
  if (m.kind === 'wrong_type' && messages.length > 0) {
    // Half the time on a message, half on a block, so both levels see wrong types.
    if (m.at % 2 === 0 || blocks.length === 0)
      (messages[m.at % messages.length] as Record<string, unknown>)[m.field] = m.value;
    else {
      const at = blocks[m.at % blocks.length];
      (at.blocks[at.index] as Record<string, unknown>)[m.field] = m.value;
    }
  }
  if (m.kind === 'drop_message' && messages.length > 1) messages.splice(m.at % messages.length, 1);
}

export type ContainerChoice = 'array' | 'jsonl' | 'state' | 'nested_state';

/** Serializes messages in one of the four containers SPEC §1 lists. */
export function serialize(messages: Message[], container: ContainerChoice, indent: number): string {
  if (container === 'jsonl') return messages.map((m) => JSON.stringify(m)).join('\n') + '\n';
  if (container === 'state') return JSON.stringify({ summary: 'sum', context: messages, extra: [1] }, null, indent);
  if (container === 'nested_state')
    return JSON.stringify({ state: { context: messages, step: 3 }, version: 2 }, null, indent);
  return JSON.stringify(messages, null, indent);
}
