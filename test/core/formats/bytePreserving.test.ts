/**
 * SPEC §9 byte-preserving export: outside the spans a decision edits, an exported file is
 * byte-identical to its source — JSON documents too (spacing, key order, escapes, number
 * spelling), and every JSON Lines line no decision edits. Checked on every file of
 * ../shared/formats, on generated histories of every format, and on a document whose numbers
 * JSON.parse cannot hold (`1e400`, `12345678901234567890`, `-0`), which `verify` must then
 * call exact only when the bytes are.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import type { JsonPath, OpenedSource, Proposal, SourceText } from '../../../core/formats/index.js';
import { exportSource, inspectSource, openConversation } from '../../../core/formats/index.js';
import { valueAt } from '../../../core/formats/document.js';
import { recordLine } from '../../../core/formats/jsonLines.js';
import { verifyExport } from '../../../core/audit/verify.js';
import { nodeHash } from '../../../app/host/exportFiles.js';
import { makeExport } from '../../support/exports.js';
import { sharedSkipReason } from '../../support/shared.js';
import { ENCODERS, historyArb, ONE_CALL_PER_TURN, TEXT_FORMAT_IDS } from './encoders.js';
import { FIXTURES, FORMATS_DIR, fixtureText, proposalFromChoices } from './support.js';

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];

/** The same edits written the way a parse-and-stringify writer would: the document without its text. */
function stringified(source: OpenedSource, proposal: Proposal): string {
  if (source.doc.kind === 'jsonl') {
    // Each record stringified on a line of its own: the edits are spliced into that text.
    const lines = source.doc.records.map((record) => JSON.stringify(record));
    let at = 0;
    const spans = lines.map((line): [number, number] => [at, (at += line.length + 1) - 1]);
    const text = lines.map((line) => `${line}\n`).join('');
    return exportSource({ doc: { ...source.doc, text, spans, eol: '\n', bom: false }, read: source.read }, proposal);
  }
  const { text: _text, ...doc } = source.doc;
  return exportSource({ doc: doc as SourceText, read: source.read }, proposal);
}

/** Each record once, though several messages may share it (a smolagents step holds a call and its result). */
function uniquePaths(paths: readonly JsonPath[]): JsonPath[] {
  return [...new Map(paths.map((path) => [JSON.stringify(path), path])).values()];
}

/** A JSON document's value, or a JSON Lines file's records. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
  }
}

/**
 * Each record of the conversation (its native place, SPEC §9 source map) with its original
 * text, in file order (a format of parallel lists, InterCode's, maps a turn to several).
 */
