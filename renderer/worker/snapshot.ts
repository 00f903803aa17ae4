/**
 * Opening a snapshot and counting its tokens, as plain functions over core. The worker runs
 * them off the main thread; tests and small inputs call them directly.
 */
import type { Probabilities } from '../../core/engine/decide.js';
import type { Policy } from '../../core/engine/guards.js';
import { analyze } from '../../core/engine/guards.js';
import type { RebuildOptions } from '../../core/engine/rebuild.js';
import type { Action, Message } from '../../core/engine/schema.js';
import type { ConversationInfo, Detection, FormatId, OpenedSource } from '../../core/formats/index.js';
import { adapterFor, inspectSource, openConversation } from '../../core/formats/index.js';
import type { TargetReport } from '../../core/formats/targets/index.js';
import { runTargetChecks } from '../../core/formats/targets/index.js';
import type { CurvePoint } from '../../core/inspect/curve.js';
import { thresholdCurve } from '../../core/inspect/curve.js';
import type { SizeModel } from '../../core/inspect/sizeModel.js';
import { buildSizeModel } from '../../core/inspect/sizeModel.js';
import type { HistorySummary } from '../../core/inspect/summary.js';
import { summarizeHistory } from '../../core/inspect/summary.js';
import type { Counter, ProposalTokens } from './tokens.js';
import { TokenCounter } from './tokens.js';
import { sha256Hex } from '../sha256.js';

export interface ParsedSnapshot {
  kind: 'snapshot';
  /** The parsed document, its format and the conversation read: what export writes back into. */
  source: OpenedSource;
  /** `source.read.messages`: the conversation in our model. */
  messages: Message[];
  summary: HistorySummary;
  /** The opened file against every target its format feeds (SPEC §9), checked where it was parsed. */
  checks: TargetReport[];
  bytes: number;
  sha256: string;
  /** The bytes as opened: an export writes them beside the snapshot as its archive, byte for byte. */
  original: Blob;
}

/** A file with several conversations, opened without one: the list a person picks from. */
export interface ConversationChoice {
  kind: 'choose';
  format: FormatId;
  detection: Detection;
  conversations: ConversationInfo[];
}

/** Reads a file in chunks so a 100 MB file reports progress instead of going quiet. */
export async function readWithProgress(
  file: Blob,
  onChunk: (chunk: Uint8Array, bytesRead: number) => void,
): Promise<Uint8Array> {
  const out = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let offset = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.set(value, offset);
    offset += value.length;
    onChunk(value, offset);
  }
  return out;
}

/** The steps of a parse after the bytes are read, reported as each starts. */
export interface ParseSteps {
  /** The file is parsed and its format known: its name, and its records when it is JSON Lines. */
  detected?(format: string, records: number | null): void;
  /** The conversation is read: its messages are summarized next. */
  read?(messages: number): void;
}

/**
 * Any native format (SPEC §9), detected: the conversation named, or the only one; a file with
 * several and none named answers with the list instead.
 */
export async function parseBytes(
  bytes: Uint8Array,
  conversation?: string,
  steps: ParseSteps = {},
): Promise<ParsedSnapshot | ConversationChoice> {
  // The bytes go to core as they are: a ZIP (an Inspect .eval log) is read as one, anything else
  // must be UTF-8, so random bytes are refused as such instead of read as replacement characters.
  const inspected = inspectSource(bytes);
  steps.detected?.(
    adapterFor(inspected.format).name,
    inspected.doc.kind === 'jsonl' ? inspected.doc.records.length : null,
  );
  if (conversation === undefined && inspected.conversations.length > 1)
    return {
      kind: 'choose',
      format: inspected.format,
      detection: inspected.detection,
      conversations: inspected.conversations,
    };
  const source = openConversation(inspected, conversation);
  const { messages } = source.read;
  steps.read?.(messages.length);
  return {
    kind: 'snapshot',
    source,
    messages,
    summary: summarizeHistory(messages),
    checks: runTargetChecks({ doc: source.doc, read: source.read }),
    bytes: bytes.length,
    sha256: await sha256Hex(bytes),
    original: new Blob([bytes as BlobPart]),
  };
}

export interface TokenRequest {
  policy: Policy;
  /** Never changed once asked about: the counter keeps it to diff the next request against. */
  actions: ReadonlyMap<string, Action>;
  rebuildOptions: RebuildOptions;
  /** Another set of actions to count as well (the cache-friendly variant, §9). */
  variant?: ReadonlyMap<string, Action>;
  /** Whose sequence of counts this continues (tokens.ts): the proposal's unless named, e.g. a peer's. */
  slot?: string;
}

export type { ProposalTokens } from './tokens.js';

export interface TokenCounts extends ProposalTokens {
  before: number;
  variant: ProposalTokens | null;
}

let counter: Promise<Counter> | null = null;

/** gpt-tokenizer is large: loaded on first use only. */
export function loadCounter(): Promise<Counter> {
  counter ??= import('gpt-tokenizer/model/gpt-4o').then((m) => (text: string) => m.countTokens(text));
  return counter;
}

/**
 * The counter of the snapshot counted last: counting a 20 MB history takes seconds, so each
 * message is counted once per snapshot however often the threshold moves (tokens.ts).
 */
let counted: TokenCounter | null = null;

/** Real BPE tokens of the compact JSON before and after the proposal, and of what stays cached. */
export async function countTokens(messages: readonly Message[], request: TokenRequest): Promise<TokenCounts> {
  const count = await loadCounter();
  if (counted?.messages !== messages) counted = new TokenCounter(messages, count);
  const tokens = counted;
  const measure = (actions: ReadonlyMap<string, Action>, slot: string) =>
    tokens.measure(request.policy, actions, request.rebuildOptions, slot);
  return {
    before: tokens.before(),
    ...measure(request.actions, request.slot ?? 'proposal'),
    variant: request.variant ? measure(request.variant, 'variant') : null,
  };
}

/** What a new run's proposal measures once over the whole history. */
export interface MeasureRequest {
  policy: Policy;
  rebuildOptions: RebuildOptions;
  /** The run's probabilities per pair id, for the curve (no overrides yet). */
  probs: Array<[string, Probabilities]>;
}

/** The size model without its pairs (the caller's analysis has them), and the reduction curve. */
export interface RunMeasures {
  sizes: Omit<SizeModel, 'pairs'>;
  curve: CurvePoint[];
}

/**
 * The two passes over every message a new proposal needs (one JSON.stringify of the history
 * and the R13 truncations; a curve of 101 thresholds): ~0.5 s on 20 MB, so the worker runs them.
 * The pairs are the guards' over the same messages and policy, so they match the caller's.
 */
export function measureRun(messages: readonly Message[], request: MeasureRequest): RunMeasures {
  const { pairs } = analyze(messages, request.policy);
  const sizes = buildSizeModel(messages, pairs, request.rebuildOptions);
  const { pairs: _pairs, ...measured } = sizes;
  return { sizes: measured, curve: thresholdCurve(sizes, new Map(request.probs)) };
}
