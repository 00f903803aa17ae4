/**
 * `inspect-eval` (SPEC §9 "Sources", "Byte-preserving export"): Inspect AI `.eval` ZIP logs read
 * as their samples, written back as a ZIP whose untouched members are byte for byte the
 * originals and whose edited sample members keep their compression method. The real fixtures
 * (deflate and zstd) hold no tool calls, so the round trips put the real tool-calling sample of
 * `inspect-ai-eval-log/…_browser.json` into a `.eval` built here with fflate's own ZIP writer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import { beforeAll, describe, expect, it } from 'vitest';
import { installZstd } from '../../../app/zstd.js';
import { compactDetailed } from '../../../core/engine/compact.js';
import type { Action } from '../../../core/engine/schema.js';
import type { OpenedSource } from '../../../core/formats/index.js';
import { exportFile, FormatError, inspectSource, openSource, proposalFor } from '../../../core/formats/index.js';
import { readZip, rawData, writeZip } from '../../../core/formats/zip/archive.js';
import { replacementFor } from '../../../core/formats/zip/members.js';
import { sharedSkipReason } from '../../support/shared.js';
import { alternatingModel, FORMATS_DIR, withPositionalIds } from './support.js';

const file = (dir: string, name: string) => new Uint8Array(readFileSync(join(FORMATS_DIR as string, dir, name)));
const zipDir = 'inspect-ai-eval-zip';

/** Every member's name → [method, stored bytes]. */
function members(bytes: Uint8Array): Map<string, [number, Uint8Array]> {
  const archive = readZip(bytes);
  return new Map(archive.entries.map((e) => [e.name, [e.method, rawData(archive, e)]]));
}

