/**
 * Where the Electron binary is, without loading the `electron` package: its index.js starts
 * a download when the binary is missing, which hangs or fails offline (TOOLCHAIN.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function findElectronBinary(env: Record<string, string | undefined> = process.env): string | null {
  let root: string;
  try {
    root = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(root, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = dist ? join(dist, relative ?? 'electron') : relative ? join(root, 'dist', relative) : null;
  return candidate && existsSync(candidate) ? candidate : null;
}
