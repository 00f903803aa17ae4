/**
 * A small `.eval` log that inflates far past its size (SPEC §9 "Sources", hostile inputs): a
 * real header and one sample member whose data is `zeros` zero bytes deflated (about a
 * thousandth of it on disk), with the uncompressed size its central directory declares set to
 * `declared` — the truth, or a lie. Built with core's own ZIP writer, so every header is valid.
 */
import { deflateSync, strToU8, zipSync } from 'fflate';
import { readZip, writeZip } from '../../core/formats/zip/archive.js';
import { crc32 } from '../../core/formats/zip/members.js';

const HEADER = { version: 2, status: 'success', eval: { task: 'hostile', model: 'none' } };

export function inflatingEval(zeros: number, declared = zeros): Uint8Array {
  const archive = readZip(
    zipSync({
      'header.json': strToU8(JSON.stringify(HEADER)),
      'samples/1_epoch_1.json': [strToU8('{}'), { level: 6 }],
    }),
  );
  const at = archive.entries.findIndex((e) => e.name.startsWith('samples/'));
  const content = new Uint8Array(zeros);
  const data = deflateSync(content, { level: 9 });
  return writeZip(archive, new Map([[at, { data, crc: crc32(content), size: declared }]]));
}
