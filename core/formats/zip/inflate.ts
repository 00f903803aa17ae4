/**
 * Inflating ZIP members under a bound (SPEC §9 "Sources": a hostile file is refused, never
 * allowed to exhaust the host). A `.eval` log is small on disk and may inflate a thousandfold —
 * a 1.2 MB archive of zeros is 1.2 GB of member — so the bound is on the inflated bytes: first
 * what the central directory declares for every member to be read, then, since a directory can
 * lie, the bytes actually produced, counted while inflating and stopped at the member's declared
 * size. Streams are pushed in small slices, so at most one 4 KiB slice's output (about 1,000 times
 * it for deflate, one block for zstd) is made past the bound before it stops.
 */
import { Inflate } from 'fflate';
import { Decompress } from 'fzstd';
import { FormatError } from '../types.js';
import type { ZipEntry } from './shapes.js';

export const STORED = 0;
export const DEFLATE = 8;
export const ZSTD = 93;

/**
 * The bound where a host knows no heap rule of its own (the renderer's worker): V8 holds no
 * string much past 512 MiB, and a page's heap is a few GiB, of which a parsed history takes
 * several times its text. Hosts with a heap rule pass theirs (app/budget.ts).
 */
export const DEFAULT_MAX_INFLATED_BYTES = 256 * 1024 * 1024;

const SLICE = 4 * 1024;

export const mbOf = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function methodName(method: number): string {
  return method === ZSTD ? 'zstd' : method === DEFLATE ? 'deflate' : method === STORED ? 'stored' : `method ${method}`;
}

/** Refuses `entries` whose declared sizes together pass `limit`, before anything is inflated. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], limit: number): void {
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limit)
    throw new FormatError(
      `the .eval archive's members inflate to ${mbOf(declared)} (as its central directory declares), more than the ${mbOf(limit)} this reader may inflate`,
      'too_large',
    );
}

class PastDeclared extends Error {}

/**
 * `raw` inflated with `entry`'s method, refused the moment it passes the member's declared size:
 * a member that inflates past what its directory declares is damaged or hostile either way.
 */
export function inflateBounded(entry: ZipEntry, raw: Uint8Array): Uint8Array {
  if (entry.method === STORED) return raw;
  const out = new Uint8Array(entry.size);
  let length = 0;
  const take = (chunk: Uint8Array) => {
    if (length + chunk.length > out.length) throw new PastDeclared();
    out.set(chunk, length);
    length += chunk.length;
  };
  let push: (slice: Uint8Array, final: boolean) => void;
  if (entry.method === DEFLATE) {
    const stream = new Inflate(take);
    push = (slice, final) => stream.push(slice, final);
  } else if (entry.method === ZSTD) {
    checkZstdWindows(entry, raw);
    const stream = new Decompress(take);
    push = (slice, final) => stream.push(slice, final);
  } else throw new Error(`its compression (${methodName(entry.method)}) is not supported`);
  try {
    for (let at = 0; at < raw.length || at === 0; at += SLICE)
      push(raw.subarray(at, at + SLICE), at + SLICE >= raw.length);
  } catch (error) {
    if (!(error instanceof PastDeclared)) throw error;
    throw new FormatError(
      `ZIP member "${entry.name}" inflates past the ${entry.size} bytes its central directory declares (stopped there): the archive is damaged or hostile`,
      'too_large',
    );
  }
  return length === out.length ? out : out.subarray(0, length);
}

/**
 * How much window moving a member's zstd frames may cost, as a multiple of its declared size (at
 * least 1 MiB): fzstd's streaming decoder allocates the window a frame header asks for (up to
 * 2 GiB) and shifts the whole window after every block, so the work is blocks × window whatever
 * the output. An encoder writes 128 KiB blocks with a window of at most about twice the content
 * (zstd level 3, Inspect's: 2 MiB), about 16 × the content; a header asking for a 2 GiB window, or
 * a stream of one-byte blocks, is far past 64 ×.
 */
const ZSTD_WORK_PER_BYTE = 64;

/**
 * Each zstd frame's window and block count, read from its headers (RFC 8878 §3.1.1) before
 * decoding — blocks are walked by their 3-byte headers (§3.1.1.2), which needs no decoding — and
 * refused when the decoder's work would be out of proportion to the member's declared size.
 */
function checkZstdWindows(entry: ZipEntry, raw: Uint8Array): void {
  const broken = (why: string) => new Error(`its zstd data is damaged (${why})`);
  const u32 = (p: number) => (raw[p] | (raw[p + 1] << 8) | (raw[p + 2] << 16) | (raw[p + 3] << 24)) >>> 0;
  const budget = ZSTD_WORK_PER_BYTE * Math.max(entry.size, 1024 * 1024);
  let work = 0;
  let at = 0;
  while (at < raw.length) {
    if (at + 8 > raw.length) throw broken('a truncated frame');
    const magic = u32(at);
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) {
      at += 8 + u32(at + 4); // a skippable frame: its size follows the magic
      continue;
    }
    if (magic !== 0xfd2fb528) throw broken('not a zstd frame');
    const descriptor = raw[at + 4];
    const single = (descriptor & 0x20) !== 0;
    let p = at + 5;
    let window = 0;
    if (!single) {
      const base = 2 ** (10 + (raw[p] >> 3));
      window = base + (base / 8) * (raw[p] & 7);
      p++;
    }
    p += [0, 1, 2, 4][descriptor & 3];
    const fcsBytes = [single ? 1 : 0, 2, 4, 8][descriptor >> 6];
    let content = 0;
    for (let i = fcsBytes - 1; i >= 0; i--) content = content * 256 + raw[p + i];
    if (fcsBytes === 2) content += 256;
    p += fcsBytes;
    if (single) window = content;
    let blocks = 0;
    for (let last = false; !last; blocks++) {
      if (p + 3 > raw.length) throw broken('a truncated block');
      const header = raw[p] | (raw[p + 1] << 8) | (raw[p + 2] << 16);
      last = (header & 1) === 1;
      p += 3 + (((header >> 1) & 3) === 1 ? 1 : header >> 3);
    }
    work += blocks * window;
    if (content > entry.size || work > budget)
      throw new FormatError(
        `ZIP member "${entry.name}" is zstd asking for a ${mbOf(window)} window over ${blocks} blocks${fcsBytes > 0 ? ` and ${mbOf(content)} of content` : ''}, out of proportion to the ${entry.size} bytes its central directory declares: the archive is damaged or hostile`,
        'too_large',
      );
    at = p + ((descriptor & 4) !== 0 ? 4 : 0);
  }
}
