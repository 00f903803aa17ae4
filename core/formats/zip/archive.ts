/**
 * A ZIP archive kept as its bytes, for byte-preserving writes (SPEC §9): the central directory
 * is read to find each member's local record, and writing copies every member that is not
 * replaced byte for byte — its local header, name, extra field, data and data descriptor — then
 * rewrites the central directory with the new offsets. Libraries that write ZIPs (fflate's
 * `zipSync`, Python's `zipfile`) rebuild every header, so an untouched member would not come
 * back as it was; the codecs for member data are in members.ts. PKWARE APPNOTE 6.3.10,
 * sections 4.3.7 (local header), 4.3.12 (central directory header), 4.3.16 (end record).
 * ZIP64 and multi-disk archives are refused: Inspect writes neither below 4 GiB.
 */
import { FormatError } from '../types.js';
import type { ZipArchive, ZipEntry, ZipReplacement } from './shapes.js';

export type { ZipArchive, ZipEntry, ZipReplacement } from './shapes.js';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const END_SIZE = 22;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && view(bytes).getUint32(0, true) === LOCAL;
}

/** A copy: a Node Buffer's `slice` is a view, and the input must never change (R11). */
function copyOf(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function broken(why: string): FormatError {
  return new FormatError(`not a readable ZIP archive: ${why}`, 'not_json');
}

function findEnd(bytes: Uint8Array, data: DataView): number {
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, bytes.length - END_SIZE - 0xffff);
  for (let at = bytes.length - END_SIZE; at >= lowest; at--) if (data.getUint32(at, true) === END) return at;
  throw broken('no end of central directory record (a truncated or partly written file?)');
}

export function readZip(bytes: Uint8Array): ZipArchive {
  const data = view(bytes);
  const endAt = findEnd(bytes, data);
  const count = data.getUint16(endAt + 10, true);
  const directorySize = data.getUint32(endAt + 12, true);
  const directoryAt = data.getUint32(endAt + 16, true);
  if (data.getUint16(endAt + 4, true) !== 0 || data.getUint16(endAt + 6, true) !== 0)
    throw broken('a multi-disk archive');
  if (count === 0xffff || directoryAt === 0xffffffff) throw broken('a ZIP64 archive, which is not supported');
  if (directoryAt + directorySize > endAt) throw broken('the central directory lies outside the file');
  const names = new TextDecoder('utf-8', { fatal: false });
  const entries: ZipEntry[] = [];
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > endAt || data.getUint32(at, true) !== CENTRAL)
      throw broken(`central directory entry ${i + 1} is damaged`);
    const nameLength = data.getUint16(at + 28, true);
    const headerLength = 46 + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
    const entry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: data.getUint16(at + 10, true),
      flags: data.getUint16(at + 8, true),
      crc: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
      central: bytes.subarray(at, at + headerLength),
    };
    entries.push(locate(bytes, data, entry, directoryAt));
    at += headerLength;
  }
  return { bytes, entries, end: bytes.subarray(endAt) };
}

function locate(
  bytes: Uint8Array,
  data: DataView,
  entry: Omit<ZipEntry, 'dataOffset' | 'recordEnd'>,
  directoryAt: number,
): ZipEntry {
  const at = entry.localOffset;
  if (at + 30 > directoryAt || data.getUint32(at, true) !== LOCAL)
    throw broken(`the local header of "${entry.name}" is missing`);
  const dataOffset = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  let recordEnd = dataOffset + entry.compressedSize;
  if (recordEnd > directoryAt) throw broken(`the data of "${entry.name}" runs past the central directory`);
  if (entry.flags & 0x8) {
    // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
    const signed = recordEnd + 4 <= bytes.length && data.getUint32(recordEnd, true) === DESCRIPTOR;
    recordEnd += signed ? 16 : 12;
  }
  return { ...entry, dataOffset, recordEnd };
}

/** The member's stored (compressed) bytes. */
export function rawData(archive: ZipArchive, entry: ZipEntry): Uint8Array {
  return archive.bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
}

/**
 * The archive with `replacements` (by entry index) written in; every other member's local
 * record is copied as it was, in the same order, and the end record keeps its comment.
 */
export function writeZip(archive: ZipArchive, replacements: ReadonlyMap<number, ZipReplacement>): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array) => {
    parts.push(part);
    length += part.length;
  };
  archive.entries.forEach((entry, i) => {
    offsets.push(length);
    const replacement = replacements.get(i);
    if (!replacement) return push(archive.bytes.subarray(entry.localOffset, entry.recordEnd));
    const header = copyOf(archive.bytes.subarray(entry.localOffset, entry.dataOffset));
    const data = view(header);
    // Sizes and CRC go in the header itself, so no data descriptor follows (flag bit 3 off).
    data.setUint16(6, entry.flags & ~0x8, true);
    data.setUint32(14, replacement.crc, true);
    data.setUint32(18, replacement.data.length, true);
    data.setUint32(22, replacement.size, true);
    push(header);
    push(replacement.data);
  });
  const directoryAt = length;
  archive.entries.forEach((entry, i) => {
    const header = copyOf(entry.central);
    const data = view(header);
    const replacement = replacements.get(i);
    if (replacement) {
      data.setUint16(8, entry.flags & ~0x8, true);
      data.setUint32(16, replacement.crc, true);
      data.setUint32(20, replacement.data.length, true);
      data.setUint32(24, replacement.size, true);
    }
    data.setUint32(42, offsets[i], true);
    push(header);
  });
  const end = copyOf(archive.end);
  view(end).setUint32(12, length - directoryAt, true);
  view(end).setUint32(16, directoryAt, true);
  push(end);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
