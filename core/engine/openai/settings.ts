/**
 * Settings of the `openai` backend, parsed from the host's BackendSettings (SPEC §7). Hosts
 * read the environment; this file only checks values, so a bad one fails with the name of
 * the variable a person has to fix.
 */
import type { BackendSettings } from '../registry.js';

export const PROBABILITY_MODES = ['logprobs', 'verbalized'] as const;
export type ProbabilityMode = (typeof PROBABILITY_MODES)[number];

/** Cheap, fast, and it returns logprobs; any model of an OpenAI-compatible server can be named instead. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Providers cap the properties of a strict JSON schema (OpenAI: 5000 today, many gateways far fewer). */
export const DEFAULT_MAX_KEYS_PER_REQUEST = 100;
/** The API allows 0–20; 5 is enough to see both "yes" and "no" at the value's first token. */
export const TOP_LOGPROBS = 5;

export interface OpenAISettings {
  apiKey: string;
  model: string;
  baseUrl: string;
  probability: ProbabilityMode;
  maxKeysPerRequest: number;
}

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

export function parseOpenAISettings(settings: BackendSettings): OpenAISettings {
  const apiKey = text(settings.apiKey);
  if (apiKey === null) throw new Error('the openai decision backend needs an API key: set DECISION_MODEL_API_KEY');

  const probability = text(settings.probability) ?? 'logprobs';
  if (!(PROBABILITY_MODES as readonly string[]).includes(probability)) {
    throw new Error(`DECISION_MODEL_PROBABILITY must be "logprobs" or "verbalized", not "${probability}"`);
  }

  const rawKeys = text(settings.maxKeysPerRequest);
  const maxKeys = rawKeys === null ? DEFAULT_MAX_KEYS_PER_REQUEST : Number(rawKeys);
  // Two keys per pair and a pair never splits (R8), so fewer than 2 could never send anything.
  if (!Number.isInteger(maxKeys) || maxKeys < 2) {
    throw new Error(`DECISION_MODEL_MAX_KEYS_PER_REQUEST must be an integer ≥ 2, not "${rawKeys}"`);
  }

  const baseUrl = text(settings.baseUrl) ?? DEFAULT_OPENAI_BASE_URL;
  if (!/^https?:\/\/[^\s/]+/i.test(baseUrl))
    throw new Error(`DECISION_MODEL_BASE_URL must be an http(s) URL, not "${baseUrl}"`);

  return {
    apiKey,
    model: text(settings.model) ?? DEFAULT_OPENAI_MODEL,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    probability: probability as ProbabilityMode,
    maxKeysPerRequest: maxKeys,
  };
}
