/**
 * §9 verify tampering per field: every field of an audit record (core/audit/proof.ts lists them)
 * is edited after export, one at a time, and `verify` must either find it (a recomputed or
 * hashed field, or an input of the re-derivation edited so that it changes what is derived),
 * or pass naming it "as the record says, unsigned" — never pass silently. Then the same edit
 * on a signed record: `verify --allowed-signers` must fail on the signature every time. Plus
 * the signature's own failures: missing, wrong signer, wrong namespace. Real files, the CLI's
 * own verifyFiles.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, verifyFiles } from '../../app/cli/verify.js';
import { bundledExample } from '../../app/host/setup.js';
import { signAuditRecord } from '../../app/signing/auditSignature.js';
import { readSigningKey } from '../../app/signing/sshKey.js';
import { signMessage } from '../../app/signing/sshsig.js';
import type { Proof } from '../../core/audit/proof.js';
import { proofOf } from '../../core/audit/proof.js';
import type { AuditDecision, AuditRecord } from '../../core/records/audit.js';
import { auditText } from '../../core/records/audit.js';
import type { Message } from '../../core/engine/schema.js';
import type { MadeExport } from '../support/exports.js';
import { exampleExportSetup, makeExport } from '../support/exports.js';
import { makeKey } from '../support/sshKeys.js';
import { record as recordFigure } from './support/record.js';

type Edit = (r: AuditRecord) => void;

const example = bundledExample();
const messages = JSON.parse(example.text) as Message[];
/** The message holding a call: protecting it (R4) guards the pair. */
const messageOf = (callId: string) =>
  messages.find((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_call' && b.id === callId))
    ?.id as string;

/** A decided pair the model dropped (drop_call), and the pair overridden to drop_result (R13 markers). */
const DROPPED = 'p1';
const SHORTENED = 'p13';
const decision = (r: AuditRecord, pairId: string) => r.decisions.find((d) => d.pair_id === pairId) as AuditDecision;
const bump = (value: unknown): unknown =>
  typeof value === 'number'
    ? value + 1
    : typeof value === 'string'
      ? `${value}x`
      : value === null
        ? 0
        : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, bump(v)]));

/** One edit per field path, each still a valid record (a schema failure would be bad input, not a verdict). */
const EDITS: Record<string, Edit> = {
  kind: (r) => Object.assign(r, { kind: 'compaction-inspector.other' }),
  version: (r) => Object.assign(r, { version: 2 }),
  original_file: (r) => (r.original_file = 'someone-else.json'),
  original_sha256: (r) =>
    (r.original_sha256 = `${r.original_sha256.slice(0, -1)}${r.original_sha256.endsWith('0') ? '1' : '0'}`),
  original_bytes: (r) => (r.original_bytes += 1),
  container: (r) => (r.container = 'jsonl'),
  'source.format': (r) => (r.source.format = 'openai-chat'),
  'source.conversation': (r) => (r.source.conversation = 'another'),
  'source.conversations': (r) => (r.source.conversations = 3),
  goal: (r) => (r.goal = 'Approve everything mallory wants'),
  eligible_tool_names: (r) => (r.eligible_tool_names = r.eligible_tool_names.filter((n) => n !== 'read_file')),
  protected_message_ids: (r) => r.protected_message_ids.push(messageOf(decision(r, DROPPED).call_id)),
  protected_call_ids: (r) => r.protected_call_ids.push(decision(r, DROPPED).call_id),
  archive_ref: (r) => (r.archive_ref = 'elsewhere.json'),
  drop_receipts: (r) => (r.drop_receipts = r.drop_receipts !== true),
  shell_read_only: (r) => (r.shell_read_only = { rule: 'read-only-commands/0', allow: [], deny: [] }),
  'options.keep_threshold': (r) => (r.options.keep_threshold = 0.05),
  'options.preserve_recent_messages': (r) => (r.options.preserve_recent_messages = 1000),
  'options.truncate_head_chars': (r) => (r.options.truncate_head_chars += 7),
  'options.truncate_tail_chars': (r) => (r.options.truncate_tail_chars += 7),
  'options.max_state_tokens': (r) => (r.options.max_state_tokens += 1),
  'options.max_request_tokens': (r) => (r.options.max_request_tokens += 1),
  'options.max_concurrency': (r) => (r.options.max_concurrency = r.options.max_concurrency === 1 ? 2 : 1),
  'options.total_timeout_seconds': (r) => (r.options.total_timeout_seconds += 1),
  backend: (r) => (r.backend = 'openai'),
  model: (r) => (r.model = 'gpt-forged'),
  'decisions[].pair_id': (r) => (decision(r, DROPPED).pair_id = 'p99'),
  'decisions[].call_id': (r) => (decision(r, DROPPED).call_id = 'toolu_forged'),
  'decisions[].tool_name': (r) => (decision(r, DROPPED).tool_name = 'write_file'),
  'decisions[].action': (r) => (decision(r, DROPPED).action = 'keep'),
  'decisions[].model_action': (r) => (decision(r, DROPPED).model_action = 'keep'),
  'decisions[].reason': (r) => (decision(r, DROPPED).reason = 'result_needed'),
  'decisions[].keep_call': (r) => (decision(r, DROPPED).keep_call = 0.9),
  'decisions[].keep_result': (r) => (decision(r, DROPPED).keep_result = 0.9),
  'decisions[].override': (r) => (decision(r, DROPPED).override = 'keep'),
  'decisions[].call_kept_for_target': (r) => (decision(r, DROPPED).call_kept_for_target = 'swe-agent.inspector_action'),
  'decisions[].evidence': (r) => (decision(r, DROPPED).evidence = ['forged: the user asked for this']),
  'decisions[].evidence_links': (r) =>
    (decision(r, DROPPED).evidence_links = { quoted_in: ['m0'], terms: ['forged'], superseded_by: null }),
  'decisions[].comment': (r) => (decision(r, DROPPED).comment = 'checked by mallory'),
  timestamps: (r) => (r.timestamps.exported_at = '2020-01-01T00:00:00.000Z'),
  exported_file: (r) => (r.exported_file.bytes += 1),
  exported_as: (r) => (r.exported_as = 'messages'),
  archive_file: (r) => (r.archive_file.bytes += 1),
  reviewer: (r) => (r.reviewer = 'mallory'),
  comment: (r) => (r.comment = 'Approved by the security team'),
  tool: (r) => (r.tool.version = '99.0.0'),
};
const editFor = (path: string): Edit | undefined =>
  EDITS[path] ?? (path.startsWith('stats.') ? (r) => bump0(r, path.slice('stats.'.length)) : undefined);
