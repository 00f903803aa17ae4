/**
 * Installs core's zstd compressor (ZIP method 93, core/formats/zip/members.ts) for hosts that
 * write Inspect `.eval` logs: Node 20's zlib has no zstd, and core loads no WebAssembly. The
 * wasm ships inside @bokuweb/zstd-wasm and is read from disk: no network. Level 3 is zstd's
 * default, which Inspect's writer uses (`compresslevel: None`).
 */
import { compress, init } from '@bokuweb/zstd-wasm';
import { installCompressor, ZSTD } from '../core/formats/index.js';

let ready: Promise<void> | null = null;

export function installZstd(): Promise<void> {
  ready ??= init().then(() => installCompressor(ZSTD, (data) => compress(data, 3)));
  return ready;
}