/** A deflate `.eval` of the real browser log, as Inspect lays it out, written by fflate. */
function browserEval(): Uint8Array {
  const log = JSON.parse(
    readFileSync(join(FORMATS_DIR as string, 'inspect-ai-eval-log', '2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
  );
  const { samples, reductions, ...header } = log;
  const json = (v: unknown) => strToU8(JSON.stringify(v));
  return zipSync({
    '_journal/start.json': json({ version: header.version, eval: header.eval, plan: header.plan }),
    'samples/1_epoch_1.json': json(samples[0]),
    'reductions.json': json(reductions),
    'header.json': json(header),
  });
}

async function compactAndExport(
  source: OpenedSource,
): Promise<{ exported: Uint8Array; proposal: ReturnType<typeof proposalFor> }> {
  const messages = source.read.messages;
  const names = [
    ...new Set(
      messages
        .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
        .filter((b) => b.type === 'tool_call')
        .map((b) => String(b.name)),
    ),
  ];
  const details = await compactDetailed(
    { messages, goal: 'finish the task', eligible_tool_names: names, options: { preserve_recent_messages: 0 } },
    { model: alternatingModel() },
  );
  if (!details.response.success || !details.analysis || !details.request) throw new Error('compaction failed');
  const actions = new Map<string, Action>(details.response.answer.decisions.map((d) => [d.pair_id, d.action]));
  const proposal = proposalFor(messages, details.analysis.pairs, actions, details.request, source);
  const exported = exportFile(source, proposal);
  if (typeof exported === 'string') throw new Error('a .eval export must be bytes');
  return { exported, proposal };
}

describe('inspect-eval', () => {
  if (!FORMATS_DIR) {
    it.skip(sharedSkipReason('formats'), () => {});
    return;
  }
  beforeAll(() => installZstd());

  it('§9 detects both real .eval fixtures and lists each sample with its epoch', () => {
    const deflate = inspectSource(file(zipDir, 'log_streaming.eval'));
    expect(deflate.format).toBe('inspect-eval');
    expect(deflate.detection.reason).toMatch(/header\.json, 4 sample members, deflate/);
    expect(deflate.conversations.map((c) => c.key).sort()).toEqual(['1/1', '1/2', '2/1', '2/2']);
    const zstd = inspectSource(file(zipDir, 'retry-2-then-success-zstd.eval'));
    expect(zstd.format).toBe('inspect-eval');
    expect(zstd.detection.reason).toMatch(/zstd/);
    const read = openSource(file(zipDir, 'retry-2-then-success-zstd.eval')).read;
    expect(read.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(read.format).toBe('inspect-eval');
  });

  it('§9 the same log as JSON text stays inspect-log', () => {
    const text = readFileSync(join(FORMATS_DIR as string, 'inspect-ai-eval-log', 'log_tool_call_error.json'), 'utf8');
    expect(inspectSource(text).format).toBe('inspect-log');
  });

  it('§9 a no-op export is the file byte for byte', () => {
    for (const name of ['log_streaming.eval', 'retry-2-then-success-zstd.eval']) {
      const bytes = file(zipDir, name);
      const inspected = inspectSource(bytes);
      const source = openSource(bytes, { conversation: inspected.conversations[0].key });
      const exported = exportFile(source, { edits: [], messages: source.read.messages });
      expect(Buffer.from(exported as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('§9 R13 R14 compact → export → read back gives the proposal; other members byte-identical, methods kept', async () => {
    // A Node Buffer, as the hosts read files: its `slice` is a view, and the input must not change (R11).
    const bytes = Buffer.from(browserEval());
    const copy = Buffer.from(bytes);
    const source = openSource(bytes);
    expect(source.read.messages.length).toBeGreaterThan(0);
    const { exported, proposal } = await compactAndExport(source);
    expect(proposal.edits.length).toBeGreaterThan(0);
    expect(bytes.equals(copy)).toBe(true);
    const reread = openSource(exported, { format: 'inspect-eval', conversation: source.read.conversation });
    expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds([...proposal.messages]));
    const before = members(bytes);
    const after = members(exported);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, [method, raw]] of before) {
      expect(after.get(name)?.[0]).toBe(method);
      if (name !== 'samples/1_epoch_1.json')
        expect(Buffer.from(after.get(name)![1]).equals(Buffer.from(raw))).toBe(true);
    }
    // An independent reader (fflate's) opens the written archive, and the sample parses.
    const sample = JSON.parse(new TextDecoder().decode(unzipSync(exported)['samples/1_epoch_1.json']));
    expect(sample.messages.length).toBe(reread.read.messages.length);
  });

  it('§9 an edited zstd sample member stays zstd, and fzstd decodes it', async () => {
    const original = file(zipDir, 'retry-2-then-success-zstd.eval');
    const archive = readZip(original);
    const at = archive.entries.findIndex((e) => e.name === 'samples/1_epoch_1.json');
    const browser = unzipSync(browserEval())['samples/1_epoch_1.json'];
    const withCalls = writeZip(archive, new Map([[at, replacementFor(archive.entries[at], browser)]]));
    const source = openSource(withCalls);
    const { exported, proposal } = await compactAndExport(source);
    const after = readZip(exported);
    const entry = after.entries[at];
    expect(entry.method).toBe(93);
    const sample = JSON.parse(new TextDecoder().decode(zstdDecompress(rawData(after, entry))));
    expect(sample.messages.length).toBeLessThanOrEqual(JSON.parse(new TextDecoder().decode(browser)).messages.length);
    expect(withPositionalIds(openSource(exported).read.messages)).toEqual(withPositionalIds([...proposal.messages]));
    for (const [i, e] of archive.entries.entries())
      if (i !== at)
        expect(Buffer.from(rawData(after, after.entries[i])).equals(Buffer.from(rawData(archive, e)))).toBe(true);
  });

  it('§9 a broken archive is one clear FormatError', () => {
    const bytes = file(zipDir, 'log_streaming.eval');
    const truncated = bytes.subarray(0, bytes.length - 200);
    expect(() => inspectSource(truncated)).toThrow(FormatError);
    expect(() => inspectSource(truncated)).toThrow(/not a readable ZIP archive: no end of central directory record/);
    const damaged = bytes.slice();
    const sample = readZip(bytes).entries.find((e) => e.name.startsWith('samples/'))!;
    damaged[sample.dataOffset + 10] ^= 0xff;
    expect(() => inspectSource(damaged)).toThrow(/ZIP member "samples\/[^"]+" (cannot be read|is damaged)/);
    expect(() => inspectSource(zipSync({ 'a.txt': strToU8('hello') }))).toThrow(/without header\.json/);
  });
});