function recordTexts(source: OpenedSource, text: string): Array<{ json: string; text: string }> {
  const doc = source.doc;
  const out: Array<{ json: string; text: string; at: number }> = [];
  const tree = doc.kind === 'json' ? parseTree(text) : undefined;
  for (const path of uniquePaths(source.read.map.records.flat())) {
    if (doc.kind === 'jsonl') {
      const i = path[0] as number;
      out.push({ json: JSON.stringify(doc.records[i]), text: recordLine(doc, i), at: i });
      continue;
    }
    const node = tree && findNodeAtLocation(tree, [...path]);
    if (!node) continue;
    out.push({
      json: JSON.stringify(valueAt(doc.value, path)),
      text: text.slice(node.offset, node.offset + node.length),
      at: node.offset,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Every record the edits left as it was (its value is still among the records the
 * stringifying writer gives) appears in the export with its original bytes, in order.
 */
function expectUntouchedRecordsVerbatim(source: OpenedSource, text: string, exported: string, reference: string) {
  const reread = openConversation(inspectSource(reference), source.read.conversation);
  const remaining = new Map<string, number>();
  for (const path of uniquePaths(reread.read.map.records.flat())) {
    const value = reread.doc.kind === 'jsonl' ? reread.doc.records[path[0] as number] : valueAt(reread.doc.value, path);
    const json = JSON.stringify(value);
    remaining.set(json, (remaining.get(json) ?? 0) + 1);
  }
  let from = 0;
  let verbatim = 0;
  for (const record of recordTexts(source, text)) {
    const left = remaining.get(record.json) ?? 0;
    if (left === 0) continue;
    remaining.set(record.json, left - 1);
    const at = exported.indexOf(record.text, from);
    expect(
      at,
      `an untouched record is not in the export as written: ${record.text.slice(0, 120)}`,
    ).toBeGreaterThanOrEqual(0);
    from = at + record.text.length;
    verbatim++;
  }
  return verbatim;
}

describe('§9 byte-preserving export of the shared files', () => {
  if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});
  else
    for (const fixture of FIXTURES) {
      it(`§9 ${fixture.file}: exporting with no edit gives the file byte for byte`, () => {
        const text = fixtureText(fixture);
        const inspected = inspectSource(text, fixture.format);
        for (const conversation of inspected.conversations) {
          const source = openConversation(inspected, conversation.key);
          const proposal = proposalFromChoices(source, [], 0);
          expect(proposal.edits).toEqual([]);
          expect(exportSource(source, proposal) === text).toBe(true);
        }
      });
    }
});

describe('§9 byte-preserving export of generated histories', () => {
  for (const format of TEXT_FORMAT_IDS) {
    it(`§9 ${format}: no edit gives the source; edits leave every untouched record's bytes and parse as the edited document`, () => {
      let verbatim = 0;
      let edited = 0;
      fc.assert(
        fc.property(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
          fc.nat({ max: 400 }),
          (turns, choices, head) => {
            const text = ENCODERS[format](turns);
            const source = openConversation(inspectSource(text, format), undefined);
            expect(exportSource(source, proposalFromChoices(source, [], 0)) === text).toBe(true);
            const proposal = proposalFromChoices(source, choices, head);
            edited += proposal.edits.length;
            const exported = exportSource(source, proposal);
            const reference = stringified(source, proposal);
            expect(valueOf(exported)).toEqual(valueOf(reference));
            verbatim += expectUntouchedRecordsVerbatim(source, text, exported, reference);
          },
        ),
        { seed: 19, numRuns: 60 },
      );
      expect(edited).toBeGreaterThan(10);
      expect(verbatim).toBeGreaterThan(10);
    });
  }
});

const LONG = 'line of output that the agent read once\n'.repeat(60);

/**
 * An OpenAI chat log (tau-bench's shape) whose numbers JSON.parse cannot hold as written, with
 * odd spacing and `\u` escapes everywhere but in the results the compaction edits.
 */
const ODD = [
  '[ {"task_id" : 12345678901234567890,  "reward": 1e400, "info":{ "t": -0, "ns":1700000000123456789, "s":"caf\\u00e9\\t\\u2028" },',
  '    "traj":[',
  '      {"role":"system",   "content":"policy \\u0041"},',
  '      {"role":"user","content":"read both files","ts":1.50},',
  `      {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read","arguments":"{\\"path\\": \\"a\\"}"}}]},`,
  `      {"role":"tool","tool_call_id":"c1","name":"read","content":${JSON.stringify(LONG)}},`,
  `      {"role":"assistant","content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"read","arguments":"{\\"path\\": \\"b\\"}"}}], "cost": 2E-7},`,
  `      {"role":"tool","tool_call_id":"c2","name":"read","content":${JSON.stringify(LONG)}},`,
  '      {"role":"assistant","content":"done \\ud83d\\ude00", "n": 100000000000000000001}',
  '    ], "trial" :0 } ]',
  '',
].join('\n');

const ODD_SPELLINGS = [
  '"task_id" : 12345678901234567890,  "reward": 1e400, "info":{ "t": -0, "ns":1700000000123456789, "s":"caf\\u00e9\\t\\u2028" }',
  '{"role":"system",   "content":"policy \\u0041"}',
  '"ts":1.50',
  '"cost": 2E-7',
  '"content":"done \\ud83d\\ude00", "n": 100000000000000000001}',
  '], "trial" :0 } ]\n',
];

describe('§9 numbers, escapes and spacing as written', () => {
  it('§9 an export that drops one call and shortens the other result keeps every other byte', () => {
    const source = openConversation(inspectSource(ODD, 'openai-chat'), undefined);
    const proposal = proposalFromChoices(source, ['drop_call', 'drop_result'], 200);
    expect(proposal.edits.map((e) => e.kind).sort()).toEqual(['drop', 'truncate']);
    const exported = exportSource(source, proposal);
    for (const spelling of ODD_SPELLINGS) expect(exported).toContain(spelling);
    expect(exported).not.toContain('"c1"');
    expect(exported.length).toBeLessThan(ODD.length - LONG.length);
    // The parse-and-stringify writer loses exactly what this one keeps.
    const stringifiedText = stringified(source, proposal);
    expect(stringifiedText).not.toContain('12345678901234567890');
    expect(stringifiedText).not.toContain('1e400');
    // Equal values once both are spelled by JSON.stringify (1e400 → null, -0 → 0 on both sides).
    expect(JSON.stringify(valueOf(exported))).toBe(JSON.stringify(valueOf(stringifiedText)));
  });

  it('§9 verify calls the export exact, and not once a number is spelled otherwise', async () => {
    const made = await makeExport({
      text: ODD,
      fileName: 'odd.json',
      script: { answers: {}, default: { call: 0.1, result: 0.2 } },
    });
    const snapshot = made.files.snapshot?.data as string;
    for (const spelling of ODD_SPELLINGS) expect(snapshot).toContain(spelling);
    const read = async (name: string, data: string | Uint8Array) => ({
      name,
      text: typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data),
      ...(await nodeHash(data)),
    });
    const archive = await read('archive', made.archive);
    expect((await verifyExport(made.record, archive, await read('out', snapshot))).ok).toBe(true);
    // The same value, spelled as a parse-and-stringify writer spells it: not the approved bytes.
    const respelled = snapshot.replace('12345678901234567890', '12345678901234567000');
    expect(JSON.stringify(valueOf(respelled))).toBe(JSON.stringify(valueOf(snapshot)));
    const verdict = verifyExport(made.record, archive, await read('out', respelled));
    expect(verdict.ok).toBe(false);
    if (!verdict.ok)
      expect(verdict.differences.join('\n')).toMatch(/differs from what the record approves from byte \d+/);
  });
});
