/**
 * §9 verify in core: an export re-derived from the archive and its record alone (R3–R4 guards,
 * R12 at the recorded threshold, overrides, R13–R14, the source's own writer; R15: no model)
 * verifies untouched, and every kind of tampering — the snapshot edited by hand, the record's
 * probabilities, overrides, threshold or hashes, the archive — is found, with where.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeHash } from '../../../app/host/exportFiles.js';
import { bundledExample } from '../../../app/host/setup.js';
import type { Action } from '../../../core/engine/schema.js';
import { inspectSource } from '../../../core/formats/index.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import { ExportRefused, bundleExport } from '../../../core/audit/bundle.js';
import type { ReadFile } from '../../../core/audit/verify.js';
import { firstTextDifference, verifyExport } from '../../../core/audit/verify.js';
import { SHELL_RULE } from '../../../core/engine/shellReadOnly.js';
import { ENCODERS, historyArb, ONE_CALL_PER_TURN, TEXT_FORMAT_IDS } from '../formats/encoders.js';
import type { ExportSetup, MadeExport } from '../../support/exports.js';
import { makeExport } from '../../support/exports.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

async function readFile(name: string, data: string | Uint8Array): Promise<ReadFile> {
  const text = typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data);
  return { name, text, ...(await nodeHash(data)) };
}

/** Verifies `made` with any of its three parts replaced. */
async function check(
  made: MadeExport,
  change: { snapshot?: string; archive?: Uint8Array; record?: (r: AuditRecord) => AuditRecord } = {},
) {
  const record = change.record ? change.record(structuredClone(made.record)) : made.record;
  const snapshot = await readFile('out', change.snapshot ?? (made.files.snapshot?.data as string));
  const archive = await readFile('archive', change.archive ?? made.archive);
  return verifyExport(record, archive, snapshot);
}

const differences = (v: Awaited<ReturnType<typeof check>>) => (v.ok ? [] : v.differences);

const formats = sharedPath('formats');
const example = bundledExample();

/** A history per format the brief names: ours (the bundled example), Claude Code, OpenAI chat. */
function cases(): Array<[string, ExportSetup]> {
  const out: Array<[string, ExportSetup]> = [
    [
      'agentscope',
      {
        text: example.text,
        fileName: example.fileName,
        goal: example.goal,
        eligible: example.eligible_tool_names,
        options: example.options,
      },
    ],
  ];
  if (formats === null) return out;
  const claude = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';
  const chat = 'openai-chat-completions/taubench-gpt-4o-airline-first4.json';
  const chatText = readFileSync(join(formats, chat), 'utf8');
  out.push(['claude-code', { text: readFileSync(join(formats, claude), 'utf8'), fileName: 'session.jsonl' }]);
  out.push([
    'openai-chat',
    {
      text: chatText,
      fileName: 'taubench.json',
      conversation: inspectSource(chatText).conversations[0].key,
      // The offline model keeps this short airline task's few lookups: a script drops them.
      script: { answers: {}, default: { call: 0.1, result: 0.2 } },
      options: { preserve_recent_messages: 2 },
    },
  ]);
  return out;
}

/** A setup exported at another threshold than the run's, with one override and a comment. */
async function tuned(setup: ExportSetup): Promise<MadeExport> {
  const first = await makeExport(setup);
  const candidate = first.record.decisions.find((d) => d.keep_call !== null) ?? first.record.decisions[0];
  const flipped: Action = candidate.action === 'drop_call' ? 'keep' : 'drop_call';
  return makeExport({
    ...setup,
    threshold: 0.35,
    overrides: { [candidate.pair_id]: flipped },
    comments: { [candidate.pair_id]: 'checked by hand' },
  });
}

