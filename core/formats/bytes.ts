/**
 * A file as the hosts hand it over: text, or bytes when it is not UTF-8 text or starts with
 * the ZIP signature (an Inspect `.eval` log, zip/evalLog.ts). Bytes that are not a ZIP must be
 * UTF-8 and are read as text; either way the document comes from one place.
 */
import { parseSource } from './document.js';
import { FormatError } from './types.js';
import type { SourceText } from './types.js';
import { isZip } from './zip/archive.js';
import { readEvalZip } from './zip/evalLog.js';

/** A file's content: its text, or its bytes. */
export type SourceInput = string | Uint8Array;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when a host must hand over `bytes` as bytes rather than text (a ZIP archive). */
export function isBinarySource(bytes: Uint8Array): boolean {
  return isZip(bytes);
}

/**
 * How far a host lets a file's content grow past its bytes: the most a ZIP's members may
 * inflate to, all together (zip/inflate.ts; default DEFAULT_MAX_INFLATED_BYTES). Hosts with a
 * heap rule pass what it leaves for the file (app/budget.ts).
 */
export interface ReadBounds {
  maxInflatedBytes?: number;
}

/** Parses text, or bytes (a ZIP archive, else UTF-8 text), into a document; a FormatError when it is neither. */
export function parseInput(input: SourceInput, bounds: ReadBounds = {}): SourceText {
  if (typeof input === 'string') return parseSource(input);
  if (isZip(input)) return readEvalZip(input, bounds.maxInflatedBytes);
  let text: string;
  try {
    text = utf8.decode(input);
  } catch {
    throw new FormatError('not a text file: its bytes are neither UTF-8 text nor a ZIP archive', 'not_json');
  }
  return parseSource(text);
}
