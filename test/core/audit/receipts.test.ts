/**
 * §9 `drop_receipts` in an export's audit record: the record says the export was made with
 * receipts, `verify` writes the same snapshot again from the archive and the record, and a record
 * whose flag was changed after export does not verify.
 */
import { describe, expect, it } from 'vitest';
import type { ReadFile } from '../../../core/audit/verify.js';
import { verifyExport } from '../../../core/audit/verify.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import { nodeHash } from '../../../app/host/exportFiles.js';
import type { ExportSetup, MadeExport } from '../../support/exports.js';
import { exampleExportSetup, makeExport } from '../../support/exports.js';
import { sessionText } from '../formats/receiptSession.js';

async function readFile(name: string, data: string | Uint8Array): Promise<ReadFile> {
  const text = typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data);
  return { name, text, ...(await nodeHash(data)) };
}

async function verify(made: MadeExport, record: AuditRecord = made.record) {
  const snapshot = await readFile('out', made.files.snapshot?.data as string);
  return verifyExport(record, await readFile('archive', made.archive), snapshot);
}

const claudeSession: ExportSetup = {
  text: sessionText,
  fileName: 'session.jsonl',
  eligible: ['Read'],
  script: { answers: {}, default: { call: 0, result: 0 } },
  options: { preserve_recent_messages: 0 },
};

describe('§9 drop_receipts in the audit record', () => {
  it.each([
    ['agentscope', exampleExportSetup()],
    ['claude-code', claudeSession],
  ])('§9 R14 a %s export made with receipts says so, carries them and verifies', async (_format, setup) => {
    const made = await makeExport({ ...setup, dropReceipts: true });
    expect(made.record.drop_receipts).toBe(true);
    const dropped = made.record.decisions.filter((d) => d.action === 'drop_call');
    expect(dropped.length).toBeGreaterThan(0);
    const snapshot = made.files.snapshot?.data as string;
    for (const d of dropped) expect(snapshot).toContain(`call ${d.call_id}]`);
    expect(snapshot).toContain(`original: archive ${made.record.archive_ref} call`);
    expect(await verify(made)).toMatchObject({ ok: true });
  });

  it('§9 the Claude Code snapshot holds the receipt line where the Read call was', async () => {
    const made = await makeExport({ ...claudeSession, dropReceipts: true });
    const lines = (made.files.snapshot?.data as string).trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[2]).message.content[0].text).toMatch(
      /^\[compacted: ran Read file_path=src\/retry\.ts → 212 lines, \d+ chars, ok; original: archive session\.[0-9a-f]{16}\.jsonl call toolu_01\]$/,
    );
  });

  it('§9 a record without the flag writes no receipts, and either flag changed after export is a difference', async () => {
    const plain = await makeExport(claudeSession);
    expect(plain.record.drop_receipts).toBeUndefined();
    expect(plain.files.snapshot?.data).not.toContain('[compacted:');
    expect(await verify(plain)).toMatchObject({ ok: true });
    const forged = await verify(plain, { ...plain.record, drop_receipts: true });
    expect(forged.ok).toBe(false);
    const made = await makeExport({ ...claudeSession, dropReceipts: true });
    const { drop_receipts: _flag, ...without } = made.record;
    const stripped = await verify(made, without);
    expect(stripped.ok).toBe(false);
    if (!stripped.ok)
      expect(stripped.differences[0]).toMatch(/^the snapshot out differs from what the record approves/);
  });
});
