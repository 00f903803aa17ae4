/**
 * The offline model on the real transcripts in ../shared/corpus (read in place), measured the
 * only honest way: leave one transcript out. Each transcript's cuts are scored with weights
 * fitted on the other transcripts alone; under both labels the pooled figures must reach
 * recall 0.60 at reduction 0.40 and beat observation masking (M = 10) on both axes and a
 * random policy with the same actions on recall, also per transcript.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHistory } from '../../core/engine/containers.js';
import type { CrossValidation } from '../../core/eval/crossval.js';
import { crossValidate } from '../../core/eval/crossval.js';
import { LABELS, labelContext } from '../../core/eval/labels.js';
import { pool, poolBySource, versusBaselines } from '../../core/eval/pool.js';
import { corpusFiles, sharedPath, sharedSkipReason } from '../support/shared.js';

const corpus = sharedPath('corpus');

describe.skipIf(corpus === null)(
  corpus === null ? sharedSkipReason('corpus') : 'offline model, cross-validated on the corpus',
  () => {
    let cv: CrossValidation;
    let sources: string[];
    beforeAll(async () => {
      const transcripts = corpusFiles(corpus as string).map((file) => ({
        source: file,
        messages: loadHistory(readFileSync(join(corpus as string, file), 'utf8')).messages,
      }));
      sources = transcripts.map((t) => t.source);
      cv = await crossValidate(transcripts, (t) => labelContext(t.messages), { cuts: 3, maskM: 10, seeds: 5 });
    }, 180_000);

    it('holds every transcript out once, with weights fitted on the others only', () => {
      expect(cv.folds.map((f) => f.heldOut)).toEqual(sources.map((s) => [s]));
      expect(new Set(cv.folds.map((f) => f.trainCandidates)).size).toBe(cv.folds.length);
      expect(cv.results.every((r) => r.error === null && r.policies.ablation !== undefined)).toBe(true);
    });

    it('reaches recall 0.60 at reduction 0.40 pooled under both labels, beating masking on both axes and random on recall', () => {
      const pooled = pool(cv.results);
      for (const label of LABELS) {
        const { model } = pooled[label].policies;
        expect(model.recall ?? 0, label).toBeGreaterThanOrEqual(0.6);
        expect(model.reduction, label).toBeGreaterThanOrEqual(0.4);
        const versus = versusBaselines(pooled[label]);
        expect(versus.masking, label).toEqual({ recall: true, reduction: true });
        expect(versus.random.recall, label).toBe(true);
      }
    });

    it('beats masking and random on recall in every transcript with at least 5 used results', () => {
      for (const { source, pooled } of poolBySource(cv.results))
        for (const label of LABELS) {
          if (pooled[label].policies.model.used < 5) continue;
          const versus = versusBaselines(pooled[label]);
          expect([versus.masking.recall, versus.random.recall], `${source} (${label})`).toEqual([true, true]);
        }
    });
  },
);
