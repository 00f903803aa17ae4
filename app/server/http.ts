/**
 * The local web host: node:http on 127.0.0.1 only. `POST /api/<channel>` serves the
 * contract, `POST /compact_context` the source service's route for scripts (SPEC request in,
 * §6 envelope out), everything else the built renderer.
 */
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { compactContext } from '../../core/engine/compact.js';
import { dispatch } from '../host/api.js';
import type { FailureKind } from '../host/errors.js';
import { classify, HostApiError, strictUtf8 } from '../host/errors.js';
import type { HostSetup } from '../host/setup.js';
import { rejectForeign, tokenMatches } from './security.js';
import { defaultRendererDir, serveStatic } from './static.js';
import { hostHeapBudgetBytes, overHostBudget, readHeapBytes, runHeapBytes, runShapeOf } from './heap-budget.js';
import { createAdmission } from './admission.js';
import { createDecisionModel } from '../config.js';

export interface WebHostOptions {
  port?: number;
  token: string;
  setup: HostSetup;
  rendererDir?: string;
  /** Request bodies above this are refused (413); histories are large, so the default is generous. */
  maxBodyBytes?: number;
  /** `POST /compact_context` compactions running at once; more wait in a queue (default 4). */
  maxConcurrentCompactions?: number;
  /** Heap bytes all `/compact_context` runs in flight may hold together (default: the memory budget, heap-budget.ts). */
  compactionBudgetBytes?: number;
}

export interface WebHost {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** `onSize` sees the bytes read so far and may throw to refuse the body (it is drained, not stored). */
function readBody(req: IncomingMessage, limit: number, onSize?: (size: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        // Keep draining without storing, so the client gets the 413 instead of a reset.
        over = true;
        chunks.length = 0;
        reject(
          new HostApiError(
            'too_large',
            `request body over ${limit} bytes, this host's memory budget; start it with NODE_OPTIONS=--max-old-space-size=<MB> to raise it`,
          ),
        );
        return;
      }
      try {
        onSize?.(size);
      } catch (error) {
        over = true;
        chunks.length = 0;
        reject(error);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(strictUtf8(Buffer.concat(chunks), 'body'));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** Any failure as its row of app/host/errors.ts: status, stable code, one line, Retry-After when busy. */
function sendFailure(res: ServerResponse, error: unknown): void {
  const failure = classify(error);
  const headers: Record<string, string> =
    failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
  sendJson(res, failure.status, { error: { code: failure.code, message: failure.message } }, headers);
}

function refuse(res: ServerResponse, kind: FailureKind, message: string): void {
  sendFailure(res, new HostApiError(kind, message));
}

async function parseJsonBody(req: IncomingMessage, limit: number, onSize?: (size: number) => void): Promise<unknown> {
  const text = await readBody(req, limit, onSize);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HostApiError('invalid_input', `body is not JSON: ${(error as Error).message}`);
  }
}

export function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const root = options.rendererDir ?? defaultRendererDir();
  // Together, not only per request: many large runs at once must not fill the heap either.
  const budget = options.compactionBudgetBytes ?? hostHeapBudgetBytes();
  // Never more than the heap can parse: past it V8 aborts the whole host, not just this request.
  const limit = options.maxBodyBytes ?? Math.min(512 * 1024 * 1024, Math.floor(budget / readHeapBytes(1)));
  const admission = createAdmission({ concurrency: options.maxConcurrentCompactions ?? 4, budgetBytes: budget });
  let port = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendFailure(res, error);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = rejectForeign(req, port);
    if (refused) return refuse(res, 'forbidden', refused);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const isApi = url.pathname.startsWith('/api/') || url.pathname === '/compact_context';
    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 'method_not_allowed', 'method not allowed');
      return serveStatic(root, url.pathname, res);
    }
    if (!tokenMatches(req, options.token))
      return refuse(res, 'unauthorized', 'missing or wrong token: use the URL printed by `serve`');
    if (req.method !== 'POST') return refuse(res, 'method_not_allowed', 'use POST');
    if (url.pathname === '/compact_context') return admitted(req, res);
    const body = await parseJsonBody(req, limit);
    sendJson(res, 200, { result: await dispatch(options.setup.handlers, url.pathname.slice('/api/'.length), body) });
  }

  /**
   * Holds the heap a run may need from the first byte read until the answer is sent: while
   * reading, its bytes' share; once parsed, what its shape needs (heap-budget.ts). Runs in turn.
   */
  async function admitted(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A body that could never fit the budget, even alone, is too large (413), not a reason to retry (503).
    const cap = Math.min(limit, Math.floor(budget / readHeapBytes(1)));
    const ticket = admission.ticket();
    try {
      const declared = Number(req.headers['content-length']);
      // Refuse before reading when the declared size is already too much; chunked bodies are held as they arrive.
      if (Number.isSafeInteger(declared) && declared <= cap) ticket.hold(readHeapBytes(declared));
      let size = 0;
      const body = await parseJsonBody(req, cap, (read) => ticket.hold(readHeapBytes((size = read))));
      // The run's own need: a history whose calls or raised token limits cost more than its
      // bytes is refused here, before the engine allocates it (V8 would abort the host).
      const shape = runShapeOf(body, size);
      const tooLarge = overHostBudget(shape, budget);
      if (tooLarge !== null) throw new HostApiError('too_large', tooLarge);
      ticket.hold(runHeapBytes(shape));
      await admission.run(() => compactRoute(body, res));
    } finally {
      ticket.release();
    }
  }

  /**
   * The source service's route: the §6 envelope, success or not, is a 200 (the CLI's exit 0
   * and 1); what the CLI refuses with exit 2 is a 400 (app/host/errors.ts).
   */
  async function compactRoute(body: unknown, res: ServerResponse): Promise<void> {
    const { config } = options.setup;
    const model = createDecisionModel(config);
    const response = await compactContext(body, { model, settings: config.request, copy: 'shared' });
    sendJson(res, 200, response);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `http://127.0.0.1:${port}/?token=${options.token}`,
        close: () =>
          new Promise<void>((done) => {
            options.setup.runs.cancelAll();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
