/**
 * A fake OpenAI-compatible server: a real HTTP server on 127.0.0.1 that the real `openai`
 * SDK talks to, with fault injection per request. It records what arrived (bodies and
 * headers), how many requests were in flight at once, and how many the client abandoned.
 *
 *   const server = await startFakeOpenAI({ schedule: [{ status: 500 }], pYes: () => 0.9 });
 *   createOpenAIModel({ apiKey: 'k', baseUrl: server.url }); … await server.close();
 *
 * Request n (0-based) gets `schedule[n]` if there is one, else `behaviour(request)`, else a
 * well-formed answer built by `answerTo` from `pYes`, `split` and `order`. `{ echo: … }`
 * replies quote the request's Authorization header back (a provider that leaks the key).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTokens } from 'gpt-tokenizer/model/gpt-4o';
import type { KeyOrder, TokenSplit, Usage } from './fakeOpenAIAnswers.js';
import { answerTo, completion, schemaKeys, yesNoTokens } from './fakeOpenAIAnswers.js';

export interface ReceivedRequest {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, exactly as received. */
  raw: string;
  /** The parsed JSON body, or null when it is not JSON. */
  body: unknown;
}

/** What to do with one request. Every field is optional; `{}` means "answer normally". */
export interface Reply {
  /** Wait this long before answering (the client may abort meanwhile). */
  delayMs?: number;
  /** HTTP status; with no `body`/`text`, an error body in OpenAI's shape is sent for status ≥ 400. */
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body to send instead of the normal answer. */
  body?: unknown;
  /** A raw text body (sent as text/plain unless headers say otherwise). */
  text?: string;
  /** Never answer; the request ends only when the client gives up. */
  hang?: boolean;
  /** Destroy the connection without an answer (a network error). */
  reset?: boolean;
  /** Send the body slowly: in `chunks` pieces, `intervalMs` apart (a slow drip). */
  drip?: { chunks: number; intervalMs: number };
  /** Quote the Authorization header back; see ECHO_PLACES. */
  echo?: EchoPlace;
}

/**
 * Where an echoing provider puts the Authorization header it received:
 * - `content`: in the answer text, 70 characters in, so an 80-character excerpt cuts it;
 * - `answer_key`: as a key of an otherwise valid JSON answer (an unexpected key);
 * - `refusal`: in a long refusal;
 * - `error_body`: in a 401 error's message, as OpenAI's own 401 quotes the key;
 * - `garbage`: in a 200 whose body is not JSON at all.
 */
export const ECHO_PLACES = ['content', 'answer_key', 'refusal', 'error_body', 'garbage'] as const;
export type EchoPlace = (typeof ECHO_PLACES)[number];

