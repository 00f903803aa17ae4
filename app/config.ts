/**
 * Host configuration (SPEC §7): which decision-model backend, its settings, and the
 * per-request settings of the model component. Shared by the command line and the web
 * host, so it never prints: warnings come back as strings and bad values as ConfigError.
 */
import { resolve } from 'node:path';
import type { BackendRegistry, BackendSettings } from '../core/engine/registry.js';
import type { DecisionModel, RequestSettings } from '../core/engine/model.js';
// Narrow modules rather than the engine's index, and no backend: start-up time on every CLI call.
import { DEFAULT_REQUEST_SETTINGS } from '../core/engine/model.js';
import { DEFAULT_BACKEND } from '../core/engine/registry.js';
import { keyScrubber } from '../core/engine/openai/scrub.js';
import type { EnvSource } from './env.js';
import { ConfigError, envSource, PREFIX, readDotenv } from './env.js';
import { readInputText, UnreadableFile } from './inputFiles.js';

export { ConfigError } from './env.js';

export const PROBABILITY_MODES = ['logprobs', 'verbalized'] as const;
export type ProbabilityMode = (typeof PROBABILITY_MODES)[number];

export interface HostSettings extends BackendSettings {
  apiKey: string | null;
  model: string | null;
  baseUrl: string | null;
  /** The parsed DECISION_MODEL_SCRIPT document (scripted backend only). */
  script?: unknown;
  scriptPath: string | null;
  probability: ProbabilityMode;
  maxKeysPerRequest: number;
}

export interface Config {
  backend: string;
  settings: HostSettings;
  request: RequestSettings;
  /** One line each (deprecated names); the host decides where they go. */
  warnings: string[];
}

export interface ConfigSource {
  env?: Record<string, string | undefined>;
  /** Where `.env` and a relative DECISION_MODEL_SCRIPT are looked up. */
  cwd?: string;
  /** The backend and model name to use where neither the environment nor `.env` names one (a policy file's). */
  defaults?: { backend?: string; model?: string };
}

type NumberRule = { integer?: boolean; min: number; exclusiveMin?: boolean };

/**
 * How a setting's value is quoted in an error: as it is, unless it holds the API key (a key
 * pasted into the wrong variable must not be printed back).
 */
type Show = (value: string) => string;

function showWithout(apiKey: string | null | undefined): Show {
  return keyScrubber(apiKey?.trim() || null).text;
}

function numberSetting(source: EnvSource, suffix: string, fallback: number, rule: NumberRule, show: Show): number {
  const raw = source.get(suffix);
  if (raw === undefined) return fallback;
  const value = Number(raw.trim());
  const bound = rule.exclusiveMin ? `> ${rule.min}` : `>= ${rule.min}`;
  const wanted = `${rule.integer ? 'an integer' : 'a number'} ${bound}`;
  const ok =
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.exclusiveMin ? value > rule.min : value >= rule.min);
  if (!ok) throw new ConfigError(`${PREFIX}${suffix}: expected ${wanted}, got "${show(raw)}"`);
  return value;
}

function readScript(path: string, cwd: string): unknown {
  const full = resolve(cwd, path);
  let text: string;
  try {
    // The one bounded reader (inputFiles.ts); a process substitution is a pipe, as for @file values.
    text = readInputText(full, { streams: true }).text;
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    throw new ConfigError(`${PREFIX}SCRIPT: ${error.message.replace(full, path)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${PREFIX}SCRIPT: ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** Reads and checks every setting; throws ConfigError naming the variable at fault. */
export function loadConfig(from: ConfigSource = {}): Config {
  const cwd = from.cwd ?? process.cwd();
  const source = envSource(from.env ?? process.env, readDotenv(cwd));
  const apiKey = source.get('API_KEY') ?? null;
  const show = showWithout(apiKey);
  const backend = (source.get('BACKEND') ?? from.defaults?.backend ?? DEFAULT_BACKEND).trim();
  const probability = (source.get('PROBABILITY') ?? 'logprobs').trim();
  if (!(PROBABILITY_MODES as readonly string[]).includes(probability)) {
    throw new ConfigError(
      `${PREFIX}PROBABILITY: expected ${PROBABILITY_MODES.join(' or ')}, got "${show(probability)}"`,
    );
  }
  const scriptPath = source.get('SCRIPT') ?? null;
  const settings: HostSettings = {
    apiKey,
    model: source.get('NAME')?.trim() ?? from.defaults?.model ?? null,
    baseUrl: source.get('BASE_URL')?.trim() ?? null,
    scriptPath,
    probability: probability as ProbabilityMode,
    // A pair's two questions share a request (R8), so fewer than two keys cannot work.
    maxKeysPerRequest: numberSetting(source, 'MAX_KEYS_PER_REQUEST', 100, { integer: true, min: 2 }, show),
  };
  const request: RequestSettings = {
    timeoutMs:
      numberSetting(
        source,
        'TIMEOUT_SECONDS',
        DEFAULT_REQUEST_SETTINGS.timeoutMs / 1000,
        { min: 0, exclusiveMin: true },
        show,
      ) * 1000,
    maxRetries: numberSetting(
      source,
      'MAX_RETRIES',
      DEFAULT_REQUEST_SETTINGS.maxRetries,
      { integer: true, min: 0 },
      show,
    ),
    retryDelayMs:
      numberSetting(source, 'RETRY_DELAY_SECONDS', DEFAULT_REQUEST_SETTINGS.retryDelayMs / 1000, { min: 0 }, show) *
      1000,
  };
  if (backend === 'scripted') {
    if (scriptPath === null)
      throw new ConfigError(`${PREFIX}SCRIPT: required by the scripted backend (a JSON file of probabilities)`);
    settings.script = readScript(scriptPath, cwd);
  }
  return { backend, settings, request, warnings: source.warnings };
}

/**
 * Creates the configured model from `registry` (backends.ts `createDefaultRegistry`, or
 * loadBackend.ts `registryFor` when only one backend runs); a factory's complaint (unknown
 * backend, missing key, bad script) is a ConfigError.
 */
export function createDecisionModel(config: Config, registry: BackendRegistry): DecisionModel {
  const show = showWithout(config.settings.apiKey);
  if (!registry.names().includes(config.backend)) {
    throw new ConfigError(
      `${PREFIX}BACKEND: unknown backend "${show(config.backend)}" (known: ${registry.names().join(', ')})`,
    );
  }
  try {
    return registry.create(config.backend, config.settings);
  } catch (error) {
    // A factory quotes the values it refuses (a base URL, a mode), and one of them may hold the key.
    const message = show((error as Error).message ?? String(error)).split('\n')[0];
    const at =
      config.backend === 'scripted'
        ? `${PREFIX}SCRIPT (${config.settings.scriptPath})`
        : `${PREFIX}BACKEND=${config.backend}`;
    throw new ConfigError(`${at}: ${message}`);
  }
}
