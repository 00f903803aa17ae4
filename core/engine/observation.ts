/**
 * R6–R7: the one bounded observation every batch shares, as structured data (the offline
 * model reads it) and as text (language models read it). Tool-result bodies and thinking
 * are never in it; fitting changes only this view, never the returned messages.
 */
import type { Analysis, Pair } from './guards.js';
import { resultChars } from './guards.js';
import { blocksOf, messageId } from './pairing.js';
import type { Block, Message, ToolInfo } from './schema.js';
import { shorten } from './text.js';
import { estimateTokens } from './tokens.js';

export const FITTING_STAGES = [
  'full',
  'shorten_inputs',
  'shorten_old_text',
  'omit_old_text_messages',
  'merge_old_calls',
] as const;
export type FittingStage = 0 | 1 | 2 | 3 | 4;

/** Input lengths (code points) shown at stage 0 and from stage 1 on; old text from stage 2 on. */
export const FULL_INPUT_CHARS = 1000;
export const SHORT_INPUT_CHARS = 120;
export const SHORT_OLD_TEXT_CHARS = 300;

export interface ObservedCall {
  kind: 'call';
  /** Present for well-formed pairs; candidates are asked about under this id. */
  pairId: string | null;
  callId: string | null;
  toolName: string;
  input: string;
  resultState: string | null;
  resultChars: number | null;
  candidate: boolean;
  /** Why it is not a candidate (guard or pairing code), for the reader. */
  note: string | null;
}
export interface ObservedText {
  kind: 'text';
  text: string;
}
export interface MergedCalls {
  kind: 'merged';
  count: number;
  tools: Record<string, number>;
  resultChars: number;
}
export type ObservedItem = ObservedCall | ObservedText | MergedCalls;

export interface ObservedMessage {
  index: number;
  id: string;
  role: string;
  /** Outside the protected recent window and not the first message. */
  old: boolean;
  /** Stage 3 left only this marker of an old text-only message. */
  omitted: boolean;
  items: ObservedItem[];
}

export interface ObservationView {
  goal: string;
  tools: ToolInfo[];
  messages: ObservedMessage[];
  stage: FittingStage;
}

export interface Observation {
  view: ObservationView;
  text: string;
  tokens: number;
}

interface ResultFacts {
  state: string | null;
  chars: number;
}

