/**
 * The offline model on the real transcripts in ../shared/corpus and ../shared/formats (read in
 * place), measured the only honest way: leave one conversation out. Each transcript's cuts are
 * scored with weights fitted — and the fit's one setting chosen — on the other conversations
 * alone. Under both labels the pooled figures must keep recall at 0.60 or more and beat
 * observation masking (M = 10) on both axes and a random policy with the same actions on
 * recall, also on the native-format files alone (other agents than the corpus's).
 *
 * The project's target is 0.40 reduction at that recall; measured here it is 0.398 (see
 * docs/benchmarks.md, Decision quality), so the reduction floor below guards the measured figure, not the
 * target: it fails on a regression, and is raised when the model reaches 0.40.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readTranscripts } from '../../../app/cli/transcripts.js';
import type { CrossValidation } from '../../../core/eval/crossval.js';
import { crossValidate } from '../../../core/eval/crossval.js';
import { LABELS, labelContext } from '../../../core/eval/labels.js';
import { pool, versusBaselines } from '../../../core/eval/pool.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

/** Just under the measured 0.398: a regression guard (the target, 0.40, is not yet reached). */
const MEASURED_REDUCTION_FLOOR = 0.39;
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
    }, 300_000);

    it('holds every conversation out once, the same session in two formats counted once', () => {
      const heldOut = cv.folds.flatMap((f) => f.heldOut);
      expect(new Set(heldOut).size).toBe(heldOut.length);
      expect(cv.duplicates).toEqual([
        {
          source: expect.stringMatching(/cctrace-phase0-investigation-main\.jsonl$/),
          sameAs: expect.stringMatching(/claudecode-opus45-cctrace-portable-sessions\.json$/),
        },
      ]);
      expect(new Set(cv.folds.map((f) => f.trainCandidates)).size).toBeGreaterThan(1);
      expect(cv.results.every((r) => r.error === null && r.policies.ablation !== undefined)).toBe(true);
    });

    it('keeps recall 0.60 pooled under both labels at the measured reduction, beating masking on both axes and random on recall', () => {
      const pooled = pool(cv.results);
      for (const label of LABELS) {
        const { model } = pooled[label].policies;
        expect(model.recall ?? 0, label).toBeGreaterThanOrEqual(0.6);
        expect(model.reduction, label).toBeGreaterThanOrEqual(MEASURED_REDUCTION_FLOOR);
        const versus = versusBaselines(pooled[label]);
        expect(versus.masking, label).toEqual({ recall: true, reduction: true });
        expect(versus.random.recall, label).toBe(true);
      }
    });

    it('beats masking on both axes and random on recall on the native-format transcripts (agents the corpus does not have)', () => {
      const pooled = pool(cv.results.filter((r) => r.source.startsWith(formats as string)));
      for (const label of LABELS) {
        expect(pooled[label].policies.model.used, label).toBeGreaterThanOrEqual(10);
        const versus = versusBaselines(pooled[label]);
        expect(versus.masking, label).toEqual({ recall: true, reduction: true });
        expect(versus.random.recall, label).toBe(true);
      }
    });
  },
);
