/**
 * claude-stream-json on real Claude Code 2.1.222 stdout (SPEC §9 "Sources", "Byte-preserving
 * export", "Target checks"): lines of types the older fixtures lack (`rate_limit_event`,
 * `system`/`thinking_tokens`, a `result` with `terminal_reason`) must not make the file
 * unreadable; every line that is not a message survives a write byte for byte and in order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import {
  countToolBlocks,
  detectFormats,
  exportSource,
  openSource,
  parseSource,
  proposalFor,
  unchangedProposal,
} from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { FORMATS_DIR } from './support.js';

const CAPTURES = [
  {
    file: 'pydantic-ai-cc2.1.222-03-multi-turn-tools.jsonl',
    messages: 5,
    calls: 2,
    keptForThinking: 0,
    kept: '17 system, 1 rate_limit_event, 1 result',
  },
  {
    file: 'pydantic-ai-cc2.1.222-04-error-max-turns.jsonl',
    messages: 2,
    calls: 1,
    keptForThinking: 1,
    kept: '5 system, 1 rate_limit_event, 1 result',
  },
];

if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

const isMessageLine = (line: string) => {
  const type = (JSON.parse(line) as { type: string }).type;
  return type === 'user' || type === 'assistant';
};

describe.skipIf(!FORMATS_DIR)('claude-stream-json: real Claude Code 2.1.222 captures', () => {
  for (const capture of CAPTURES) {
    const text = () => readFileSync(join(FORMATS_DIR as string, 'claude-code-stream-json', capture.file), 'utf8');

    it(`§9 ${capture.file} is read as claude-stream-json (and by no other format), its calls paired`, () => {
      const detections = detectFormats(parseSource(text()));
      expect(detections.map((d) => d.format)).toEqual(['claude-stream-json']);
      expect(detections[0].reason).toMatch(/system init/);
      const { read } = openSource(text());
      expect(read.messages).toHaveLength(capture.messages);
      expect(countToolBlocks(read.messages)).toEqual({ calls: capture.calls, results: capture.calls });
      // Every line that is not a message is counted as kept, by type.
      expect(read.notes.kept).toBe(capture.kept);
    });

    it(`§9 ${capture.file}: an export with no change is byte-identical, and every target rule passes`, () => {
      const source = openSource(text());
      expect(exportSource(source, unchangedProposal(source.read.messages))).toBe(text());
      expect(runTargetChecks(source).map((r) => r.status)).toEqual(['pass']);
    });

    it(`§9 R14 ${capture.file}: dropping every call keeps every other line byte for byte, in order, and every target rule`, () => {
      const source = openSource(text());
      const analysis = analyze(source.read.messages, {
        eligibleToolNames: [],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 0,
      });
      expect(analysis.pairs).toHaveLength(capture.calls);
      const actions = new Map<string, Action>(analysis.pairs.map((p) => [p.pairId, 'drop_call']));
      const proposal = proposalFor(
        source.read.messages,
        analysis.pairs,
        actions,
        { options: DEFAULT_OPTIONS, archive_ref: 'a' },
        source,
      );
      const exported = exportSource(source, proposal);
      const others = (t: string) => t.split('\n').filter((line) => line !== '' && !isMessageLine(line));
      expect(others(exported)).toEqual(others(text()));
      // The run ended on a reply of thinking and a call (max turns): that call is kept for the
      // API's thinking rule and only its result is shortened.
      expect((proposal.keptForTargets ?? []).map((k) => k.rule)).toEqual(
        Array(capture.keptForThinking).fill('anthropic.thinking_unmodified'),
      );
      const reread = openSource(exported, { format: 'claude-stream-json' });
      const left = capture.keptForThinking;
      expect(countToolBlocks(reread.read.messages)).toEqual({ calls: left, results: left });
      expect(judgeExport(source, exported).refused).toEqual([]);
    });
  }
});
