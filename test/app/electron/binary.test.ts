/** The Electron binary lookup, which must not load (and so download) the electron package. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../../app/electron/binary.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'inspector-binary-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Electron binary', () => {
  it('finds no Electron binary here without loading (and so downloading) the package', () => {
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'nothing') })).toBeNull();
  });
});