/** The unfitted (stage 0) view: every message, text and tool call in order. */
export function buildView(
  messages: readonly Message[],
  analysis: Analysis,
  goal: string,
  tools: readonly ToolInfo[],
  preserveRecent: number,
): ObservationView {
  const pairByCall = new Map<Block, Pair>();
  for (const pair of analysis.pairs) pairByCall.set(pair.callBlock, pair);
  const problemByBlock = new Map<Block, string>();
  for (const id of analysis.unpaired)
    for (const ref of id.blocks) problemByBlock.set(blocksOf(messages[ref.message])[ref.block], id.problem);
  const recentFrom = messages.length - preserveRecent;

  const observed = messages.map((message, index): ObservedMessage => {
    const items: ObservedItem[] = [];
    if (typeof message.content === 'string') items.push({ kind: 'text', text: message.content });
    for (const block of blocksOf(message)) {
      if (block.type === 'text' && typeof block.text === 'string') items.push({ kind: 'text', text: block.text });
      else if (block.type === 'tool_call')
        items.push(observeCall(block, pairByCall.get(block), problemByBlock.get(block)));
      else if (block.type === 'tool_result' && problemByBlock.has(block)) {
        // A result with no usable call still tells the model that something ran.
        items.push({
          ...observeCall(block, undefined, problemByBlock.get(block)),
          input: '',
          resultState: stringOrNull(block.state),
          resultChars: resultChars(block.output),
        });
      }
    }
    return {
      index,
      id: messageId(message, index),
      role: typeof message.role === 'string' ? message.role : 'unknown',
      old: index !== 0 && index < recentFrom,
      omitted: false,
      items,
    };
  });
  return { goal, tools: [...tools], messages: observed, stage: 0 };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function observeCall(block: Block, pair: Pair | undefined, problem: string | undefined): ObservedCall {
  const facts: ResultFacts | null = pair
    ? { state: stringOrNull(pair.resultBlock.state), chars: resultChars(pair.resultBlock.output) }
    : null;
  return {
    kind: 'call',
    pairId: pair?.pairId ?? null,
    callId: typeof block.id === 'string' ? block.id : null,
    toolName: typeof block.name === 'string' ? block.name : 'unknown',
    input: typeof block.input === 'string' ? block.input : (JSON.stringify(block.input) ?? ''),
    resultState: facts?.state ?? null,
    resultChars: facts?.chars ?? null,
    candidate: pair !== undefined && pair.guard === null,
    note: pair ? pair.guard : (problem ?? 'missing_pair'),
  };
}

/** Applies fitting stage `stage` (cumulative) to an unfitted view. */
export function applyStage(view: ObservationView, stage: FittingStage): ObservationView {
  const inputLimit = stage >= 1 ? SHORT_INPUT_CHARS : FULL_INPUT_CHARS;
  const messages = view.messages.map((message): ObservedMessage => {
    let items = message.items.map((item): ObservedItem => {
      if (item.kind === 'call') return { ...item, input: shorten(item.input, inputLimit) };
      if (item.kind === 'text' && stage >= 2 && message.old)
        return { kind: 'text', text: shorten(item.text, SHORT_OLD_TEXT_CHARS) };
      return item;
    });
    const textOnly = items.every((item) => item.kind === 'text');
    if (stage >= 3 && message.old && textOnly) return { ...message, omitted: true, items: [] };
    if (stage >= 4 && message.old) items = mergeNonCandidateCalls(items);
    return { ...message, items };
  });
  return { ...view, messages, stage };
}

/** Stage 4: runs of calls that are not candidates collapse into one summary line. */
function mergeNonCandidateCalls(items: ObservedItem[]): ObservedItem[] {
  const out: ObservedItem[] = [];
  for (const item of items) {
    if (item.kind !== 'call' || item.candidate) {
      out.push(item);
      continue;
    }
    const last = out[out.length - 1];
    const merged: MergedCalls =
      last?.kind === 'merged' ? last : { kind: 'merged', count: 0, tools: {}, resultChars: 0 };
    if (merged !== last) out.push(merged);
    merged.count++;
    merged.tools[item.toolName] = (merged.tools[item.toolName] ?? 0) + 1;
    merged.resultChars += item.resultChars ?? 0;
  }
  return out;
}

/** R6: the text a language model sees. Stable: backends and tests rely on it. */
export function renderObservation(view: ObservationView): string {
  const lines: string[] = ['# Goal (the next action)', view.goal, ''];
  if (view.tools.length > 0) {
    lines.push('# Tools');
    for (const tool of view.tools) lines.push(`- ${tool.name}${tool.description ? `: ${tool.description}` : ''}`);
    lines.push('');
  }
  lines.push('# Conversation');
  let omitted = 0;
  const flushOmitted = () => {
    if (omitted > 0) lines.push(`[${omitted} older text-only message${omitted > 1 ? 's' : ''} omitted]`);
    omitted = 0;
  };
  for (const message of view.messages) {
    if (message.omitted) {
      omitted++;
      continue;
    }
    flushOmitted();
    lines.push(`## message ${message.id} (${message.role})`);
    for (const item of message.items) lines.push(renderItem(item));
  }
  flushOmitted();
  return lines.join('\n');
}

function renderItem(item: ObservedItem): string {
  if (item.kind === 'text') return item.text;
  if (item.kind === 'merged') {
    const tools = Object.entries(item.tools)
      .map(([name, n]) => `${name}×${n}`)
      .join(', ');
    return `[${item.count} earlier non-candidate calls merged: ${tools}; ${item.resultChars} result chars]`;
  }
  const result = item.resultState === null ? 'no result' : `result ${item.resultState}, ${item.resultChars} chars`;
  const who =
    item.pairId && item.candidate
      ? `[call ${item.pairId}]`
      : `[call${item.pairId ? ` ${item.pairId}` : ''}, not a candidate: ${item.note}]`;
  return `${who} ${item.toolName} input=${item.input} -> ${result}`;
}

/**
 * R7: the first stage whose rendered observation fits `maxTokens`, or null when even stage 4
 * is over (the caller fails with `observation_too_large`).
 */
export function fitObservation(
  full: ObservationView,
  maxTokens: number,
): { observation: Observation; fitted: boolean } {
  let last: Observation | null = null;
  for (let stage = 0 as FittingStage; stage <= 4; stage = (stage + 1) as FittingStage) {
    const view = applyStage(full, stage);
    const text = renderObservation(view);
    last = { view, text, tokens: estimateTokens(text) };
    if (last.tokens <= maxTokens) return { observation: last, fitted: true };
  }
  return { observation: last as Observation, fitted: false };
}
