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
import { readAnswer } from './answer.js';
import { toDecisionModelError } from './errors.js';
import type { OpenAISettings } from './settings.js';
import { parseOpenAISettings } from './settings.js';
import { PROMPT_VERSION } from './prompt.js';
import { instructionTokens, requestBody } from './wire.js';

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

export function createOpenAIModel(input: BackendSettings): DecisionModel {
  const settings: OpenAISettings = parseOpenAISettings(input);
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
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          body as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
          { signal: signal as never },
        );
      } catch (error) {
        // An HTTP error's body goes to the audit view too; the SDK keeps it as `error`.
        const response = error instanceof sdk.APIError ? (error.error ?? null) : null;
        throw withContext(toDecisionModelError(error, sdk, settings.apiKey, settings.baseUrl), {
          request: body,
          response,
        });
      }
      const usage = usageOf(completion);
      const exchange = { request: body, response: completion };
      try {
        return { probabilities: readAnswer(completion, settings.probability), usage, exchange };
      } catch (error) {
        throw withContext(toDecisionModelError(error, sdk, settings.apiKey), exchange, usage);
      }
    },
  };
}

function createClient(sdk: Sdk, settings: OpenAISettings): OpenAI {
  return new sdk.OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Explicit, so OPENAI_* variables of the host environment never change what we send.
    organization: null,
    project: null,
    maxRetries: 0,
    // The engine's per-request timeout aborts first; this only bounds a request nobody aborts.
    timeout: 600_000,
  });
}
