/**
 * The web host's memory rule for `POST /compact_context` (the one place it lives): what a
 * run can allocate, from what its parsed request shows, against the heap limit.
 */
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_OPTIONS } from '../../core/engine/schema.js';

const MB = 1024 * 1024;

/**
 * Measured with test/bench/host-heap.ts (the
 * smallest heap limit under which the real host answers and lives, minus the idle host's 68
 * MB; the table is in DEVELOPMENT.md, "Host memory"). On ~19 MB bodies the need over idle was
 * 3.3× the body for 100k text messages, 4.1–4.3× for a few huge tool results, 10.1× for 54k
 * short calls at the default options (R7 builds all five fitting stages over every call), and
 * 17.8× for those calls with max_state_tokens and max_request_tokens raised to 10M (every call
 * is then observed, asked, decided and rebuilt): a factor of the body alone either wastes the
 * heap or lets that run abort the host. So the need is bytes × 4.5, plus 1.1 kB per tool
 * block (the fitting stages), plus 3 kB per call that can be asked; a candidate's observation
 * line is at least ~8 tokens (R6: "[call pN] name input=… -> result state, N chars"), so
 * no more than min(max_state_tokens, max_request_tokens) / 8 calls can be asked (R7, R9).
 * With a margin of 1.25, every measured shape fits: see the table for each estimate.
 */
export const HOST_HEAP_PER_BODY_BYTE = 4.5;
export const HOST_HEAP_PER_TOOL_BLOCK = 1_100;
export const HOST_HEAP_PER_ASKED_CALL = 4_000;
export const HOST_MIN_TOKENS_PER_CANDIDATE = 8;
export const HOST_HEAP_MARGIN = 1.25;
/** The idle web host's heap limit: the smallest one that serves a one-message request. */
export const HOST_IDLE_HEAP_BYTES = 68 * MB;

/** What of a request drives a run's heap. */
export interface RunShape {
  bodyBytes: number;
  messages: number;
  /** tool_call and tool_result blocks. */
  toolBlocks: number;
  /** The calls a run could ask about at most (R7, R9 bound them by the token limits). */
  askable: number;
}

/** The shape of a parsed body; anything not a request counts as none of it (the gate refuses it later). */
export function runShapeOf(body: unknown, bodyBytes: number): RunShape {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const messages = Array.isArray(request.messages) ? (request.messages as unknown[]) : [];
  let toolBlocks = 0;
  let calls = 0;
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as Array<{ type?: unknown } | null>) {
      if (block?.type === 'tool_call') calls++;
      if (block?.type === 'tool_call' || block?.type === 'tool_result') toolBlocks++;
    }
  }
  const options = (typeof request.options === 'object' && request.options !== null ? request.options : {}) as Record<
    string,
    unknown
  >;
  const limit = (key: 'max_state_tokens' | 'max_request_tokens') =>
    typeof options[key] === 'number' && options[key] > 0 ? options[key] : DEFAULT_OPTIONS[key];
  const tokens = Math.min(limit('max_state_tokens'), limit('max_request_tokens'));
  return {
    bodyBytes,
    messages: messages.length,
    toolBlocks,
    askable: Math.min(calls, Math.ceil(tokens / HOST_MIN_TOKENS_PER_CANDIDATE)),
  };
}

/** Heap a run of this shape may need, over the idle host's, margin included. */
export function runHeapBytes(shape: RunShape): number {
  const need =
    shape.bodyBytes * HOST_HEAP_PER_BODY_BYTE +
    shape.toolBlocks * HOST_HEAP_PER_TOOL_BLOCK +
    shape.askable * HOST_HEAP_PER_ASKED_CALL;
  return Math.ceil(need * HOST_HEAP_MARGIN);
}

/** Heap held while a body is read and parsed, before its shape is known: its bytes' share alone. */
export function readHeapBytes(bodyBytes: number): number {
  return runHeapBytes({ bodyBytes, messages: 0, toolBlocks: 0, askable: 0 });
}

/** What all of the web host's runs may hold together: the heap limit less the idle host. */
export function hostHeapBudgetBytes(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(0, heapLimit - HOST_IDLE_HEAP_BYTES);
}

/** Why a run of this shape can never fit the web host's budget (413), or null when it can. */
export function overHostBudget(shape: RunShape, budget: number): string | null {
  const need = runHeapBytes(shape);
  if (need <= budget) return null;
  const mb = (n: number) => Math.ceil(n / MB);
  return `this request (${mb(shape.bodyBytes)} MB, ${shape.messages} messages, ${shape.toolBlocks} tool blocks, up to ${shape.askable} calls to ask) needs about ${mb(need)} MB of heap to compact, more than this host's ${mb(budget)} MB memory budget; start it with NODE_OPTIONS=--max-old-space-size=${mb(need + HOST_IDLE_HEAP_BYTES)} to raise it, or lower max_state_tokens / max_request_tokens`;
}
