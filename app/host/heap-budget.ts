/**
 * The memory rule for a run (the one place it lives): what a run can allocate, from what its
 * request shows, against the heap limit. Every way a run starts is weighed by it: the web
 * host's `POST /compact_context`, `run.start` from the renderer (web host or Electron main,
 * app/host/runs.ts), and the CLI's `compact_context` against its own process's heap.
 */
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_OPTIONS } from '../../core/engine/constants.js';

const MB = 1024 * 1024;

/**
 * Measured with test/bench/host-heap.ts: the smallest heap limit under which the real host
 * answers and lives, less the idle host's 68 MB (the table is in docs/benchmarks.md, "Host
 * memory"). On ~19 MB bodies the need was 2.9–3.3× the body for text messages and no
 * candidate, 4.1–4.3× for a few huge tool results, 7.5× for 100k text messages and one
 * candidate (the R6 observation is then built over every message, five times over by R7's
 * fitting stages), 10.1× for 54k short calls at the default options, and 17.8× for those
 * calls with max_state_tokens and max_request_tokens raised to 10M (every call is then
 * observed, asked, decided and rebuilt, R8–R15). A factor of the body alone either wastes
 * the heap or lets such a run abort the host, so the need is the sum of what drives it: the
 * bytes (parse, copy, answer); each tool block (observed calls, pairing); when a candidate
 * can exist, each message and text character (the observation); and each call that can be
 * asked. A candidate's observation line is at least ~8 tokens ("[call pN] name input=… ->
 * result state, N chars"), so at most min(max_state_tokens, max_request_tokens) / 8 calls
 * are asked (R7, R9). With the margin every measured shape fits, with 1.3–2× to spare.
 */
export const HOST_HEAP_PER_BODY_BYTE = 4.5;
export const HOST_HEAP_PER_TOOL_BLOCK = 700;
export const HOST_HEAP_PER_OBSERVED_MESSAGE = 800;
export const HOST_HEAP_PER_OBSERVED_TEXT_CHAR = 1;
export const HOST_HEAP_PER_ASKED_CALL = 4_000;
export const HOST_MIN_TOKENS_PER_CANDIDATE = 8;
export const HOST_HEAP_MARGIN = 1.25;
/** The idle web host's heap limit: the smallest one that serves a one-message request. */
export const HOST_IDLE_HEAP_BYTES = 68 * MB;
/**
 * A finished run's outcome kept for a late poll, per byte of its JSON: measured 3.0–3.7× on
 * the shapes above (the observation and the model exchanges are its bulk; the 54k-call run's
 * outcome is 62 MB of JSON and 210 MB of heap), so twenty kept outcomes can outweigh any run.
 */
export const HOST_HEAP_PER_OUTCOME_BYTE = 3.7;

/** What of a request drives a run's heap. */
export interface RunShape {
  bodyBytes: number;
  messages: number;
  /** tool_call and tool_result blocks. */
  toolBlocks: number;
  /** Messages and text characters the observation holds; 0 when no call is eligible (R5: nothing is observed). */
  observedMessages: number;
  observedTextChars: number;
  /** The calls a run could ask about at most (R7, R9 bound them by the token limits). */
  askable: number;
}

const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The shape of a parsed body; anything not a request counts as none of it (the gate refuses it later). */
export function runShapeOf(body: unknown, bodyBytes: number): RunShape {
  const request = objectOr(body);
  const messages = Array.isArray(request.messages) ? (request.messages as unknown[]) : [];
  const eligible = new Set(
    Array.isArray(request.eligible_tool_names) ? (request.eligible_tool_names as unknown[]) : [],
  );
  let toolBlocks = 0;
  let eligibleCalls = 0;
  let textChars = 0;
  for (const message of messages) {
    const content = objectOr(message).content;
    if (typeof content === 'string') textChars += content.length;
    if (!Array.isArray(content)) continue;
    for (const item of content as unknown[]) {
      const block = objectOr(item);
      if (block.type === 'text' && typeof block.text === 'string') textChars += block.text.length;
      else if (block.type === 'tool_call' || block.type === 'tool_result') {
        toolBlocks++;
        if (block.type === 'tool_call' && eligible.has(block.name)) eligibleCalls++;
      }
    }
  }
  const options = objectOr(request.options);
  const limit = (key: 'max_state_tokens' | 'max_request_tokens') => {
    const value = options[key];
    return typeof value === 'number' && value > 0 ? value : DEFAULT_OPTIONS[key];
  };
  const tokens = Math.min(limit('max_state_tokens'), limit('max_request_tokens'));
  const observes = eligibleCalls > 0;
  return {
    bodyBytes,
    messages: messages.length,
    toolBlocks,
    observedMessages: observes ? messages.length : 0,
    observedTextChars: observes ? textChars : 0,
    askable: Math.min(eligibleCalls, Math.ceil(tokens / HOST_MIN_TOKENS_PER_CANDIDATE)),
  };
}

/** Heap a run of this shape may need, over the idle host's, margin included. */
export function runHeapBytes(shape: RunShape): number {
  const need =
    shape.bodyBytes * HOST_HEAP_PER_BODY_BYTE +
    shape.toolBlocks * HOST_HEAP_PER_TOOL_BLOCK +
    shape.observedMessages * HOST_HEAP_PER_OBSERVED_MESSAGE +
    shape.observedTextChars * HOST_HEAP_PER_OBSERVED_TEXT_CHAR +
    shape.askable * HOST_HEAP_PER_ASKED_CALL;
  return Math.ceil(need * HOST_HEAP_MARGIN);
}

/** Heap a kept outcome of `jsonBytes` holds, margin included. */
export function outcomeHeapBytes(jsonBytes: number): number {
  return Math.ceil(jsonBytes * HOST_HEAP_PER_OUTCOME_BYTE * HOST_HEAP_MARGIN);
}

/** Heap held while a body is read and parsed, before its shape is known: its bytes' share alone. */
export function readHeapBytes(bodyBytes: number): number {
  return runHeapBytes({ bodyBytes, messages: 0, toolBlocks: 0, observedMessages: 0, observedTextChars: 0, askable: 0 });
}

/** What all of a process's runs may hold together: the heap limit less the idle host. */
export function hostHeapBudgetBytes(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(0, heapLimit - HOST_IDLE_HEAP_BYTES);
}

/** Who is refusing, for the message: the host serving a request, or the CLI's own process. */
export type HeapOwner = 'host' | 'process';

/** Why a run of this shape can never fit `budget` (413, CLI exit 2), or null when it can. */
export function overHostBudget(shape: RunShape, budget: number, owner: HeapOwner = 'host'): string | null {
  const need = runHeapBytes(shape);
  if (need <= budget) return null;
  const mb = (n: number) => Math.ceil(n / MB);
  const [whose, raise] = owner === 'host' ? ["this host's", 'start it'] : ["this process's", 'run it'];
  return `this request (${mb(shape.bodyBytes)} MB, ${shape.messages} messages, ${shape.toolBlocks} tool blocks, up to ${shape.askable} calls to ask) needs about ${mb(need)} MB of heap to compact, more than ${whose} ${mb(budget)} MB memory budget; ${raise} with NODE_OPTIONS=--max-old-space-size=${mb(need + HOST_IDLE_HEAP_BYTES)} to raise it, or lower max_state_tokens / max_request_tokens`;
}
