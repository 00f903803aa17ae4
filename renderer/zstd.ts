/**
 * The browser's zstd compressor for Inspect `.eval` exports (ZIP method 93, SPEC §9: an edited
 * sample member keeps its compression). Core loads no WebAssembly; the Node hosts install theirs
 * (app/zstd.ts), and the page installs this one: the same @bokuweb/zstd-wasm, whose web build
 * fetches its wasm from our own origin (CSP `script-src 'wasm-unsafe-eval'` lets it compile,
 * nothing else). Level 3 is zstd's default, which Inspect's writer uses.
 */
import { installCompressor, ZSTD } from '../core/formats/index.js';

let ready: Promise<void> | null = null;

/** Starts loading the compressor once; an export of a zstd `.eval` before it is ready fails with core's reason. */
export function installZstd(): Promise<void> {
  ready ??= import('@bokuweb/zstd-wasm')
    .then(async ({ compress, init }) => {
      await init();
      installCompressor(ZSTD, (data) => compress(data, 3));
    })
    .catch((error: unknown) => {
      ready = null;
      console.error('zstd compressor unavailable', error);
    });
  return ready;
}
