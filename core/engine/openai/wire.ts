/**
 * The wire format (other tools rely on it, keep it stable): one chat
 * completion per batch with a strict JSON schema whose properties are exactly the batch's
 * question keys.
 */
import type { DecisionBatch } from '../model.js';
import { estimateTokens } from '../tokens.js';
import { systemPrompt, USER_FRAMING, userPrompt } from './prompt.js';
import type { ProbabilityMode } from './settings.js';
import { TOP_LOGPROBS } from './settings.js';

export const SCHEMA_NAME = 'compaction_decisions';

const VALUE_SCHEMA: Record<ProbabilityMode, Record<string, unknown>> = {
  logprobs: { type: 'string', enum: ['yes', 'no'] },
  verbalized: { type: 'number', minimum: 0, maximum: 1 },
};

export function responseFormat(keys: readonly string[], mode: ProbabilityMode) {
  const properties: Record<string, unknown> = {};
  for (const key of keys) properties[key] = VALUE_SCHEMA[mode];
  return {
    type: 'json_schema' as const,
    json_schema: {
      name: SCHEMA_NAME,
      strict: true,
      schema: { type: 'object', properties, required: [...keys], additionalProperties: false },
    },
  };
}

/** No temperature: reasoning models reject it, and logprobs do not depend on it. */
export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: 'system' | 'user'; content: string }>;
  response_format: ReturnType<typeof responseFormat>;
  logprobs?: boolean;
  top_logprobs?: number;
}

export function requestBody(batch: DecisionBatch, model: string, mode: ProbabilityMode): ChatRequestBody {
  const keys = batch.questions.map((q) => q.key);
  const body: ChatRequestBody = {
    model,
    messages: [
      { role: 'system', content: systemPrompt(mode) },
      { role: 'user', content: userPrompt(batch) },
    ],
    response_format: responseFormat(keys, mode),
  };
  if (mode === 'logprobs') {
    body.logprobs = true;
    body.top_logprobs = TOP_LOGPROBS;
  }
  return body;
}

/**
 * Tokens every request spends besides observation and questions, for batching (R9): the
 * system prompt, the user framing and the response schema at its largest (maxKeys keys
 * with long pair ids). An upper bound on purpose: the estimator must not let a request
 * outgrow max_request_tokens.
 */
export function instructionTokens(mode: ProbabilityMode, maxKeys: number): number {
  const keys = Array.from({ length: maxKeys }, (_, i) => `${i % 2 ? 'result' : 'call'}_p${99_999 - i}`);
  return (
    estimateTokens(systemPrompt(mode)) +
    estimateTokens(USER_FRAMING) +
    estimateTokens(JSON.stringify(responseFormat(keys, mode)))
  );
}
