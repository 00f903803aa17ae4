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

export interface OpenProgress {
  phase: 'reading' | 'parsing';
  fraction: number;
}

export interface SnapshotParser {
  /** Opens `conversation` of the file, or the only one; a file with several answers with the list. */
  open(
    source: { file?: Blob; text?: string; conversation?: string },
    onProgress: (p: OpenProgress) => void,
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

/** Runs in the calling thread: for tests and hosts without workers. */
export function createDirectParser(): SnapshotParser {
  let messages: Message[] = [];
  return {
    async open(source, onProgress) {
      onProgress({ phase: 'parsing', fraction: 1 });
      const bytes = source.file
        ? new Uint8Array(await source.file.arrayBuffer())
        : new TextEncoder().encode(source.text ?? '');
      const parsed = await parseBytes(bytes, source.conversation);
      if (parsed.kind === 'snapshot') messages = parsed.messages;
      return parsed;
    },
    tokens: (request) => countTokens(messages, request),
    measure: async (request) => measureRun(messages, request),
    json: (value) => (value === messages ? Promise.resolve(new Blob([JSON.stringify(messages)])) : null),
  };
}

export function createWorkerParser(): SnapshotParser {
  const worker = new Worker(new URL('./snapshot.worker.ts', import.meta.url), { type: 'module' });
  let next = 1;
  const encode = actionEncoder();
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; onProgress?: (p: OpenProgress) => void }
  >();
  worker.onmessage = (
    event: MessageEvent<{
      id: number;
      kind: string;
      result?: unknown;
      message?: string;
      phase?: OpenProgress['phase'];
      fraction?: number;
    }>,
  ) => {
    const m = event.data;
    const waiter = pending.get(m.id);
    if (!waiter) return;
    if (m.kind === 'progress') waiter.onProgress?.({ phase: m.phase ?? 'reading', fraction: m.fraction ?? 0 });
    else {
      pending.delete(m.id);
      if (m.kind === 'done') waiter.resolve(m.result);
      else waiter.reject(new Error(m.message));
    }
  };
  const ask = <T>(message: object, onProgress?: (p: OpenProgress) => void) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
      worker.postMessage({ ...message, id });
    });
  /** The messages the last open answered with, and their JSON once asked for. */
  let opened: { messages: Message[]; json: Promise<Blob> | null } | null = null;
  return {
    open: async (source, onProgress) => {
      const parsed = await ask<ParsedSnapshot | ConversationChoice>({ kind: 'open', ...source }, onProgress);
      if (parsed.kind === 'snapshot') opened = { messages: parsed.messages, json: null };
      return parsed;
    },
    tokens: ({ actions, variant, ...rest }) => {
      const request: WireTokenRequest = {
        ...rest,
        actions: encode(actions),
        ...(variant ? { variant: encode(variant) } : {}),
      };
      return ask({ kind: 'tokens', request });
    },
    measure: (request) => ask({ kind: 'measure', request }),
    json: (value) => {
      if (opened?.messages !== value) return null;
      opened.json ??= ask<Blob>({ kind: 'json' });
      return opened.json;
    },
  };
}
