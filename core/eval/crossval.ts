/**
 * `eval --cv`: cross-validation of the offline model with whole repositories held out. For
 * every held-out unit — the conversations of one repository, or a conversation alone when no
 * manifest names its repository (training.ts `heldOutUnits`) — the weights are fitted on the
 * samples of all the other units (fit.ts), the fit's settings chosen by the same grouped
 * cross-validation inside them (select.ts), and the unit's cuts are measured with them through
 * the real core (evaluate.ts), beside the same fit without the features that share the
 * later-use label's extractor. Every figure is held out: no cut is measured with weights that
 * saw its transcript or another run from its repository.
 */
import type { FeatureName, OfflineWeights } from '../engine/offline/features.js';
import { SHARED_EXTRACTOR_FEATURES } from '../engine/offline/features.js';
import { createOfflineModel } from '../engine/offline/model.js';
import { pickCuts } from './cuts.js';
import type { CutResult, EvalSettings } from './evaluate.js';
import { evaluateCut } from './evaluate.js';
import { FIT_CUTS, fitOfflineWeights } from './fit.js';
import { calibrationAt, hasBothClasses, selectCostWeights } from './select.js';
import type { LabelContext } from './labels.js';
import type { FoldReport } from './report.js';
import type { ConversationGroup, Transcript } from './training.js';
import { groupConversations, groupSamples, heldOutUnits, unitSamples, yieldToHost } from './training.js';

export interface CrossValidation {
  results: CutResult[];
  folds: FoldReport[];
  /** Transcripts measured only once because another file holds the same conversation. */
  duplicates: Array<{ source: string; sameAs: string }>;
}

/** Cross-validation cannot run on these transcripts (the caller's input, not a failure of the model). */
export class CrossValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrossValidationError';
  }
}

export interface CrossValidationSettings extends EvalSettings {
  cuts: number;
  /** Fit each fold on one scale (`fit --one-scale`, select.ts): calibrated questions, one shared shift. */
  oneScale?: boolean;
  progress?: (line: string) => void;
}

export async function crossValidate(
  transcripts: readonly Transcript[],
  context: (t: Transcript) => LabelContext,
  settings: CrossValidationSettings,
): Promise<CrossValidation> {
  const groups = groupConversations(transcripts, context);
  const units = heldOutUnits(groups);
  if (units.length < 2)
    throw new CrossValidationError(
      `--cv needs conversations from at least two repositories (or, where none is known, two different conversations) with a cut point; found ${units.length}`,
    );
  const duplicates = groups.flatMap((g) =>
    g.transcripts.slice(1).map((t) => ({ source: t.source, sameAs: g.transcripts[0].source })),
  );
  const samples = unitSamples(units, await groupSamples(groups, FIT_CUTS, pickCuts, settings));
  const scored = unitSamples(units, await groupSamples(groups, settings.cuts, pickCuts, settings));
  const results: CutResult[] = [];
  const folds: FoldReport[] = [];
  for (const [i, unit] of units.entries()) {
    if (settings.signal?.aborted) break;
    const trainGroups = samples.filter((_, j) => j !== i);
    const train = trainGroups.flat();
    if (!hasBothClasses(train))
      throw new CrossValidationError(
        `holding out ${unit.name} leaves no used and unused results to fit on: add transcripts`,
      );
    // The fit's two settings are chosen on the training conversations alone (select.ts).
    const trainScored = scored.filter((_, j) => j !== i);
    const oneScale = settings.oneScale === true;
    const selection = selectCostWeights(trainGroups, trainScored, {}, oneScale);
    const { keepCostWeight, callCostWeight } = selection;
    const calibration = selection.calibration ?? undefined;
    const weights = fitOfflineWeights(train, { keepCostWeight, callCostWeight, calibration });
    // The ablation's logits differ: on one scale it is calibrated on its own held-out logits.
    const without = { keepCostWeight, callCostWeight, exclude: SHARED_EXTRACTOR_FEATURES };
    const ablation = fitOfflineWeights(train, {
      ...without,
      ...(oneScale ? { calibration: calibrationAt(trainGroups, trainScored, without) } : {}),
    });
    const held = unit.members.map((j) => groups[j]);
    folds.push({
      ...foldReport(unit.repository, held, train.length, weights),
      keepCostWeight,
      callCostWeight,
      ...(calibration ? { shift: calibration.shift } : {}),
    });
    settings.progress?.(
      `fold ${i + 1}/${units.length} (${unit.name}, ${held.length} conversation${held.length === 1 ? '' : 's'}): keep cost weight ${keepCostWeight}, call cost weight ${callCostWeight}${calibration ? `, shift ${calibration.shift}` : ''}`,
    );
    for (const group of held) results.push(...(await heldOut(group, weights, ablation, settings)));
  }
  return { results, folds, duplicates };
}

async function heldOut(
  group: ConversationGroup,
  weights: OfflineWeights,
  ablation: OfflineWeights,
  settings: CrossValidationSettings,
): Promise<CutResult[]> {
  const [transcript] = group.transcripts;
  const out: CutResult[] = [];
  for (const cut of pickCuts(transcript.messages, settings.cuts)) {
    await yieldToHost();
    if (settings.signal?.aborted) break;
    const result = await evaluateCut(transcript.source, group.contexts[0], cut, createOfflineModel({ weights }), {
      ...settings,
      ablation: createOfflineModel({ weights: ablation }),
    });
    out.push(result);
    settings.progress?.(
      `held out ${transcript.source} @ m${cut.index}: ${result.error ? `failed: ${result.error.code}` : 'measured'}`,
    );
  }
  return out;
}

function foldReport(
  repository: string | null,
  held: readonly ConversationGroup[],
  trainCandidates: number,
  weights: OfflineWeights,
): Omit<FoldReport, 'keepCostWeight' | 'callCostWeight' | 'shift'> {
  const named = (logit: OfflineWeights['result']) =>
    ({ bias: logit.bias, ...logit.weights }) as Record<FeatureName | 'bias', number>;
  return {
    repository,
    heldOut: held.flatMap((group) => group.transcripts.map((t) => t.source)),
    trainCandidates,
    result: named(weights.result),
    call: named(weights.call),
  };
}
