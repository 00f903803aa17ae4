/**
 * The offline model's target on the real transcripts in ../shared/corpus (never copied into the repo),
 * pooled over 3 cuts each: the offline model keeps at least as many used-later results as
 * observation masking (M = 10) while removing more characters, and clearly more than a random
 * policy that keeps as many results.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import { loadHistory } from '../../core/engine/containers.js';
import { pickCuts } from '../../core/eval/cuts.js';
import { evaluateCut } from '../../core/eval/evaluate.js';
import { LABELS, labelContext } from '../../core/eval/labels.js';
import { pool } from '../../core/eval/pool.js';
import { corpusFiles, sharedPath, sharedSkipReason } from '../support/shared.js';

const corpus = sharedPath('corpus');

describe.skipIf(corpus === null)(
  corpus === null ? sharedSkipReason('corpus') : 'offline model on the shared corpus',
  () => {
    it('beats observation masking (recall at a higher reduction) and random (recall)', async () => {
      const results = [];
      for (const file of corpusFiles(corpus as string)) {
        const { messages } = loadHistory(readFileSync(join(corpus as string, file), 'utf8'));
        const context = labelContext(messages);
        for (const cut of pickCuts(messages, 3))
          results.push(await evaluateCut(file, context, cut, createOfflineModel(), { maskM: 10, seeds: 5 }));
      }
      for (const label of LABELS) {
        const { policies, failed } = pool(results)[label];
        expect(failed).toBe(0);
        const [model, masking, random] = [policies.model, policies.masking, policies.random];
        expect(model.recall ?? 0, label).toBeGreaterThanOrEqual(masking.recall ?? 1);
        expect(model.reduction, label).toBeGreaterThan(masking.reduction);
        expect(model.recall ?? 0, label).toBeGreaterThan((random.recall ?? 1) + 0.1);
      }
    });
  },
);
