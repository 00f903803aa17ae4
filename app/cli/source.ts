/**
 * `messages=` as a native source (SPEC §9 "Sources"): detect the format (or take `--format`),
 * choose the conversation (`--conversation`, or the only one).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import type { SourceInput } from '../../core/formats/bytes.js';
import type { JsonLinesDocument } from '../../core/formats/jsonLines.js';
import { JsonLinesReader } from '../../core/formats/jsonLines.js';
// Not the formats index: it loads every format's adapter, and a compaction needs one.
import { openDocumentLazily, openSourceLazily } from '../../core/formats/lazy.js';
import type { OpenedSource } from '../../core/formats/open.js';
import type { SourceSlices } from '../../core/formats/types.js';
import { FormatError } from '../../core/formats/types.js';
import { inflateBudgetBytes } from '../budget.js';
import { decodeUtf8, readInputBytes, readInputChunks, UnreadableFile } from '../inputFiles.js';
import { firstLine, UsageError } from './args.js';

export interface SourceChoice {
  format?: string;
  conversation?: string;
}

/**
 * Opens `text` (or a JSON Lines file already streamed) as a history; every problem is a
 * one-line usage error naming `messages`.
 */
export async function openMessages(
  text: SourceInput | StreamedLines,
  raw: string,
  choice: SourceChoice,
): Promise<OpenedSource> {
  try {
    if (text instanceof StreamedLines) return await openDocumentLazily(text.doc, choice);
    // A ZIP inflates within what the heap rule leaves beside its bytes (app/budget.ts).
    const maxInflatedBytes = typeof text === 'string' ? undefined : inflateBudgetBytes(text.length);
    return await openSourceLazily(text, { ...choice, maxInflatedBytes });
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const hint = error.reason === 'not_json' && looksLikePath(raw) ? `; to read the file, write messages=@${raw}` : '';
    const flag =
      error.reason === 'conversation_required' || error.reason === 'unknown_conversation'
        ? '; pass --conversation KEY'
        : error.reason === 'no_tool_calls'
          ? '; pass --format ID'
          : '';
    throw new UsageError(`messages: ${firstLine(error.message)}${flag}${hint}`);
  }
}

/** A value that was meant as a file: the `@` was forgotten. */
function looksLikePath(raw: string): boolean {
  if (raw.startsWith('@') || /^\s*[[{]/.test(raw)) return false;
  return /[\\/]/.test(raw) || /\.(jsonl?|ndjson|traj|txt)$/i.test(raw) || existsSync(raw);
}

/**
 * A JSON Lines history read from its file in chunks (core/formats/jsonLines.ts): the records are
 * parsed as the bytes arrive and the text is never one string. A write resolves the records'
 * spans in the file's bytes, read again then (`bytes()`) and checked against the SHA-256 of
 * the first read, so the export splices exactly the bytes that were compacted (SPEC §9).
 */
export class StreamedLines implements SourceSlices {
  private held: Buffer | null = null;
  readonly doc: JsonLinesDocument;
  readonly length: number;
  /** Spans count from after a byte-order mark. */
  private readonly offset: number;

  private constructor(
    readonly path: string,
    reader: JsonLinesReader,
    readonly size: number,
    readonly sha256: string,
  ) {
    const doc = reader.end(this);
    this.offset = doc.bom === true ? 3 : 0;
    this.length = size - this.offset;
    // As a whole read decodes a file (decodeUtf8): its byte-order mark is an encoding detail, dropped.
    this.doc = { ...doc, bom: false };
  }

  /**
   * `path` read as JSON Lines in chunks, or null when it is not a regular `.jsonl` file that
   * reads as JSON Lines: the caller reads it whole, so every refusal and every error (an
   * invalid byte, a line that is not JSON, a file that is one JSON value) is the one a whole
   * read gives, in the same order.
   */
  static read(path: string): StreamedLines | null {
    if (!/\.(jsonl|ndjson)$/i.test(path)) return null;
    try {
      // By path, not by opening it: a FIFO opened here would lose its writer's data.
      if (!statSync(path).isFile()) return null;
    } catch {
      return null;
    }
    const reader = new JsonLinesReader();
    const hash = createHash('sha256');
    let size: number;
    try {
      size = readInputChunks(path, (chunk) => {
        hash.update(chunk);
        reader.push(chunk);
      });
    } catch (error) {
      if (error instanceof FormatError || error instanceof UnreadableFile) return null;
      throw error;
    }
    if (!reader.isJsonLines) return null;
    return new StreamedLines(path, reader, size, hash.digest('hex'));
  }

  slice(start: number, end: number): string {
    return this.bytes().toString('utf8', this.offset + start, this.offset + end);
  }

  /** The file's bytes as they were compacted; a file changed since is an error, never a mixed export. */
  bytes(): Buffer {
    if (this.held !== null) return this.held;
    let bytes: Buffer;
    try {
      bytes = readInputBytes(this.path);
    } catch (error) {
      throw new UsageError(`messages: ${(error as Error).message}`);
    }
    if (createHash('sha256').update(bytes).digest('hex') !== this.sha256)
      throw new UsageError(`messages: ${this.path} changed while it was compacted; run again`);
    this.held = bytes;
    return bytes;
  }

  /** Its text, for the archive beside an export (out.ts). */
  text(): string {
    return decodeUtf8(this.bytes(), this.path);
  }
}
