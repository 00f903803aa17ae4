/**
 * Where settings come from (SPEC §7): the process environment, then `./.env`, the
 * environment winning; each `DECISION_MODEL_*` name falls back to its legacy
 * `CLASSIFIER_*` twin with a deprecation warning. Nothing here prints: hosts decide
 * where warnings go.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const PREFIX = 'DECISION_MODEL_';
export const LEGACY_PREFIX = 'CLASSIFIER_';

export interface EnvSource {
  /** The value for `DECISION_MODEL_<suffix>` (or its legacy twin); blank counts as unset. */
  get(suffix: string): string | undefined;
  /** Deprecation warnings for the legacy names actually used, one line each. */
  readonly warnings: string[];
}

export class ConfigError extends Error {
  readonly code = 'invalid_config';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads `<cwd>/.env` if it exists; a missing file is normal, an unreadable one is an error. */
export function readDotenv(cwd: string): Record<string, string> {
  const path = join(cwd, '.env');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`.env: cannot read ${path}: ${(error as Error).message}`);
  }
  // dotenv is CommonJS: required only for a .env that exists, so that a call without one never
  // starts Node's CommonJS loader (start-up of every CLI call, test/bench/cli.bench.ts).
  const { parse } = createRequire(import.meta.url)('dotenv') as typeof import('dotenv');
  return parse(text);
}

export function envSource(env: Record<string, string | undefined>, dotenv: Record<string, string>): EnvSource {
  const warnings: string[] = [];
  const lookup = (name: string): string | undefined => {
    const value = Object.hasOwn(env, name) ? env[name] : Object.hasOwn(dotenv, name) ? dotenv[name] : undefined;
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  return {
    warnings,
    get(suffix) {
      const current = lookup(PREFIX + suffix);
      if (current !== undefined) return current;
      const legacy = lookup(LEGACY_PREFIX + suffix);
      if (legacy !== undefined)
        warnings.push(`warning: ${LEGACY_PREFIX}${suffix} is deprecated; use ${PREFIX}${suffix}`);
      return legacy;
    },
  };
}
