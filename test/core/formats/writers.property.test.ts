/**
 * Every writer over generated histories (SPEC §9, R11, R13, R14): whatever the actions, the
 * parsed input document is never modified, the output parses and is detected as its own
 * format, and reading it back gives exactly the rebuilt messages of the proposal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import {
  detectFormats,
  exportSource,
  inspectSource,
  openConversation,
  parseSource,
} from '../../../core/formats/index.js';
import { deepFreeze } from '../../support/invariants.js';
import { ENCODERS, historyArb, ONE_CALL_PER_TURN, TEXT_FORMAT_IDS } from './encoders.js';
import { proposalFromChoices, withPositionalIds } from './support.js';
import { adapterFor } from '../../../core/formats/index.js';
import { judgeExport } from '../../../core/formats/targets/index.js';

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];

describe('writers over generated histories', () => {
  for (const format of TEXT_FORMAT_IDS) {
    it(`§9 R11 R14 ${format}: input untouched, output in its own format, read back = the proposal`, () => {
      const seen = { truncate: 0, drop: 0 };
      fc.assert(
        fc.property(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
          fc.nat({ max: 400 }),
          (turns, choices, head) => {
            const text = ENCODERS[format](turns);
            const inspected = inspectSource(text);
            expect(inspected.format).toBe(format);
            const source = openConversation(inspected, inspected.conversations[0].key);
            deepFreeze(inspected.doc);
            const before = JSON.stringify(inspected.doc);
            const proposal = proposalFromChoices(source, choices, head);
            for (const edit of proposal.edits) seen[edit.kind]++;
            const exported = exportSource(source, proposal);
            expect(JSON.stringify(inspected.doc)).toBe(before);
            expect(detectFormats(parseSource(exported))[0]?.format).toBe(format);
            const reread = openConversation(inspectSource(exported), source.read.conversation);
            expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(proposal.messages));
          },
        ),
        { seed: 7, numRuns: 100 },
      );
      // The runs exercised both edits, not only unchanged writes.
      expect(seen.truncate).toBeGreaterThan(3);
      expect(seen.drop).toBeGreaterThan(3);
    });
  }

  // §9 drop_receipts, written as every export writes (the targets' rules applied): where the
  // format holds receipts, the file reads back as the proposal, receipts included; elsewhere the
  // file is exactly the one written without receipts.
  for (const format of TEXT_FORMAT_IDS) {
    it(`§9 R14 ${format} with drop_receipts: read back = the proposal, targets kept, never longer than the source`, () => {
      let receipts = 0;
      fc.assert(
        fc.property(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
          (turns, choices) => {
            const text = ENCODERS[format](turns);
            const inspected = inspectSource(text);
            const source = openConversation(inspected, inspected.conversations[0].key);
            const proposal = proposalFromChoices(source, choices, 300, true, true);
            const exported = exportSource(source, proposal);
            const reread = openConversation(inspectSource(exported), source.read.conversation);
            expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(proposal.messages));
            const plain = exportSource(source, proposalFromChoices(source, choices, 300, true, false));
            if (adapterFor(format).holdsReceipts !== true) expect(exported).toBe(plain);
            expect(exported.length).toBeLessThanOrEqual(text.length);
            expect(judgeExport(source, exported).refused).toEqual([]);
            receipts += (exported.match(/\[compacted: ran /g) ?? []).length;
          },
        ),
        { seed: 11, numRuns: 60 },
      );
      expect(receipts > 0).toBe(adapterFor(format).holdsReceipts === true);
    });
  }
});