function echoReply(place: EchoPlace, request: ReceivedRequest): Reply {
  const auth = String(request.headers.authorization ?? '');
  const filler = 'The request I received was authorised with the following header: '.padEnd(70, '.');
  switch (place) {
    case 'content':
      return { body: completion(`${filler}${auth} and that is all I know.`) };
    case 'answer_key': {
      const { content, tokens } = yesNoTokens([auth, ...schemaKeys(request.body)], () => 0.9, 'word');
      return { body: completion(content, { logprobs: tokens }) };
    }
    case 'refusal': {
      const refusal = `${'I cannot help with that. '.repeat(12)}You sent ${auth}; ${'no. '.repeat(40)}`;
      const body = completion(null);
      return {
        body: { ...body, choices: [{ ...body.choices[0], message: { role: 'assistant', content: null, refusal } }] },
      };
    }
    case 'error_body':
      return {
        status: 401,
        body: {
          error: {
            message: `Incorrect API key provided: ${auth.replace(/^Bearer /, '')}.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      };
    case 'garbage':
      return { text: `<html>${filler}${auth}</html>`, headers: { 'content-type': 'application/json' } };
  }
}

export type Behaviour = (request: ReceivedRequest) => Reply | Promise<Reply>;

export interface FakeOpenAIOptions {
  schedule?: Reply[];
  behaviour?: Behaviour;
  /** Latency added to every request whose reply sets no `delayMs`. */
  latencyMs?: number;
  /** The model's probability of "yes" per question key (default: calls 0.8, results 0.2). */
  pYes?: (key: string, request: ReceivedRequest) => number;
  split?: TokenSplit;
  order?: KeyOrder;
  /** Usage reported for an answer (default: gpt-4o token counts of the messages and the schema). */
  usage?: (request: ReceivedRequest) => Usage;
}

export interface FakeOpenAI {
  /** Base URL to hand to the SDK, ending in /v1. */
  url: string;
  requests: ReceivedRequest[];
  /** Requests being handled now, the most ever at once, and the ones the client abandoned. */
  readonly inFlight: number;
  readonly inFlightMax: number;
  readonly aborted: number;
  close(): Promise<void>;
}

export const defaultPYes = (key: string) => (key.startsWith('call_') ? 0.8 : 0.2);

/** What a provider would bill: the messages plus the schema it injects. */
export function countPromptTokens(body: unknown): number {
  const b = body as { messages?: Array<{ content?: unknown }>; response_format?: unknown };
  const text = (b.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
  return countTokens(text) + (b.response_format ? countTokens(JSON.stringify(b.response_format)) : 0);
}

function defaultUsage(request: ReceivedRequest): Usage {
  const prompt = countPromptTokens(request.body);
  const completion =
    8 *
    Object.keys(
      (request.body as { response_format?: { json_schema?: { schema?: { properties?: object } } } })?.response_format
        ?.json_schema?.schema?.properties ?? {},
    ).length;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: ReceivedRequest[] = [];
  let inFlight = 0;
  let inFlightMax = 0;
  let aborted = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const request: ReceivedRequest = {
        index: requests.length,
        method: req.method ?? '',
        path: req.url ?? '',
        headers: { ...req.headers },
        raw,
        body,
      };
      requests.push(request);
      inFlight++;
      inFlightMax = Math.max(inFlightMax, inFlight);
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        inFlight--;
      };
      res.on('close', () => {
        if (!res.writableFinished) aborted++;
        finish();
      });
      void respond(request, res).catch(() => res.destroy());
    });
  });

  async function respond(request: ReceivedRequest, res: import('node:http').ServerResponse): Promise<void> {
    if (request.method !== 'POST' || !request.path.endsWith('/chat/completions')) {
      return send(res, 404, {
        error: { message: `no route ${request.method} ${request.path}`, type: 'invalid_request_error' },
      });
    }
    const planned: Reply =
      options.schedule?.[request.index] ?? (options.behaviour ? await options.behaviour(request) : {});
    const reply = planned.echo ? { ...echoReply(planned.echo, request), ...planned } : planned;
    const delay = reply.delayMs ?? options.latencyMs ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.destroyed) return;
    if (reply.reset) return void res.socket?.destroy();
    if (reply.hang) return;
    const headers = reply.headers ?? {};
    if (reply.text !== undefined) {
      res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...headers });
      return void res.end(reply.text);
    }
    const status = reply.status ?? 200;
    if (reply.body !== undefined) return send(res, status, reply.body, headers, reply.drip);
    if (status >= 400)
      return send(
        res,
        status,
        { error: { message: `fake error ${status}`, type: 'server_error', code: null } },
        headers,
      );
    const pYes = options.pYes ?? defaultPYes;
    const usage = (options.usage ?? defaultUsage)(request);
    await send(
      res,
      status,
      answerTo(request.body, (key) => pYes(key, request), { split: options.split, order: options.order, usage }),
      headers,
      reply.drip,
    );
  }

  async function send(
    res: import('node:http').ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
    drip?: Reply['drip'],
  ): Promise<void> {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    const text = JSON.stringify(body);
    if (!drip) return void res.end(text);
    const size = Math.ceil(text.length / drip.chunks);
    for (let at = 0; at < text.length && !res.destroyed; at += size) {
      res.write(text.slice(at, at + size));
      await new Promise((resolve) => setTimeout(resolve, drip.intervalMs));
    }
    if (!res.destroyed) res.end();
  }

  let closing: Promise<void> | null = null;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get inFlightMax() {
      return inFlightMax;
    },
    get aborted() {
      return aborted;
    },
    // Idempotent, so a test's afterEach can close whatever the test left open.
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closing;
    },
  };
}
