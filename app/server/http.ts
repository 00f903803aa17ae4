/**
 * The local web host: node:http on 127.0.0.1 only. `POST /api/<channel>` serves the
 * contract, `POST /compact_context` the source service's route for scripts (SPEC request in,
 * §6 envelope out), everything else the built renderer.
 */
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { compactContext } from '../../core/engine/compact.js';
import type { HostApiError } from './api.js';
import { dispatch, toHostError } from './api.js';
import type { HostSetup } from './setup.js';
import { rejectForeign, tokenMatches } from './security.js';
import { defaultRendererDir, serveStatic } from './static.js';
import { HOST_HEAP_BYTES_PER_BODY_BYTE, memoryBudgetBytes } from '../budget.js';
import { BusyError, createAdmission } from './admission.js';
import { ConfigError, createDecisionModel } from '../config.js';
import { RequestError } from '../../core/engine/compact.js';

export interface WebHostOptions {
  port?: number;
  token: string;
  setup: HostSetup;
  rendererDir?: string;
  /** Request bodies above this are refused (413); histories are large, so the default is generous. */
  maxBodyBytes?: number;
  /** `POST /compact_context` compactions running at once; more wait in a queue (default 4). */
  maxConcurrentCompactions?: number;
  /** Body bytes all `/compact_context` requests in flight may hold together (default: the memory budget). */
  compactionBudgetBytes?: number;
}

export interface WebHost {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

const STATUS: Record<string, number> = {
  invalid_input: 400,
  unauthorized: 401,
  not_found: 404,
  unsupported: 501,
  busy: 409,
  internal: 500,
};

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
          Object.assign(
            new Error(
              `request body over ${limit} bytes, this host's memory budget; start it with NODE_OPTIONS=--max-old-space-size=<MB> to raise it`,
            ),
            { status: 413 },
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
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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

async function parseJsonBody(req: IncomingMessage, limit: number, onSize?: (size: number) => void): Promise<unknown> {
  const text = await readBody(req, limit, onSize);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw Object.assign(new Error(`body is not JSON: ${(error as Error).message}`), { code: 'invalid_input' });
  }
}

export function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const root = options.rendererDir ?? defaultRendererDir();
  // Never more than the heap can parse: past it V8 aborts the whole host, not just this request.
  const limit = options.maxBodyBytes ?? Math.min(512 * 1024 * 1024, memoryBudgetBytes(HOST_HEAP_BYTES_PER_BODY_BYTE));
  // Together, not only per request: many large bodies at once must not fill the heap either.
  const budget = options.compactionBudgetBytes ?? memoryBudgetBytes(HOST_HEAP_BYTES_PER_BODY_BYTE);
  const admission = createAdmission({ concurrency: options.maxConcurrentCompactions ?? 4, budgetBytes: budget });
  let port = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof BusyError)
        return sendJson(
          res,
          503,
          { error: { code: 'busy', message: error.message } },
          { 'retry-after': String(error.retryAfterSeconds) },
        );
      const status =
        (error as { status?: number }).status ?? ((error as { code?: string }).code === 'invalid_input' ? 400 : 500);
      sendJson(res, status, {
        error: {
          code: status === 400 ? 'invalid_input' : status === 413 ? 'invalid_input' : 'internal',
          message: toHostError(error).message,
        },
      });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = rejectForeign(req, port);
    if (refused) return sendJson(res, 403, { error: { code: 'unauthorized', message: refused } });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const isApi = url.pathname.startsWith('/api/') || url.pathname === '/compact_context';
    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, { error: { code: 'not_found', message: 'method not allowed' } });
      return serveStatic(root, url.pathname, res);
    }
    if (!tokenMatches(req, options.token))
      return sendJson(res, 401, {
        error: { code: 'unauthorized', message: 'missing or wrong token: use the URL printed by `serve`' },
      });
    if (req.method !== 'POST') return sendJson(res, 405, { error: { code: 'not_found', message: 'use POST' } });
    if (url.pathname === '/compact_context') return admitted(req, res);
    const body = await parseJsonBody(req, limit);
    try {
      sendJson(res, 200, { result: await dispatch(options.setup.handlers, url.pathname.slice('/api/'.length), body) });
    } catch (error) {
      const hostError = toHostError(error as HostApiError);
      sendJson(res, STATUS[hostError.code] ?? 500, { error: hostError });
    }
  }

  /** Holds the body's bytes from the first one read until the answer is sent; runs in turn. */
  async function admitted(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A body that could never fit the budget, even alone, is too large (413), not a reason to retry (503).
    const cap = Math.min(limit, budget);
    const ticket = admission.ticket();
    try {
      const declared = Number(req.headers['content-length']);
      // Refuse before reading when the declared size is already too much; chunked bodies are held as they arrive.
      if (Number.isSafeInteger(declared) && declared <= cap) ticket.hold(declared);
      const body = await parseJsonBody(req, cap, (size) => ticket.hold(size));
      await admission.run(() => compactRoute(body, res));
    } finally {
      ticket.release();
    }
  }

  /** The source service's route: same envelope, exit-code semantics mapped to HTTP status. */
  async function compactRoute(body: unknown, res: ServerResponse): Promise<void> {
    const { config } = options.setup;
    try {
      const model = createDecisionModel(config);
      const response = await compactContext(body, { model, settings: config.request, copy: 'shared' });
      sendJson(res, 200, response);
    } catch (error) {
      if (error instanceof RequestError || error instanceof ConfigError)
        return sendJson(res, 400, { error: { code: 'invalid_input', message: error.message } });
      throw error;
    }
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
