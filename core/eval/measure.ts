/**
 * Figures of one policy on one cut, and their pooling. Reduction is measured on the rebuilt
 * history (R13/R14, compact JSON) exactly as `stats.chars_after` would be; recall and
 * precision count candidates only, since guarded pairs are kept by every policy alike. One
 * rebuild per set of actions serves every label (`Tallies`: one `Tally` per label).
 */
import type { Analysis } from '../engine/guards.js';
import type { RebuildOptions, Rebuilt } from '../engine/rebuild.js';
import { rebuild } from '../engine/rebuild.js';
import type { Message } from '../engine/schema.js';
import type { CutLabels, LabelName } from './labels.js';
import { LABELS } from './labels.js';
import type { Actions } from '../policies/baselines.js';

export interface Tally {
  charsBefore: number;
  charsAfter: number;
  candidates: number;
  /** Candidates labelled used later. */
  used: number;
  /** Candidates kept intact (action keep). */
  kept: number;
  usedKept: number;
}

export interface Figures extends Tally {
  reduction: number;
  /** Of the used-later results, the share kept intact; null when none was used. */
  recall: number | null;
  /** Of the results kept intact, the share used later; null when none was kept. */
  precision: number | null;
}

export interface CutSubject {
  history: readonly Message[];
  analysis: Analysis;
  labels: CutLabels;
  /** R13 as the run applied it (head, §9 tail, archive_ref), so every policy truncates alike. */
  rebuildOptions: RebuildOptions;
  charsBefore: number;
}

/** One tally per label. */
export type Tallies = Record<LabelName, Tally>;

/** `options`: R13 as a peer policy shortens (its head and tail), else as the run applied it. */
export function tally(
  subject: CutSubject,
  actions: Actions,
  options: RebuildOptions = subject.rebuildOptions,
): Tallies {
  return tallyRebuilt(subject, actions, rebuild(subject.history, subject.analysis.pairs, actions, options, false));
}

/** The tallies of actions already applied (`rebuilt`), so a caller that needs the history too rebuilds once. */
export function tallyRebuilt(subject: CutSubject, actions: Actions, rebuilt: Rebuilt): Tallies {
  const charsAfter = rebuilt.changed ? JSON.stringify(rebuilt.messages).length : subject.charsBefore;
  const kept = subject.analysis.candidates.filter((pair) => (actions.get(pair.pairId) ?? 'keep') === 'keep');
  return perLabel((label) => {
    const isUsed = (callId: string) => subject.labels[label].get(callId)?.used === true;
    return {
      charsBefore: subject.charsBefore,
      charsAfter,
      candidates: subject.analysis.candidates.length,
      used: subject.analysis.candidates.filter((pair) => isUsed(pair.callId)).length,
      kept: kept.length,
      usedKept: kept.filter((pair) => isUsed(pair.callId)).length,
    };
  });
}

/** A record with one value per label. */
export function perLabel<T>(make: (label: LabelName) => T): Record<LabelName, T> {
  return Object.fromEntries(LABELS.map((label) => [label, make(label)])) as Record<LabelName, T>;
}

export const ZERO_TALLY: Tally = { charsBefore: 0, charsAfter: 0, candidates: 0, used: 0, kept: 0, usedKept: 0 };

export function add(a: Tally, b: Tally): Tally {
  return {
    charsBefore: a.charsBefore + b.charsBefore,
    charsAfter: a.charsAfter + b.charsAfter,
    candidates: a.candidates + b.candidates,
    used: a.used + b.used,
    kept: a.kept + b.kept,
    usedKept: a.usedKept + b.usedKept,
  };
}

/** Per label, tallies averaged over several runs (random seeds), kept as fractional counts. */
export function meanTallies(runs: readonly Tallies[]): Tallies {
  return perLabel((label) => mean(runs.map((run) => run[label])));
}

/** Tallies averaged over several runs, kept as fractional counts. */
export function mean(tallies: readonly Tally[]): Tally {
  const sum = tallies.reduce(add, ZERO_TALLY);
  const n = Math.max(1, tallies.length);
  return {
    charsBefore: sum.charsBefore / n,
    charsAfter: sum.charsAfter / n,
    candidates: sum.candidates / n,
    used: sum.used / n,
    kept: sum.kept / n,
    usedKept: sum.usedKept / n,
  };
}

export function figures(t: Tally): Figures {
  return {
    ...t,
    reduction: t.charsBefore === 0 ? 0 : (t.charsBefore - t.charsAfter) / t.charsBefore,
    recall: t.used === 0 ? null : t.usedKept / t.used,
    precision: t.kept === 0 ? null : t.usedKept / t.kept,
  };
}