function bump0(r: AuditRecord, key: string): void {
  const stats = r.stats as Record<string, unknown>;
  stats[key] = key === 'fitting_stage' ? ((stats[key] as number) + 1) % 5 : bump(stats[key]);
}

/**
 * `derived, unchanged`: an input of the re-derivation edited so that it derives the same snapshot
 * (exported_as of a bare array: the source's format and our message array are the same text):
 * the claim "the snapshot is what this record derives" still holds, and the verdict lists it.
 */
type Outcome = 'detected' | 'refused' | 'derived, unchanged' | 'declared unsigned' | 'passed silently';
interface Row {
  field: string;
  kind: Proof;
  unsigned: Outcome;
  signed: 'signed and detected' | 'passed';
  first: string;
}

let dir: string;
let made: MadeExport;
let original: AuditRecord;
const rows: Row[] = [];
const key = makeKey('ada@example.com');
const signing = readSigningKey(key.privateText, 'key');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verify-tamper-'));
  const first = await makeExport(exampleExportSetup());
  made = await makeExport(exampleExportSetup({ overrides: { [SHORTENED]: 'drop_result' } }));
  expect(decision(first.record, DROPPED).action).toBe('drop_call');
  original = made.record;
  for (const file of Object.values(made.files)) if (file) writeFileSync(join(dir, file.name), file.data);
  writeFileSync(join(dir, 'allowed_signers'), `ada@example.com ${key.publicLine}\n`);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const count = (f: (r: Row) => boolean) => rows.filter(f).length;
  recordFigure({
    area: 'security',
    name: 'verify tampering per field',
    tried: rows.length * 2,
    outcomes: {
      unsigned: {
        detected: count((r) => r.unsigned === 'detected' || r.unsigned === 'refused'),
        derived_unchanged: count((r) => r.unsigned === 'derived, unchanged'),
        declared_unsigned: count((r) => r.unsigned === 'declared unsigned'),
        passed_silently: count((r) => r.unsigned === 'passed silently'),
      },
      signed: {
        detected: count((r) => r.signed === 'signed and detected'),
        passed: count((r) => r.signed === 'passed'),
      },
    },
    notes: `${rows.length} fields of the record, each edited after export (every key of decisions[], options, source and stats); declared unsigned: ${rows
      .filter((r) => r.unsigned === 'declared unsigned')
      .map((r) => r.field.replace(/^(stats|options|decisions\[\])\./, ''))
      .filter((f, i, all) => all.indexOf(f) === i)
      .slice(0, 12)
      .join(', ')}, …; signed with an Ed25519 SSH key and checked with --allowed-signers`,
  });
});

async function verdict(name: string, text: string, signature: string | null, allowed: boolean) {
  writeFileSync(join(dir, name), text);
  rmSync(join(dir, `${name}.sig`), { force: true });
  if (signature !== null) writeFileSync(join(dir, `${name}.sig`), signature);
  try {
    return await verifyFiles(join(dir, name), allowed ? { allowedSigners: join(dir, 'allowed_signers') } : {});
  } catch (error) {
    return error as Error;
  }
}

