/**
 * Figures of one policy on one cut, and their pooling. Reduction is measured on the rebuilt
 * history (R13/R14, compact JSON) exactly as `stats.chars_after` would be; recall and
 * precision count candidates only, since guarded pairs are kept by every policy alike.
 */
import type { Analysis } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { rebuild } from '../engine/rebuild.js';
import type { Message } from '../engine/schema.js';
import type { LaterUse } from './labels.js';
import type { Actions } from './policies.js';

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
  labels: ReadonlyMap<string, LaterUse>;
  /** R13 as the run applied it (head, §9 tail, archive_ref), so every policy truncates alike. */
  rebuildOptions: RebuildOptions;
  charsBefore: number;
}

export function tally(subject: CutSubject, actions: Actions): Tally {
  const rebuilt = rebuild(subject.history, subject.analysis.pairs, actions, subject.rebuildOptions, false);
  const charsAfter = rebuilt.changed ? JSON.stringify(rebuilt.messages).length : subject.charsBefore;
  let used = 0;
  let kept = 0;
  let usedKept = 0;
  for (const pair of subject.analysis.candidates) {
    const isUsed = subject.labels.get(pair.callId)?.used === true;
    const isKept = (actions.get(pair.pairId) ?? 'keep') === 'keep';
    if (isUsed) used++;
    if (isKept) kept++;
    if (isUsed && isKept) usedKept++;
  }
  return {
    charsBefore: subject.charsBefore,
    charsAfter,
    candidates: subject.analysis.candidates.length,
    used,
    kept,
    usedKept,
  };
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

/** Tallies averaged over several runs (random seeds), kept as fractional counts. */
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
