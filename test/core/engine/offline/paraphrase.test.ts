/**
 * Wording must not change decisions: the same task said in other words keeps the same
 * actions (at least 95 % of the candidates per goal pair, over 34 pairs on the corpus cuts),
 * and negation that describes the task ("stop sending", "no longer") dismisses nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHistory } from '../../../../core/engine/containers.js';
import { pickCuts } from '../../../../core/eval/cuts.js';
import { sharedPath, sharedSkipReason } from '../../../support/shared.js';
import { PARAPHRASES } from './paraphrases.js';
import { agreement, candidateActions, compactCut } from './support.js';

const corpus = sharedPath('corpus');

describe.skipIf(corpus === null)(
  corpus === null ? sharedSkipReason('corpus') : 'goal paraphrases on the corpus',
  () => {
    it('keeps at least 95 % identical actions for every pair of goals with the same meaning', async () => {
      const histories = new Map<string, ReturnType<typeof loadHistory>['messages']>();
      const results: string[] = [];
      for (const pair of PARAPHRASES) {
        if (!histories.has(pair.file))
          histories.set(pair.file, loadHistory(readFileSync(join(corpus as string, pair.file), 'utf8')).messages);
        const messages = histories.get(pair.file) ?? [];
        const cut = pickCuts(messages, 3)[pair.cut];
        const at = { file: pair.file, cut, history: messages.slice(0, cut.index) };
        const a = candidateActions(await compactCut(at, {}, pair.a));
        const b = candidateActions(await compactCut(at, {}, pair.b));
        const { same, total } = agreement(a, b);
        results.push(
          `${(same / total).toFixed(3)} ${same}/${total} ${pair.file} @${cut.index}: "${pair.a}" / "${pair.b}"`,
        );
      }
      expect(PARAPHRASES.length).toBeGreaterThanOrEqual(30);
      const below = results.filter((line) => Number(line.split(' ')[0]) < 0.95);
      expect(below).toEqual([]);
    }, 120_000);
  },
);
