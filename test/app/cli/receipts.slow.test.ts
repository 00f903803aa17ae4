/**
 * §9 `drop_receipts` through the built command line: a policy file turns receipts on for a
 * Claude Code session, `--out` writes them into the session file and records the flag, and
 * `verify` writes the same file again from the archive and the record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../core/records/audit.js';
import { ResponseSchema } from '../../../core/engine/schema.js';
import { sessionText } from '../../core/formats/receiptSession.js';
import { runCli, tempDir, withoutRestoreNote } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const RECEIPT =
  /^\[compacted: ran Read file_path=src\/retry\.ts → 212 lines, \d+ chars, ok; original: archive session\.[0-9a-f]{16}\.jsonl call toolu_01\]$/;

async function compactSession(extra: string[]) {
  tmp.write('session.jsonl', sessionText);
  tmp.write('script.json', JSON.stringify({ answers: {}, default: { call: 0, result: 0 } }));
  tmp.write(
    'policy.json',
    JSON.stringify({
      compaction_policy: 1,
      eligible_tool_names: ['Read'],
      drop_receipts: true,
      options: { preserve_recent_messages: 0 },
    }),
  );
  const env = { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' };
  const args = ['compact_context', 'goal=finish the retry fix', 'messages=@session.jsonl', ...extra];
  return runCli([...args, '--policy', 'policy.json', '--out', 'out.jsonl', '--reviewer', 'Ada'], {
    cwd: tmp.dir,
    env,
  });
}

const texts = (content: unknown) =>
  (Array.isArray(content) ? content : []).flatMap((b: { type?: string; text?: string }) =>
    b.type === 'text' && typeof b.text === 'string' ? [b.text] : [],
  );

describe('§9 compact_context drop_receipts', () => {
  it('§9 R14 --policy turns receipts on: the answer, the --out session and its record carry them; verify passes', async () => {
    tmp = tempDir();
    const result = await compactSession([]);
    expect(result.code).toBe(0);
    expect(withoutRestoreNote(result.stderr)).toBe('');
    const response = ResponseSchema.parse(JSON.parse(result.stdout));
    if (!response.success) throw new Error('expected success');
    expect(response.answer.decisions.map((d) => d.action)).toEqual(['drop_call']);
    const answerTexts = response.answer.messages.flatMap((m) => texts(m.content));
    expect(answerTexts.filter((t) => RECEIPT.test(t))).toHaveLength(1);

    const lines = readFileSync(join(tmp.dir, 'out.jsonl'), 'utf8').trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as { uuid: string; message: { content: unknown } });
    expect(records.map((r) => r.uuid)).toEqual(['u1', 'a1', 'a2', 'a3', 'u3']);
    expect(texts(records[2].message.content)).toEqual([expect.stringMatching(RECEIPT)]);
    // Lines the drop did not touch are the source's own.
    expect(lines[0]).toBe(sessionText.split('\n')[0]);
    expect(lines[1]).toBe(sessionText.split('\n')[1]);

    const record = JSON.parse(readFileSync(join(tmp.dir, 'out.jsonl.audit.json'), 'utf8')) as AuditRecord;
    expect(record.drop_receipts).toBe(true);
    expect(texts(records[2].message.content)[0]).toContain(`archive ${record.archive_ref} call toolu_01]`);
    const verified = await runCli(['verify', 'out.jsonl.audit.json'], { cwd: tmp.dir });
    expect(verified.code).toBe(0);
  });

  it('§9 an explicit drop_receipts=false wins over the policy: R14 alone, no flag in the record', async () => {
    tmp = tempDir();
    const result = await compactSession(['drop_receipts=false']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('[compacted:');
    const out = readFileSync(join(tmp.dir, 'out.jsonl'), 'utf8');
    expect(out).not.toContain('[compacted:');
    expect(
      out
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { uuid: string }).uuid),
    ).toEqual(['u1', 'a3', 'u3']);
    const record = JSON.parse(readFileSync(join(tmp.dir, 'out.jsonl.audit.json'), 'utf8')) as AuditRecord;
    expect(record.drop_receipts).toBeUndefined();
    expect((await runCli(['verify', 'out.jsonl.audit.json'], { cwd: tmp.dir })).code).toBe(0);
  });

  it('§8 a drop_receipts that is not a boolean is bad input: one line naming it, exit 2', async () => {
    tmp = tempDir();
    const result = await compactSession(['drop_receipts="yes"']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^drop_receipts: .*boolean/);
  });
});
