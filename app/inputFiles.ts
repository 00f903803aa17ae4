/**
 * The one reader of every file the command line takes as input — `@file` values (SPEC §8), the
 * `eval` folders, `verify`'s record, snapshot and archive, `compare`'s two files,
 * `DECISION_MODEL_SCRIPT` — and of what the restore server reads (SPEC §9). Each read is bounded
 * the same way, so no input can hang the process or grow it without limit:
 * - regular files only, unless the caller asks for streams (an `@<(cmd)` value is a pipe): a
 *   FIFO named `x.json` in a folder would block the read forever, a symlink to `/dev/zero` never
 *   ends; both are refused by type, before a byte is read;
 * - at most the heap rule's share for bytes (app/budget.ts), checked against the size before
 *   reading a file and counted while reading a stream;
 * - a stream with no writer gives up after FIFO_WRITER_WAIT_MS (opened non-blocking);
 * - strict UTF-8 for text: invalid bytes are refused, never replaced with U+FFFD, so a file
 *   reads the same in every command (`compact_context` has always refused them); a history
 *   that is a ZIP archive (an Inspect `.eval` log) is handed to core as bytes.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Stats } from 'node:fs';
// The signature test only: the formats index would load every adapter.
import { isZip } from '../core/formats/zip/archive.js';
import { memoryBudgetBytes, overMemoryBudget } from './budget.js';

/** Why a file could not be read; `message` is one line starting with the path. */
export type UnreadableReason = 'cannot_open' | 'not_a_file' | 'no_writer' | 'too_large' | 'not_utf8' | 'read_error';

export class UnreadableFile extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableFile';
  }

  /** The reason without the path, for a line that names the file already (`skipping FILE: …`). */
  get detail(): string {
    const own = this.message.startsWith(`${this.path} `) ? this.message.slice(this.path.length + 1) : this.message;
    return own.startsWith('is ') ? own.slice(3) : own;
  }
}

export interface ReadLimits {
  /** Read FIFOs, pipes and character devices too, up to the budget (`@<(cmd)`). Default: refuse them. */
  streams?: boolean;
  /** The most bytes to read; default the heap rule's share for this process (app/budget.ts). */
  maxBytes?: number;
  /** How long a stream may go without a writer (default FIFO_WRITER_WAIT_MS). */
  writerWaitMs?: number;
}

/** How long a FIFO may go without a writer before the read gives up (a writer normally waits for us). */
export const FIFO_WRITER_WAIT_MS = 5_000;
const CHUNK_BYTES = 1024 * 1024;
const POLL_MS = 10;

/** What a non-regular file is, for a refusal (read here, or replaced by a write: app/host/commitFiles.ts). */
export function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The bytes of `path`, bounded as the header says; every refusal is an UnreadableFile. */
export function readInputBytes(path: string, limits: ReadLimits = {}): Buffer {
  return withInputFile(path, limits, (fd, stats, limit) => readAll(fd, path, stats, limit, limits));
}

/**
 * A regular file's bytes handed to `onChunk` as they are read, bounded and refused as
 * `readInputBytes` says, without the file held whole; the chunk's buffer is reused once
 * `onChunk` returns. The size read.
 */
export function readInputChunks(path: string, onChunk: (chunk: Buffer) => void, limits: ReadLimits = {}): number {
  return withInputFile(path, { ...limits, streams: false }, (fd, _stats, limit) => {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let total = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        throw new UnreadableFile('read_error', path, `cannot read ${path}: ${codeOf(error)}`);
      }
      if (n === 0) return total;
      total += n;
      if (total > limit) throw tooLarge(path, total, limits, true);
      onChunk(buffer.subarray(0, n));
    }
  });
}

/** `read` on `path` opened after the checks by type and size, which hold for every reader here. */
function withInputFile<T>(path: string, limits: ReadLimits, read: (fd: number, stats: Stats, limit: number) => T): T {
  const limit = limits.maxBytes ?? memoryBudgetBytes();
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer, before
    // fstat could tell what it is.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UnreadableFile('cannot_open', path, `cannot read ${path}: ${codeOf(error)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() && !(limits.streams === true && (stats.isFIFO() || stats.isCharacterDevice())))
      throw new UnreadableFile('not_a_file', path, `${path} is ${kindOf(stats)}, not a regular file`);
    if (stats.isFile()) {
      // Fail before reading a file too big for the heap: V8 would abort without a message.
      if (stats.size > limit) throw tooLarge(path, stats.size, limits, false);
    }
    return read(fd, stats, limit);
  } finally {
    closeSync(fd);
  }
}

function readAll(fd: number, path: string, stats: Stats, limit: number, limits: ReadLimits): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  // A FIFO reads 0 bytes both before any writer opens it and at the end, so only a read of
  // data or EAGAIN (a writer with nothing written yet) shows that a writer came.
  let writerSeen = !stats.isFIFO();
  const wait = limits.writerWaitMs ?? FIFO_WRITER_WAIT_MS;
  const giveUpAt = Date.now() + wait;
  // A regular file is read into one buffer of its size (and a byte more, to see it grow): in
  // 1 MB chunks joined at the end, a 20 MB history was allocated and copied twice.
  let next = stats.isFile() ? stats.size + 1 : CHUNK_BYTES;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(next, limit + 1 - total));
    next = CHUNK_BYTES;
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN')
        throw new UnreadableFile('read_error', path, `cannot read ${path}: ${codeOf(error)}`);
      writerSeen = true;
      pause(POLL_MS);
      continue;
    }
    if (n === 0) {
      if (writerSeen) break;
      if (Date.now() >= giveUpAt)
        throw new UnreadableFile(
          'no_writer',
          path,
          `${path} is a FIFO nobody wrote to within ${wait / 1000} s; start its writer first`,
        );
      pause(POLL_MS);
      continue;
    }
    writerSeen = true;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    if (total > limit) throw tooLarge(path, total, limits, true);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

function tooLarge(path: string, bytes: number, limits: ReadLimits, atLeast: boolean): UnreadableFile {
  const message =
    limits.maxBytes !== undefined
      ? `${path} ${atLeast ? 'holds more than' : `is ${mb(bytes)} MB, more than`} the ${mb(limits.maxBytes)} MB this process has left for its inputs`
      : (overMemoryBudget(path, bytes, undefined, atLeast) ?? `${path} is too large`);
  return new UnreadableFile('too_large', path, message);
}

/**
 * `bytes` as text, refused unless valid UTF-8; a leading byte-order mark is an encoding detail
 * and dropped. One strict decoding pass: checking first and then decoding read a 20 MB
 * history twice.
 */
export function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFile('not_utf8', path, `${path} is not valid UTF-8`);
  }
}

/**
 * A history file as core takes it (core/formats/bytes.ts): a ZIP archive (an Inspect `.eval`
 * log) as its bytes, anything else as strict UTF-8 text; with the bytes read.
 */
export function readInputSource(path: string, limits: ReadLimits = {}): { text: string | Uint8Array; bytes: Buffer } {
  const bytes = readInputBytes(path, limits);
  return { text: isZip(bytes) ? bytes : decodeUtf8(bytes, path), bytes };
}

/** A UTF-8 file's text and the bytes it was read from (`--out` archives them byte for byte). */
export function readInputText(path: string, limits: ReadLimits = {}): { text: string; bytes: Buffer } {
  const bytes = readInputBytes(path, limits);
  return { text: decodeUtf8(bytes, path), bytes };
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Blocks this thread for `ms` (the command line reads its inputs synchronously). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
