/**
 * The offline model on the real transcripts in ../shared/corpus and ../shared/formats (read in
 * place), measured the only honest way: whole repositories held out. Each transcript's cuts are
 * scored with weights fitted — and the fit's two settings chosen — without any conversation of
 * its repository. Recall first: under both labels the default threshold must keep 0.80 or more
 * of the used results, beat a random policy with the same actions on recall, and beat
 * observation masking (M = 10) on recall — at the default, and at masking's own reduction (a
 * threshold of the same probabilities, R15) — also on the native-format files alone.
 *
 * The project's target is 0.40 reduction at that recall; measured here it is 0.299 (see
 * docs/decision-model.md, The default operating point), so the reduction floor below guards the measured
 * figure, not the target: it fails on a regression, and is raised when the model gets closer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readTranscripts } from '../../../app/cli/transcripts.js';
import type { CrossValidation } from '../../../core/eval/crossval.js';
import { crossValidate } from '../../../core/eval/crossval.js';
import type { LabelName } from '../../../core/eval/labels.js';
import { LABELS, labelContext } from '../../../core/eval/labels.js';
import { pool, versusBaselines } from '../../../core/eval/pool.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

/** Under the measured 0.299: a regression guard (the target, 0.40, is not reached at 0.80 recall). */
const MEASURED_REDUCTION_FLOOR = 0.25;
const MIN_RECALL = 0.8;

/** The best recall of a threshold of the sweep that removes at least what masking removes. */
function recallAtMaskingReduction(pooled: ReturnType<typeof pool>[LabelName]): number | null {
  const recalls = pooled.sweep
    .filter((p) => p.reduction >= pooled.policies.masking.reduction)
    .map((p) => p.recall ?? 0);
  return recalls.length === 0 ? null : Math.max(...recalls);
}
const corpus = sharedPath('corpus');
const formats = sharedPath('formats');
const present = corpus !== null && formats !== null;

describe.skipIf(!present)(
  present ? 'offline model, cross-validated on the shared transcripts' : sharedSkipReason('corpus and formats'),
  () => {
    let cv: CrossValidation;
    beforeAll(async () => {
      const transcripts = readTranscripts([corpus as string, formats as string], () => {});
      cv = await crossValidate(transcripts, (t) => labelContext(t.messages), { cuts: 3, maskM: 10, seeds: 5 });
    }, 900_000);

    it('§7 holds every repository out whole and once, the same session in two formats counted once', () => {
      const heldOut = cv.folds.flatMap((f) => f.heldOut);
      expect(new Set(heldOut).size).toBe(heldOut.length);
      // The folders' manifests name a repository for every file, and no repository is split across folds.
      expect(cv.folds.every((f) => f.repository !== null)).toBe(true);
      expect(new Set(cv.folds.map((f) => f.repository)).size).toBe(cv.folds.length);
      const tauBench = cv.folds.find((f) => f.repository === 'sierra-research/tau-bench');
      expect(tauBench?.heldOut.some((s) => s.startsWith(corpus as string))).toBe(true);
      expect(tauBench?.heldOut.some((s) => s.startsWith(formats as string))).toBe(true);
      expect(cv.duplicates).toEqual([
        {
          source: expect.stringMatching(/cctrace-phase0-investigation-main\.jsonl$/),
          sameAs: expect.stringMatching(/claudecode-opus45-cctrace-portable-sessions\.json$/),
        },
      ]);
      expect(new Set(cv.folds.map((f) => f.trainCandidates)).size).toBeGreaterThan(1);
      expect(cv.results.every((r) => r.error === null && r.policies.ablation !== undefined)).toBe(true);
    });

    it('R12 keeps recall 0.80 pooled under both labels at the default threshold and the measured reduction, beating masking and random on recall', () => {
      const pooled = pool(cv.results);
      for (const label of LABELS) {
        const { model, masking } = pooled[label].policies;
        expect(model.recall ?? 0, label).toBeGreaterThanOrEqual(MIN_RECALL);
        expect(model.reduction, label).toBeGreaterThanOrEqual(MEASURED_REDUCTION_FLOOR);
        const versus = versusBaselines(pooled[label]);
        expect(versus.masking.recall, label).toBe(true);
        expect(versus.random.recall, label).toBe(true);
        expect(recallAtMaskingReduction(pooled[label]) ?? 0, label).toBeGreaterThan(masking.recall ?? 1);
      }
    });

    it('R15 beats masking on recall at its own reduction, and random on recall, on the native-format transcripts (agents the corpus does not have)', () => {
      const pooled = pool(cv.results.filter((r) => r.source.startsWith(formats as string)));
      for (const label of LABELS) {
        expect(pooled[label].policies.model.used, label).toBeGreaterThanOrEqual(10);
        const versus = versusBaselines(pooled[label]);
        expect(versus.masking.recall, label).toBe(true);
        expect(versus.random.recall, label).toBe(true);
        expect(recallAtMaskingReduction(pooled[label]) ?? 0, label).toBeGreaterThan(
          pooled[label].policies.masking.recall ?? 1,
        );
      }
    });
  },
);
