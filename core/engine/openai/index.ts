/** The public face of the `openai` backend, re-exported by the engine's index. */
export { createOpenAIModel } from './model.js';
export type { OpenAISettings, ProbabilityMode } from './settings.js';
export {
  DEFAULT_MAX_KEYS_PER_REQUEST,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
  parseOpenAISettings,
  PROBABILITY_MODES,
  TOP_LOGPROBS,
} from './settings.js';
export { PROMPT_VERSION, systemPrompt, userPrompt } from './prompt.js';
export type { ChatRequestBody } from './wire.js';
export { instructionTokens, requestBody, responseFormat, SCHEMA_NAME } from './wire.js';
export type { TokenLogprob, TopLogprob } from './logprobs.js';
export { answerWord, yesProbability } from './logprobs.js';
export { memberSpans } from './jsonSpans.js';
export { readAnswer } from './answer.js';
export { parseRetryAfter } from './errors.js';
export type { KeyScrubber } from './scrub.js';
export { IDENTIFYING_CHARS, keyForms, keyScrubber, REDACTED } from './scrub.js';
