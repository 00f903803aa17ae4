/**
 * §9 "Sources": a `.eval` log (a ZIP) is bounded by what its members inflate to, not by its size
 * on disk. The central directory's declared sizes are checked before anything is inflated, and
 * the bytes a member actually makes are counted while it inflates and stopped at its declared
 * size, since a directory can lie; a zstd frame asking for a window out of proportion to its
 * member is refused from its headers. Each refusal is a FormatError naming the size and the limit.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectSource } from '../../../../core/formats/index.js';
import { FormatError } from '../../../../core/formats/types.js';
import { readZip, writeZip } from '../../../../core/formats/zip/archive.js';
import { crc32 } from '../../../../core/formats/zip/members.js';
import { inflatingEval } from '../../../support/hostileEval.js';

const MB = 1024 * 1024;

function refusal(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A `.eval` whose sample member is the zstd `data`, declaring `size` bytes inflated. */
function zstdEval(data: Uint8Array, size: number): Uint8Array {
  const archive = readZip(
    zipSync({ 'header.json': strToU8('{"version":2}'), 'samples/1_epoch_1.json': [strToU8('{}'), { level: 0 }] }),
  );
  const at = archive.entries.findIndex((e) => e.name.startsWith('samples/'));
  archive.entries[at] = { ...archive.entries[at], method: 93 };
  const bytes = writeZip(archive, new Map([[at, { data, crc: 0, size }]]));
  // The method lives in the local and central headers: set both to zstd (93).
  const zip = readZip(bytes);
  const entry = zip.entries[at];
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  view.setUint16(entry.localOffset + 8, 93, true);
  view.setUint16(entry.central.byteOffset - bytes.byteOffset + 10, 93, true);
  return bytes;
}

/** A zstd frame (RFC 8878): a window descriptor byte, then `blocks` one-byte RLE blocks, the last marked. */
function zstdFrame(windowDescriptor: number, blocks: number): Uint8Array {
  const out = new Uint8Array(6 + blocks * 4);
  out.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, windowDescriptor]);
  for (let i = 0; i < blocks; i++) {
    const header = (1 << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0); // size 1, RLE, last
    out.set([header & 0xff, (header >> 8) & 0xff, header >> 16, 0x30], 6 + i * 4);
  }
  return out;
}

describe('§9 a .eval is bounded by what it inflates to', () => {
  it('§9 members declared past the bound are refused before inflating, naming both sizes', () => {
    const bytes = inflatingEval(4 * MB);
    expect(bytes.length).toBeLessThan(16 * 1024);
    const error = refusal(() => inspectSource(bytes, undefined, { maxInflatedBytes: MB }));
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      "the .eval archive's members inflate to 4.0 MB (as its central directory declares), more than the 1.0 MB this reader may inflate",
    );
    // Without a host's own bound (the renderer's worker, which parses what the web host's page opens).
    expect(refusal(() => inspectSource(inflatingEval(4 * MB, 1_200_000_000))).message).toMatch(
      /inflate to 1144\.4 MB .*more than the 256\.0 MB this reader may inflate$/,
    );
  });

  it('§9 a member that inflates past what its directory declares is stopped there, whatever the bound', () => {
    const error = refusal(() => inspectSource(inflatingEval(4 * MB, 1000)));
    expect(error.reason).toBe('too_large');
    expect(error.message).toMatch(
      /^ZIP member "samples\/1_epoch_1\.json" inflates past the 1000 bytes its central directory declares \(stopped there\)/,
    );
  });

  it('§9 a zstd frame asking for a 2 GiB window, or a stream of one-byte blocks, is refused from its headers', () => {
    // Window descriptor 0xa8: exponent 21, 2^31 bytes.
    const huge = refusal(() => inspectSource(zstdEval(zstdFrame(0xa8, 1), 1)));
    expect(huge.reason).toBe('too_large');
    expect(huge.message).toMatch(
      /^ZIP member "samples\/1_epoch_1\.json" is zstd asking for a 2048\.0 MB window over 1 blocks/,
    );
    // Window descriptor 0x68: exponent 13, 8 MiB; 20,000 blocks each moving it.
    const blocks = refusal(() => inspectSource(zstdEval(zstdFrame(0x68, 20_000), 20_000)));
    expect(blocks.message).toMatch(
      /asking for a 8\.0 MB window over 20000 blocks, out of proportion to the 20000 bytes/,
    );
  });

  it('§9 within the bound a member reads as before; one byte less is refused', () => {
    const sample = strToU8(JSON.stringify({ id: 1, epoch: 1, messages: [{ role: 'user', content: 'hi' }] }));
    const header = strToU8('{"version":2}');
    const archive = readZip(zipSync({ 'header.json': header, 'samples/1_epoch_1.json': [sample, { level: 9 }] }));
    expect(archive.entries[1].crc).toBe(crc32(sample));
    const exactly = sample.length + header.length;
    expect(inspectSource(archive.bytes, undefined, { maxInflatedBytes: exactly }).format).toBe('inspect-eval');
    expect(refusal(() => inspectSource(archive.bytes, undefined, { maxInflatedBytes: exactly - 1 })).reason).toBe(
      'too_large',
    );
  });
});
