/// <reference lib="webworker" />
/**
 * The snapshot worker: parses a file off the main thread and keeps its own copy of the messages
 * for token counts, so neither freezes the UI. Each open runs in a worker of its own (client.ts):
 * Cancel ends it, and the worker of the file open before keeps its messages.
 */
import type { Message } from '../../core/engine/schema.js';
import type { WireTokenRequest } from './actions.js';
import { actionDecoder } from './actions.js';
import type { ConversationChoice, MeasureRequest, ParsedSnapshot, TokenRequest } from './snapshot.js';
import { countTokens, measureRun, parseBytes, readWithProgress } from './snapshot.js';
import type { OpenProgress } from './openProgress.js';
import { ReadTally, SLICE_ITEMS, throttled } from './openProgress.js';

export type WorkerRequest =
  | { id: number; kind: 'open'; file?: Blob; text?: string; conversation?: string }
  | { id: number; kind: 'tokens'; request: WireTokenRequest }
  | { id: number; kind: 'measure'; request: MeasureRequest }
  | { id: number; kind: 'json' };

const decode = actionDecoder();

let messages: Message[] = [];

const post = (message: unknown) => (self as unknown as Worker).postMessage(message);

/**
 * Reads and parses a file, reporting bytes, records and the format as they become known (SPEC
 * §9). The page cancels an open by ending this worker, so nothing here waits for a cancel.
 */
async function open(req: Extract<WorkerRequest, { kind: 'open' }>) {
  const report = throttled((progress: OpenProgress) => post({ id: req.id, kind: 'progress', progress }));
  const tally = new ReadTally();
  const total = req.file?.size ?? new TextEncoder().encode(req.text ?? '').length;
  const at = (phase: OpenProgress['phase']): OpenProgress => ({
    phase,
    bytesRead: total,
    bytesTotal: total,
    records: tally.records,
    format: tally.format,
  });
  report(at('reading'), true);
  const bytes = req.file
    ? await readWithProgress(req.file, (chunk, bytesRead) => {
        tally.add(chunk);
        report({ ...at('reading'), bytesRead });
      })
    : new TextEncoder().encode(req.text ?? '');
  tally.finish();
  report(at('parsing'), true);
  let parsed: Partial<Pick<OpenProgress, 'format' | 'records'>> = {};
  return parseBytes(bytes, req.conversation, {
    detected: (format, records) => {
      parsed = { format, records };
      report({ ...at('reading the conversation'), ...parsed }, true);
    },
    read: () => report({ ...at('summarizing'), ...parsed }, true),
  });
}

/**
 * Posts an opened JSON Lines snapshot in slices: its messages and the document's records,
 * SLICE_ITEMS a message, then the rest. The page's thread takes each message in a task of its
 * own, so a 100 MB session's clone never holds it in one piece (client.ts puts the slices back).
 * One JSON document goes whole: its messages can be its own objects, which separate clones would
 * hold twice (measured: the 22 MB generated history's page heap 96 → 138 MB when sliced).
 */
function postSliced(id: number, parsed: ParsedSnapshot | ConversationChoice): void {
  if (parsed.kind === 'choose' || parsed.source.doc.kind !== 'jsonl') return post({ id, kind: 'done', result: parsed });
  const { doc, read } = parsed.source;
  for (const [field, items] of [
    ['messages', parsed.messages],
    ['records', doc.records],
  ] as const)
    for (let i = 0; i < items.length; i += SLICE_ITEMS)
      post({ id, kind: 'slice', field, items: items.slice(i, i + SLICE_ITEMS) });
  const rest: ParsedSnapshot = {
    ...parsed,
    messages: [],
    source: { ...parsed.source, doc: { ...doc, records: [] }, read: { ...read, messages: [] } },
  };
  post({ id, kind: 'done', result: rest, sliced: true });
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  try {
    if (req.kind === 'open') {
      const parsed = await open(req);
      if (parsed.kind === 'snapshot') messages = parsed.messages;
      postSliced(req.id, parsed);
    } else if (req.kind === 'json') {
      // The history as run.start sends it: written here, so the page's thread never holds it.
      post({ id: req.id, kind: 'done', result: new Blob([JSON.stringify(messages)], { type: 'application/json' }) });
    } else if (req.kind === 'measure') {
      post({ id: req.id, kind: 'done', result: measureRun(messages, req.request) });
    } else {
      const { actions, variant, ...rest } = req.request;
      const request: TokenRequest = {
        ...rest,
        actions: decode(actions),
        ...(variant ? { variant: decode(variant) } : {}),
      };
      post({ id: req.id, kind: 'done', result: await countTokens(messages, request) });
    }
  } catch (error) {
    post({ id: req.id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
