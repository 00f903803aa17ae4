/// <reference lib="webworker" />
/**
 * The snapshot worker: parses files (up to 100 MB) off the main thread and keeps its own copy
 * of the messages for token counts, so neither freezes the UI.
 */
import type { Message } from '../../core/engine/schema.js';
import type { WireTokenRequest } from './actions.js';
import { actionDecoder } from './actions.js';
import type { MeasureRequest, TokenRequest } from './snapshot.js';
import { countTokens, measureRun, parseBytes, readWithProgress } from './snapshot.js';

export type WorkerRequest =
  | { id: number; kind: 'open'; file?: Blob; text?: string; conversation?: string }
  | { id: number; kind: 'tokens'; request: WireTokenRequest }
  | { id: number; kind: 'measure'; request: MeasureRequest }
  | { id: number; kind: 'json' };

const decode = actionDecoder();

let messages: Message[] = [];

const post = (message: unknown) => (self as unknown as Worker).postMessage(message);

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  try {
    if (req.kind === 'open') {
      const bytes = req.file
        ? await readWithProgress(req.file, (fraction) =>
            post({ id: req.id, kind: 'progress', phase: 'reading', fraction }),
          )
        : new TextEncoder().encode(req.text ?? '');
      post({ id: req.id, kind: 'progress', phase: 'parsing', fraction: 1 });
      const parsed = await parseBytes(bytes, req.conversation);
      if (parsed.kind === 'snapshot') messages = parsed.messages;
      post({ id: req.id, kind: 'done', result: parsed });
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
