/**
 * The `openai` decision backend (SPEC §7): any OpenAI-compatible chat-completions
 * endpoint through the official SDK. One request per batch; the engine (runner.ts) owns
 * retries, timeouts, concurrency and validation, so the SDK's own retries are off and
 * every request carries the engine's abort signal.
 */
import type OpenAI from 'openai';
import type { DecisionBatch, DecisionModel, DecisionResult } from '../model.js';
import { DecisionModelError } from '../model.js';
import type { BackendSettings } from '../registry.js';
import type { Usage } from '../schema.js';
import { excerpt, readAnswer } from './answer.js';
import { toDecisionModelError } from './errors.js';
import type { KeyScrubber } from './scrub.js';
import { keyScrubber } from './scrub.js';
import type { OpenAISettings } from './settings.js';
import { parseOpenAISettings } from './settings.js';
import { PROMPT_VERSION } from './prompt.js';
import type { ChatRequestBody } from './wire.js';
import { instructionTokens, requestBody } from './wire.js';
import { MAX_TIMER_MS } from '../timer.js';

function usageOf(completion: { usage?: Partial<Usage> | null } | null | undefined): Usage {
  const u = completion?.usage;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    prompt_tokens: n(u?.prompt_tokens),
    completion_tokens: n(u?.completion_tokens),
    total_tokens: n(u?.total_tokens),
  };
}

function withContext(
  error: DecisionModelError,
  exchange: DecisionResult['exchange'],
  usage?: Usage,
): DecisionModelError {
  return new DecisionModelError(error.message, {
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    status: error.status,
    code: error.code,
    usage,
    exchange,
  });
}

type Sdk = typeof import('openai');

/**
 * The completion in a body as received; a body that is not JSON is an unreadable answer,
 * worth a retry. Parsed here rather than by the SDK, whose SyntaxError would quote the raw
 * body unscrubbed.
 */
function parseCompletion(text: string, scrub: KeyScrubber): OpenAI.Chat.Completions.ChatCompletion {
  try {
    return JSON.parse(text) as OpenAI.Chat.Completions.ChatCompletion;
  } catch {
    throw new DecisionModelError(`the response body is not JSON: ${excerpt(text, scrub)}`, {
      retryable: true,
      code: 'invalid_answer',
    });
  }
}

export function createOpenAIModel(input: BackendSettings): DecisionModel {
  const settings: OpenAISettings = parseOpenAISettings(input);
  // Built from the key exactly as the SDK sends it (settings trims it).
  const scrub = keyScrubber(settings.apiKey);
  // The SDK loads on the first request: every command line start (offline included) would
  // otherwise pay for parsing it.
  let loaded: Promise<{ sdk: Sdk; client: OpenAI }> | null = null;
  const load = () => (loaded ??= import('openai').then((sdk) => ({ sdk, client: createClient(sdk, settings) })));

  return {
    backend: 'openai',
    model: settings.model,
    promptVersion: PROMPT_VERSION,
    instructionTokens: instructionTokens(settings.probability, settings.maxKeysPerRequest),
    maxKeysPerRequest: settings.maxKeysPerRequest,
    deterministic: false,
    async decide(batch: DecisionBatch, signal: AbortSignal): Promise<DecisionResult> {
      const { sdk, client } = await load();
      const body = requestBody(batch, settings.model, settings.probability);
      const received = await receive(sdk, client, body, signal);
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = parseCompletion(received, scrub);
      } catch (error) {
        throw withContext(error as DecisionModelError, { request: body, response: scrub.text(received) });
      }
      const usage = usageOf(completion);
      const exchange = { request: body, response: scrub.value(completion) };
      try {
        return { probabilities: readAnswer(completion, settings.probability, scrub), usage, exchange };
      } catch (error) {
        throw withContext(toDecisionModelError(error, sdk, scrub), exchange, usage);
      }
    },
  };

  /** The body of the answer as text: everything the provider sends enters here. */
  async function receive(sdk: Sdk, client: OpenAI, body: ChatRequestBody, signal: AbortSignal): Promise<string> {
    let response: { text(): Promise<string> };
    try {
      response = await client.chat.completions
        .create(body as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, { signal: signal as never })
        .asResponse();
    } catch (error) {
      // An HTTP error's body goes to the audit view too; the SDK keeps it as `error`.
      const response = error instanceof sdk.APIError ? scrub.value(error.error ?? null) : null;
      throw withContext(toDecisionModelError(error, sdk, scrub, settings.baseUrl), { request: body, response });
    }
    try {
      return await response.text();
    } catch (error) {
      // The status line came and the body did not: a network failure like any other (R10).
      const reason = scrub.text(error instanceof Error ? error.message : String(error));
      throw withContext(
        new DecisionModelError(`the connection broke while the answer was read: ${reason}`, { retryable: true }),
        { request: body, response: null },
      );
    }
  }
}

function createClient(sdk: Sdk, settings: OpenAISettings): OpenAI {
  return new sdk.OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Explicit, so OPENAI_* variables of the host environment never change what we send.
    organization: null,
    project: null,
    maxRetries: 0,
    // Not OPENAI_LOG either: the SDK's debug log prints response bodies, which may echo the key.
    logLevel: 'off',
    // The engine's per-request timeout (R10) aborts every request; a shorter SDK timeout would
    // cut a large DECISION_MODEL_TIMEOUT_SECONDS short.
    timeout: MAX_TIMER_MS,
  });
}
