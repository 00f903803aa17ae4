/** The main-thread side of the snapshot worker, behind the SnapshotParser interface. */
import type { Message } from '../../core/engine/schema.js';
import type {
  ConversationChoice,
  MeasureRequest,
  ParsedSnapshot,
  RunMeasures,
  TokenCounts,
  TokenRequest,
} from './snapshot.js';
import { countTokens, measureRun, parseBytes } from './snapshot.js';
import type { WireTokenRequest } from './actions.js';
import { actionEncoder } from './actions.js';
import type { OpenProgress } from './openProgress.js';

export type { OpenProgress } from './openProgress.js';

export interface SnapshotParser {
  /**
   * Opens `conversation` of the file, or the only one; a file with several answers with the list.
   * Aborting `signal` stops the read and parse at once and rejects with an AbortError; the
   * messages opened before stay the ones `tokens`, `measure` and `json` work on.
   */
  open(
    source: { file?: Blob; text?: string; conversation?: string },
    onProgress: (p: OpenProgress) => void,
    signal?: AbortSignal,
  ): Promise<ParsedSnapshot | ConversationChoice>;
  tokens(request: TokenRequest): Promise<TokenCounts>;
  /** A new run's sizes and curve over the messages opened last (snapshot.ts `measureRun`). */
  measure(request: MeasureRequest): Promise<RunMeasures>;
  /**
   * The JSON of `value` when it is the messages `open` answered last, written where they were
   * parsed (the worker), once per snapshot; null for anything else.
   */
  json(value: object): Promise<Blob> | null;
}

const aborted = () => new DOMException('the open was cancelled', 'AbortError');

/** Runs in the calling thread: for tests and hosts without workers. */
export function createDirectParser(): SnapshotParser {
  let messages: Message[] = [];
  return {
    async open(source, onProgress, signal) {
      const total = source.file?.size ?? source.text?.length ?? 0;
      onProgress({ phase: 'parsing', bytesRead: total, bytesTotal: total, records: null, format: null });
      const bytes = source.file
        ? new Uint8Array(await source.file.arrayBuffer())
        : new TextEncoder().encode(source.text ?? '');
      if (signal?.aborted) throw aborted();
      const parsed = await parseBytes(bytes, source.conversation);
      if (signal?.aborted) throw aborted();
      if (parsed.kind === 'snapshot') messages = parsed.messages;
      return parsed;
    },
    tokens: (request) => countTokens(messages, request),
    measure: async (request) => measureRun(messages, request),
    json: (value) => (value === messages ? Promise.resolve(new Blob([JSON.stringify(messages)])) : null),
  };
}

interface Waiter {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (p: OpenProgress) => void;
  /** The slices of an opened snapshot received so far, by field. */
  slices?: { messages: Message[]; records: unknown[] };
}

/** Puts an opened snapshot's slices back where the worker took them from (snapshot.worker.ts `postSliced`). */
function unslice(rest: ParsedSnapshot, slices: NonNullable<Waiter['slices']>): ParsedSnapshot {
  const { doc, read } = rest.source;
  rest.messages = slices.messages;
  read.messages = slices.messages;
  if (doc.kind === 'jsonl') {
    doc.records = slices.records;
  }
  return rest;
}

/** One snapshot worker and the requests waiting on it; closing it ends the worker and rejects them. */
function spawnWorker() {
  const worker = new Worker(new URL('./snapshot.worker.ts', import.meta.url), { type: 'module' });
  let next = 1;
  const pending = new Map<number, Waiter>();
  // The decoder it talks to lives in this worker: a new worker starts from no ids sent.
  const encode = actionEncoder();
  worker.onmessage = (
    event: MessageEvent<{
      id: number;
      kind: string;
      result?: unknown;
      message?: string;
      progress?: OpenProgress;
      field?: 'messages' | 'records';
      items?: unknown[];
      sliced?: boolean;
    }>,
  ) => {
    const m = event.data;
    const waiter = pending.get(m.id);
    if (!waiter) return;
    if (m.kind === 'progress') {
      if (m.progress) waiter.onProgress?.(m.progress);
    } else if (m.kind === 'slice' && m.field && m.items) {
      waiter.slices ??= { messages: [], records: [] };
      const into: unknown[] = waiter.slices[m.field];
      for (const item of m.items) into.push(item);
    } else {
      pending.delete(m.id);
      if (m.kind !== 'done') waiter.reject(new Error(m.message));
      else if (m.sliced)
        waiter.resolve(unslice(m.result as ParsedSnapshot, waiter.slices ?? { messages: [], records: [] }));
      else waiter.resolve(m.result);
    }
  };
  return {
    encode,
    ask: <T>(message: object, onProgress?: (p: OpenProgress) => void) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
        worker.postMessage({ ...message, id });
      }),
    close(reason: Error) {
      worker.terminate();
      for (const waiter of pending.values()) waiter.reject(reason);
      pending.clear();
    },
  };
}

/**
 * Each open reads and parses in a worker of its own: Cancel ends that worker at once, even in
 * the middle of a synchronous parse, and the worker of the file open before keeps its messages
 * until the new file has opened.
 */
export function createWorkerParser(): SnapshotParser {
  let current: ReturnType<typeof spawnWorker> | null = null;
  const worker = () => (current ??= spawnWorker());
  /** The messages the last open answered with, and their JSON once asked for. */
  let opened: { messages: Message[]; json: Promise<Blob> | null } | null = null;
  return {
    open: async (source, onProgress, signal) => {
      if (signal?.aborted) throw aborted();
      const opener = spawnWorker();
      const cancel = () => opener.close(aborted());
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const parsed = await opener.ask<ParsedSnapshot | ConversationChoice>({ kind: 'open', ...source }, onProgress);
        if (parsed.kind !== 'snapshot') {
          opener.close(aborted());
          return parsed;
        }
        current?.close(new Error('another file was opened'));
        current = opener;
        opened = { messages: parsed.messages, json: null };
        return parsed;
      } catch (error) {
        opener.close(aborted());
        throw error;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    },
    tokens: ({ actions, variant, ...rest }) => {
      const { encode, ask } = worker();
      const request: WireTokenRequest = {
        ...rest,
        actions: encode(actions),
        ...(variant ? { variant: encode(variant) } : {}),
      };
      return ask({ kind: 'tokens', request });
    },
    measure: (request) => worker().ask({ kind: 'measure', request }),
    json: (value) => {
      if (opened?.messages !== value) return null;
      opened.json ??= worker().ask<Blob>({ kind: 'json' });
      return opened.json;
    },
  };
}
