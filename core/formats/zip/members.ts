/**
 * A ZIP member's data, by compression method: stored (0), deflate (8, fflate) and zstd (93,
 * fzstd to read; to write, a compressor the host installs, since core loads no WebAssembly
 * from disk and Node 20's zlib has no zstd). Writing keeps the member's own method (SPEC §9
 * byte-preserving export: an edited member changes its data, never how it is stored).
 */
import { deflateSync } from 'fflate';
import type { ZipArchive, ZipEntry, ZipReplacement } from './archive.js';
import { rawData } from './archive.js';
import { FormatError } from '../types.js';
import { DEFLATE, inflateBounded, methodName, STORED } from './inflate.js';

export { DEFLATE, STORED, ZSTD } from './inflate.js';

export type Compressor = (data: Uint8Array) => Uint8Array;

const compressors = new Map<number, Compressor>();

/** Installs the compressor of a method core cannot write itself (zstd: app/zstd.ts). */
export function installCompressor(method: number, compress: Compressor): void {
  compressors.set(method, compress);
}

export function hasCompressor(method: number): boolean {
  return method === STORED || method === DEFLATE || compressors.has(method);
}

/**
 * The member's content, inflated no further than its declared size (inflate.ts; the caller
 * bounds the declared sizes); a damaged member or a wrong CRC is a FormatError naming it.
 */
export function memberBytes(archive: ZipArchive, entry: ZipEntry): Uint8Array {
  const raw = rawData(archive, entry);
  let out: Uint8Array;
  try {
    out = inflateBounded(entry, raw);
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`ZIP member "${entry.name}" cannot be read: ${(error as Error).message}`, 'not_json');
  }
  if (out.length !== entry.size || crc32(out) !== entry.crc)
    throw new FormatError(`ZIP member "${entry.name}" is damaged (its size or CRC does not match)`, 'not_json');
  return out;
}

/** `content` compressed with `entry`'s own method. */
export function replacementFor(entry: ZipEntry, content: Uint8Array): ZipReplacement {
  let data: Uint8Array;
  if (entry.method === STORED) data = content;
  else if (entry.method === DEFLATE) data = deflateSync(content, { level: 6 });
  else {
    const compress = compressors.get(entry.method);
    if (!compress)
      throw new FormatError(
        `cannot write ZIP member "${entry.name}": no ${methodName(entry.method)} compressor is installed in this host`,
        'invalid_shape',
      );
    data = compress(content);
  }
  return { data, crc: crc32(content), size: content.length };
}

let table: Uint32Array | null = null;

/** CRC-32 (ISO 3309, the polynomial ZIP uses), which fflate computes but does not export. */
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