describe('§9 verify (core)', () => {
  if (formats === null) it.skip(sharedSkipReason('formats'), () => {});
  for (const [format, setup] of cases()) {
    describe(format, () => {
      it(`§9 R12 R13 R14 R15 an untouched ${format} export, tuned and overridden, verifies`, async () => {
        const made = await tuned(setup);
        expect(made.record.source.format).toBe(format);
        expect(made.record.decisions.some((d) => d.override !== null)).toBe(true);
        expect(made.record.decisions.some((d) => d.action !== 'keep')).toBe(true);
        expect(await check(made)).toMatchObject({ ok: true });
      });

      it(`§9 a ${format} snapshot edited by hand after export differs, at the edited line`, async () => {
        const made = await tuned(setup);
        const text = made.files.snapshot?.data as string;
        const at = text.lastIndexOf('"', text.length - 10);
        const edited = `${text.slice(0, at)}"x${text.slice(at + 1)}`;
        const found = differences(await check(made, { snapshot: edited }));
        const line = text.slice(0, at).split('\n').length;
        // The first differing character is the one after the quote; its offset counts UTF-8 bytes.
        const byte = Buffer.byteLength(text.slice(0, at + 1));
        expect(found[0]).toMatch(
          new RegExp(
            `^the snapshot out differs from what the record approves from byte ${byte} \\(line ${line}, column \\d+\\)$`,
          ),
        );
        expect(found.some((d) => d.includes('has sha256'))).toBe(true);
      });

      it(`§9 R12 a ${format} record whose probability was moved across the threshold is refused`, async () => {
        const made = await tuned(setup);
        const target = made.record.decisions.find(
          (d) => d.keep_result !== null && d.override === null && d.model_action !== 'keep',
        );
        expect(target).toBeDefined();
        const found = differences(
          await check(made, {
            record: (r) => {
              const d = r.decisions.find((x) => x.pair_id === target?.pair_id);
              if (d) d.keep_result = 0.99;
              return r;
            },
          }),
        );
        expect(found[0]).toContain(
          `(${target?.pair_id}, call ${target?.call_id}): the record says ${target?.model_action}`,
        );
        expect(found[0]).toContain('give keep (result_needed)');
      });

      it(`§9 a ${format} record given an override after export (action and override consistent) no longer matches the snapshot`, async () => {
        const made = await tuned(setup);
        const target = made.record.decisions.find((d) => d.action === 'drop_call' && d.override === null);
        expect(target).toBeDefined();
        const found = differences(
          await check(made, {
            record: (r) => {
              const d = r.decisions.find((x) => x.pair_id === target?.pair_id);
              if (d) Object.assign(d, { override: 'keep', action: 'keep' });
              return r;
            },
          }),
        );
        expect(found[0]).toMatch(/^the snapshot out differs from what the record approves from byte \d+ \(line \d+/);
      });

      it(`§9 R12 a ${format} record with another keep_threshold is refused`, async () => {
        const made = await tuned(setup);
        const found = differences(
          await check(made, { record: (r) => ({ ...r, options: { ...r.options, keep_threshold: 0 } }) }),
        );
        expect(found[0]).toMatch(/at keep_threshold 0 give/);
      });

      it(`§9 a tampered ${format} archive is refused before anything is derived from it`, async () => {
        const made = await tuned(setup);
        const archive = new Uint8Array(made.archive);
        archive[Math.floor(archive.length / 2)] ^= 1;
        const verification = await check(made, { archive });
        expect(differences(verification)).toHaveLength(1);
        expect(differences(verification)[0]).toMatch(
          /^the archive archive is not the original that was opened: sha256 [0-9a-f]{64}/,
        );
        expect(verification.rederived).toBeNull();
      });

      it(`§9 a ${format} record whose snapshot hash or stats were rewritten is refused`, async () => {
        const made = await tuned(setup);
        const hash = differences(
          await check(made, {
            record: (r) => ({ ...r, exported_file: { ...r.exported_file, sha256: '0'.repeat(64) } }),
          }),
        );
        expect(hash).toEqual([expect.stringMatching(/the record says 0{64}/)]);
        const stats = differences(
          await check(made, { record: (r) => ({ ...r, stats: { ...r.stats, chars_after_exported: 1 } }) }),
        );
        expect(stats).toEqual([
          expect.stringMatching(/^stats.chars_after_exported is 1, the re-derived snapshot has \d+/),
        ]);
      });
    });
  }

  it('§9 an export whose snapshot is not what the record derives is refused before anything is written', async () => {
    const made = await makeExport(cases()[0][1]);
    const { exported_file: _f, ...draft } = made.record;
    const stale = (made.files.snapshot?.data as string).replace('payment', 'PAYMENT');
    await expect(
      bundleExport(
        { text: stale, archive: made.archive, archiveText: example.text, audit: draft, report: false },
        'out.json',
        nodeHash,
      ),
    ).rejects.toThrow(ExportRefused);
  });

  it('§9 the first difference names its byte offset, line and column, and quotes neither file', () => {
    expect(firstTextDifference('ab\ncd', 'ab\ncX')).toBe('byte 4 (line 2, column 2)');
    // Offsets count UTF-8 bytes: é is 2, 😀 is 4.
    expect(firstTextDifference('é😀\nd', 'é😀\nX')).toBe('byte 7 (line 2, column 1)');
    expect(firstTextDifference('ab', 'abc')).toBe(
      'byte 2 (line 1, column 3): the approved text ends there, the snapshot goes on',
    );
    expect(firstTextDifference('abc', 'ab')).toBe(
      'byte 2 (line 1, column 3): the snapshot ends there, the approved text goes on',
    );
    expect(firstTextDifference('same', 'same')).toBeNull();
    const secret = 'AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG';
    expect(firstTextDifference('[{"id":"m0"}]', secret)).not.toMatch(/AKIA|wJal|\[/);
  });
});

describe('§9 verify over generated histories in every format', () => {
  for (const format of TEXT_FORMAT_IDS) {
    it(`§9 R12 R15 ${format}: any threshold, overrides and probabilities verify; any one-character edit of the snapshot does not`, async () => {
      await fc.assert(
        fc.asyncProperty(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.constantFrom(0, 0.3, 0.5, 0.8, 1),
          fc.array(fc.constantFrom<Action | null>(null, 'keep', 'drop_result', 'drop_call'), { maxLength: 12 }),
          fc.record({
            call: fc.double({ min: 0, max: 1, noNaN: true }),
            result: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          fc.nat(),
          async (turns, threshold, choices, answer, position) => {
            const text = ENCODERS[format](turns);
            const setup: ExportSetup = {
              text,
              fileName: 'h.json',
              script: { answers: {}, default: answer },
              threshold,
            };
            const first = await makeExport({ ...setup, conversation: inspectSource(text).conversations[0].key });
            const overrides = Object.fromEntries(
              first.record.decisions.flatMap((d, i) => (choices[i] ? [[d.pair_id, choices[i]]] : [])),
            );
            const made = await makeExport({ ...setup, conversation: first.record.source.conversation, overrides });
            expect(await check(made)).toMatchObject({ ok: true });
            const snapshot = made.files.snapshot?.data as string;
            const at = position % snapshot.length;
            const edited = snapshot.slice(0, at) + (snapshot[at] === 'a' ? 'b' : 'a') + snapshot.slice(at + 1);
            expect((await check(made, { snapshot: edited })).ok).toBe(false);
          },
        ),
        { seed: 11, numRuns: 25 },
      );
    });
  }
});

describe.skipIf(formats === null)('R3 the shell rule in the record', () => {
  const setup = (): ExportSetup => ({
    text: readFileSync(join(formats as string, 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl'), 'utf8'),
    fileName: 'session.jsonl',
    eligible: ['Bash', 'Read'],
  });

  it('R3 a record names the shell rule, keeps writing Bash calls with its reason, and verifies', async () => {
    const made = await makeExport(setup());
    expect(made.record.shell_read_only).toEqual({ rule: SHELL_RULE, allow: [], deny: [] });
    const kept = made.record.decisions.filter((d) => d.reason === 'shell_command_not_read_only');
    expect(kept.length).toBe(41);
    expect(kept.every((d) => d.tool_name === 'Bash' && d.action === 'keep' && d.keep_call === null)).toBe(true);
    expect(await check(made)).toMatchObject({ ok: true });
  });

  it('R3 a record whose shell patterns, rule or presence were changed after export is refused', async () => {
    const made = await makeExport(setup());
    const narrowed = await check(made, {
      record: (r) => ({ ...r, shell_read_only: { rule: SHELL_RULE, allow: [], deny: ['ls'] } }),
    });
    expect(differences(narrowed)[0]).toMatch(/the recorded policy guards it \(shell_command_not_read_only\)/);
    const other = await check(made, {
      record: (r) => ({ ...r, shell_read_only: { rule: 'x/2', allow: [], deny: [] } }),
    });
    expect(differences(other)).toContain(`shell_read_only.rule is x/2, this version applies ${SHELL_RULE}`);
    // Without the field the record reads as one written before the rule: shell tools eligible by name.
    const byName = await check(made, { record: ({ shell_read_only: _rule, ...r }) => r });
    expect(differences(byName).some((d) => d.includes('(shell_command_not_read_only)'))).toBe(true);
  });
});
