/**
 * The inspector's signing key (§9 signed approvals) comes from the host's configuration, never
 * from the renderer: `COMPACTION_INSPECTOR_SIGN_KEY=PATH` in the environment or `./.env` (the
 * environment winning, as for the decision model's settings). The web host and Electron main
 * read it once at start; an unusable key stops the host with the sentence that says why, so an
 * export is never silently unsigned when a key was asked for.
 */
import { resolve } from 'node:path';
import { ConfigError, readDotenv } from '../env.js';
import { loadSigningKey } from './auditSignature.js';
import type { SigningKey } from './sshKey.js';
import { SigningKeyError } from './sshKey.js';

export const SIGN_KEY_VARIABLE = 'COMPACTION_INSPECTOR_SIGN_KEY';

export function hostSigningKey(env: Record<string, string | undefined>, cwd: string): SigningKey | null {
  const path = env[SIGN_KEY_VARIABLE]?.trim() || readDotenv(cwd)[SIGN_KEY_VARIABLE]?.trim();
  if (!path) return null;
  try {
    return loadSigningKey(resolve(cwd, path));
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(`${SIGN_KEY_VARIABLE}: ${error.message}`);
    throw error;
  }
}