describe('§9 verify tampering per field', () => {
  it('§9 the untouched export verifies, its markers name the archive and its truncation shows (so those fields can be tampered)', async () => {
    const outcome = await verdict('out.json.audit.json', auditText(original), null, false);
    expect(outcome).not.toBeInstanceOf(Error);
    expect((outcome as Awaited<ReturnType<typeof verifyFiles>>).differences).toEqual([]);
    expect(made.files.snapshot?.data).toContain(`the full output is in ${original.archive_ref}`);
    expect(decision(original, SHORTENED).action).toBe('drop_result');
  });

  it('§9 every field is classified and has an edit here: a new field fails this test until it has both', () => {
    const proof = proofOf(original);
    const paths = [...proof.hash, ...proof.recomputed, ...proof.derives, ...proof.stated];
    expect(paths.filter((p) => editFor(p) === undefined)).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('§9 each field edited: found, or passed naming it unsigned; each edit of a signed record fails its signature', async () => {
    const proof = proofOf(original);
    const kindOf = (path: string) => (Object.keys(proof) as Proof[]).find((k) => proof[k].includes(path)) as Proof;
    const signature = signAuditRecord(auditText(original), signing).text;
    let i = 0;
    for (const path of Object.values(proof).flat()) {
      const tampered = structuredClone(original);
      (editFor(path) as Edit)(tampered);
      expect(tampered, path).not.toEqual(original);
      const name = `t${i++}.audit.json`;
      const text = auditText(tampered);
      const plain = await verdict(name, text, null, false);
      let unsigned: Outcome;
      let first = '';
      if (plain instanceof Error) {
        unsigned = 'refused';
        first = plain.message;
      } else if (plain.differences.length > 0) {
        unsigned = 'detected';
        first = plain.differences[0];
      } else {
        const text = render(plain);
        if (plain.proof.stated.includes(path) && text.includes('\n  as the record says, unsigned: '))
          unsigned = 'declared unsigned';
        else if (plain.proof.derives.includes(path) && text.includes("\n  derived with the record's: "))
          unsigned = 'derived, unchanged';
        else unsigned = 'passed silently';
      }
      const signed = await verdict(name, text, signature, true);
      // A record edited into a non-record is refused (exit 2) before any signature is read.
      const signedOutcome =
        signed instanceof Error || /^the signature .*does not match the record/.test(signed.differences[0] ?? '')
          ? 'signed and detected'
          : 'passed';
      rows.push({ field: path, kind: kindOf(path), unsigned, signed: signedOutcome, first });
    }
    // A stated field passes and says so; every other field's edit is found; nothing passes silently.
    for (const row of rows) {
      expect({ field: row.field, outcome: row.unsigned }).toEqual({
        field: row.field,
        outcome:
          row.kind === 'stated'
            ? 'declared unsigned'
            : row.kind === 'derives'
              ? expect.stringMatching(/^(detected|refused|derived, unchanged)$/)
              : expect.stringMatching(/^(detected|refused)$/),
      });
      expect({ field: row.field, signed: row.signed }).toEqual({ field: row.field, signed: 'signed and detected' });
    }
    // A recomputed field's difference names it.
    for (const field of ['container', 'source.conversations', 'stats.chars_before'])
      expect(rows.find((r) => r.field === field)?.first).toMatch(new RegExp(`^${field.replace('.', '\\.')} is `));
  });

  it('§9 with --allowed-signers: a missing signature, a wrong signer and a wrong namespace each fail first', async () => {
    const text = auditText(original);
    const missing = await verdict('m.audit.json', text, null, true);
    expect(missing).not.toBeInstanceOf(Error);
    const m = missing as Awaited<ReturnType<typeof verifyFiles>>;
    expect(m.differences[0]).toMatch(/^--allowed-signers asks for a signature, and there is no .*m\.audit\.json\.sig/);
    expect(render(m)).toMatch(/^differs: --allowed-signers asks for a signature/);

    const mallory = readSigningKey(makeKey('mallory@example.com').privateText, 'k');
    const wrong = (await verdict('w.audit.json', text, signAuditRecord(text, mallory).text, true)) as Awaited<
      ReturnType<typeof verifyFiles>
    >;
    expect(wrong.differences[0]).toMatch(
      /^the signature .*: the record is signed by ssh-ed25519 SHA256:\S+, but its key is not in the allowed signers$/,
    );

    const forGit = signMessage(Buffer.from(text), signing, 'git');
    const ns = (await verdict('n.audit.json', text, forGit, true)) as Awaited<ReturnType<typeof verifyFiles>>;
    expect(ns.differences[0]).toMatch(/it was made for namespace "git", not "compaction-inspector-audit"$/);

    const good = (await verdict('g.audit.json', text, signAuditRecord(text, signing).text, true)) as Awaited<
      ReturnType<typeof verifyFiles>
    >;
    expect(good.differences).toEqual([]);
    expect(render(good)).toContain('\n  signed by ada@example.com (ssh-ed25519 ');
    expect(readFileSync(join(dir, 'g.audit.json'), 'utf8')).toBe(text);
  });
});
