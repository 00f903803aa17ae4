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
import type { Ticket } from '../host/admission.js';
import { overHostBudget, readHeapBytes, runHeapBytes, runShapeOf } from '../host/heap-budget.js';
import { applyPolicy } from '../../core/policies/policyFile.js';
import { createDefaultRegistry } from '../../core/engine/backends.js';
import { createDecisionModel } from '../config.js';

export interface WebHostOptions {
  port?: number;
  token: string;
  setup: HostSetup;
  rendererDir?: string;
  /** Request bodies above this are refused (413); histories are large, so the default is generous. */
  maxBodyBytes?: number;
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

/** Bodies up to this size are read without a hold on the heap budget (see readAdmitted). */
const UNHELD_BODY_BYTES = 64 * 1024;

export function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const root = options.rendererDir ?? defaultRendererDir();
  // Together, not only per request: many large runs at once must not fill the heap either. One
  // budget for the process, shared with run.start and the kept outcomes (app/host/admission.ts).
  const { admission } = options.setup;
  const budget = admission.budgetBytes;
  // Never more than the heap can parse: past it V8 aborts the whole host, not just this request.
  const limit = options.maxBodyBytes ?? Math.min(512 * 1024 * 1024, Math.floor(budget / readHeapBytes(1)));
  // A body that could never fit the budget, even alone, is too large (413), not a reason to retry (503).
  const cap = Math.min(limit, Math.floor(budget / readHeapBytes(1)));
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
    const ticket = admission.ticket();
    try {
      const { body, bodyBytes } = await readAdmitted(req, ticket);
      if (url.pathname === '/compact_context') return await compactAdmitted(body, bodyBytes, ticket, res);
      // run.start takes the body's hold over for its run (app/host/runs.ts); any other call lets it go.
      const channel = url.pathname.slice('/api/'.length);
      sendJson(res, 200, {
        result: await dispatch(options.setup.handlers, channel, body, { admitted: { bodyBytes, ticket } }),
      });
    } finally {
      ticket.release();
    }
  }

  /**
   * Every body is held from its first byte until its answer is sent (or its run ends): while
   * reading, its bytes' share of the heap rule (app/host/heap-budget.ts).
   */
  async function readAdmitted(req: IncomingMessage, ticket: Ticket): Promise<{ body: unknown; bodyBytes: number }> {
    // A poll or a cancel is a few bytes: held, a host whose budget is full of runs would refuse
    // the very calls that watch and stop them, so bodies this small are not held.
    const hold = (size: number) => size > UNHELD_BODY_BYTES && ticket.hold(readHeapBytes(size));
    const declared = Number(req.headers['content-length']);
    // Refuse before reading when the declared size is already too much; chunked bodies are held as they arrive.
    if (Number.isSafeInteger(declared) && declared <= cap) hold(declared);
    let bodyBytes = 0;
    const body = await parseJsonBody(req, cap, (read) => hold((bodyBytes = read)));
    return { body, bodyBytes };
  }

  /** Once parsed, the run holds what its shape needs, and runs in turn. */
  async function compactAdmitted(body: unknown, bodyBytes: number, ticket: Ticket, res: ServerResponse): Promise<void> {
    // The run's own need: a history whose calls or raised token limits cost more than its
    // bytes is refused here, before the engine allocates it (V8 would abort the host).
    const shape = runShapeOf(body, bodyBytes);
    const tooLarge = overHostBudget(shape, budget);
    if (tooLarge !== null) throw new HostApiError('too_large', tooLarge);
    ticket.hold(runHeapBytes(shape));
    await admission.run(() => compactRoute(body, res));
  }

  /**
   * The source service's route: the §6 envelope, success or not, is a 200 (the CLI's exit 0
   * and 1); what the CLI refuses with exit 2 is a 400 (app/host/errors.ts).
   */
  async function compactRoute(body: unknown, res: ServerResponse): Promise<void> {
    const { config, policy } = options.setup;
    const model = createDecisionModel(config, createDefaultRegistry());
    // `serve --policy`: the approved policy lies under the request's own fields (docs/policy.md).
    const request = policy !== null && isPlainObject(body) ? applyPolicy(body, policy) : body;
    const response = await compactContext(request, { model, settings: config.request, copy: 'shared' });
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
            options.setup.workspaces.cancelAll();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
