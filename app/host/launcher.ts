/**
 * How this installation starts its own command line, for the restore server's configuration
 * (SPEC §9 "Restore server", core/restore/config.ts): node and dist/app/cli/main.js, or, inside
 * Electron, Electron's binary run as plain Node on the same file.
 */
import { fileURLToPath } from 'node:url';
import type { Launcher } from '../../core/restore/config.js';

export function cliLauncher(host: 'web' | 'electron'): Launcher {
  const main = fileURLToPath(new URL('../cli/main.js', import.meta.url));
  return host === 'electron'
    ? { command: process.execPath, args: [main], env: { ELECTRON_RUN_AS_NODE: '1' } }
    : { command: process.execPath, args: [main] };
}
