/**
 * SPEC §9 "Sources" on every real file of ../shared/formats and on our own fixtures of the two
 * formats without real files: detection (and no false detection by the other formats), an
 * unchanged export JSON-equal to the original (JSON Lines line by line), and import → compact
 * → export → import giving the compaction's own messages, with pairs, error states and
 * non-message records surviving.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import type { FormatId } from '../../../core/formats/index.js';
import {
  adapterFor,
  countToolBlocks,
  detectFormats,
  exportSource,
  FORMAT_IDS,
  inspectSource,
  openSource,
  parseSource,
  unchangedProposal,
} from '../../../core/formats/index.js';
import { withoutThinkingOnlyReplies } from '../../../core/formats/proposal.js';
import { judgeExport } from '../../../core/formats/targets/index.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { OWN_FIXTURES } from './ownFixtures.js';
import {
  alternatingModel,
  compactAndReread,
  errorResults,
  FIXTURES,
  fixtureText,
  FORMATS_DIR,
  sameDocument,
  withPositionalIds,
} from './support.js';

interface Case {
  name: string;
  format: FormatId;
  conversations: number;
  text: () => string;
}

const CASES: Case[] = [
  ...(FORMATS_DIR
    ? FIXTURES.map((f) => ({
        name: f.file,
        format: f.format,
        conversations: f.conversations,
        text: () => fixtureText(f),
      }))
    : []),
  ...OWN_FIXTURES.map((f) => ({
    name: `own: ${f.name}`,
    format: f.format,
    conversations: f.conversations,
    text: () => f.text,
  })),
  ...corpusCases(),
  ...corpusNextCases(),
];

/** The corpus transcripts are our own model: the agentscope format's real files. */
function corpusCases(): Case[] {
  const dir = sharedPath('corpus');
  if (!dir) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json') && n !== 'index.json')
    .map((n) => ({
      name: `corpus/${n}`,
      format: 'agentscope' as const,
      conversations: 1,
      text: () => readFileSync(join(dir, n), 'utf8'),
    }));
}

/** The formats whose only real files are in ../shared/corpus-next (its SOURCES.md names them). */
function corpusNextCases(): Case[] {
  const dir = sharedPath('corpus-next');
  if (!dir) return [];
  const files: Array<[file: string, format: FormatId, conversations: number]> = [
    ['intercode-bash/ic_bash_react_10_turns_fs_1-gpt-3.5.json', 'intercode', 60],
    ['openclaw-scout/fx-demo-cfabe24d.jsonl', 'openclaw-session', 1],
    ['smolagents-gaia/code_o1_27-01_text.jsonl', 'smolagents-gaia', 12],
  ];
  return files.map(([file, format, conversations]) => ({
    name: `corpus-next/${file}`,
    format,
    conversations,
    text: () => readFileSync(join(dir, file), 'utf8'),
  }));
}

if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

for (const testCase of CASES) {
  describe(testCase.name, () => {
    const text = testCase.text();

    it(`§9 is detected as ${testCase.format} and by no other format`, () => {
      expect(detectFormats(parseSource(text)).map((d) => d.format)).toEqual([testCase.format]);
      expect(inspectSource(text).conversations).toHaveLength(testCase.conversations);
    });

    it('§9 import → export with no change is JSON-equal to the original (JSON Lines: line by line)', () => {
      for (const { key } of inspectSource(text).conversations) {
        const source = openSource(text, { conversation: key });
        expect(sameDocument(exportSource(source, unchangedProposal(source.read.messages)), text)).toBe(true);
      }
    });

    for (const [name, model] of [
      ['alternating drop_call/drop_result', alternatingModel()],
      ['the offline model', createOfflineModel()],
    ] as const) {
      it(`§9 R13 R14 import → compact (${name}) → export → import gives the compaction’s messages; pairs, errors and other records survive; the export passes every target rule its source passes`, async () => {
        for (const { key } of inspectSource(text).conversations) {
          const { source, response, proposal, exported, reread } = await compactAndReread(
            text,
            { conversation: key },
            model,
            { preserve_recent_messages: 2 },
          );
          if (!response.success) throw new Error('compaction failed');
          const kept = proposal.keptForTargets ?? [];
          // A call a target needs is written as drop_result; everything else as decided.
          // A reply left holding thinking alone goes with its calls where the format says so
          // (claude-code: Claude Code replays no such reply); the §6 envelope keeps it (R14).
          const written = adapterFor(source.format).thinkingGoesWithReply
            ? withoutThinkingOnlyReplies(source.read.messages, { ...proposal, messages: response.answer.messages })
                .messages
            : response.answer.messages;
          if (kept.length === 0) expect(proposal.messages).toEqual(written);
          expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(proposal.messages));
          expect(judgeExport(source, exported).refused).toEqual([]);
          // The input document is never modified: exporting it unchanged still gives the original.
          expect(sameDocument(exportSource(source, unchangedProposal(source.read.messages)), text)).toBe(true);
          const dropped = response.answer.decisions.filter((d) => d.action === 'drop_call').length - kept.length;
          const before = countToolBlocks(source.read.messages);
          const after = countToolBlocks(reread.read.messages);
          expect(after).toEqual({ calls: before.calls - dropped, results: before.results - dropped });
          expect(errorResults(reread.read.messages)).toBe(errorResults(source.read.messages));
          expect(reread.read.notes.kept).toBe(source.read.notes.kept);
        }
      });
    }
  });
}

it('§9 every format id has a fixture: a real file, or one of ours where none exists', () => {
  // inspect-eval's real files are ZIPs, read as bytes: inspectEval.test.ts runs them.
  const textFormats = FORMAT_IDS.filter((f) => f !== 'inspect-eval');
  if (FORMATS_DIR) expect([...new Set(CASES.map((c) => c.format))].sort()).toEqual(textFormats.sort());
});

const corpus = sharedPath('corpus');
describe.skipIf(!corpus)('the corpus (our own message model)', () => {
  it('§9 every corpus transcript is detected as agentscope only', () => {
    for (const name of readdirSync(corpus as string).filter((n) => n.endsWith('.json') && n !== 'index.json')) {
      const text = readFileSync(join(corpus as string, name), 'utf8');
      expect(
        detectFormats(parseSource(text)).map((d) => d.format),
        name,
      ).toEqual(['agentscope']);
    }
  });
});
