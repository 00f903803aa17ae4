/**
 * Calibration per question: R12 compares keep_call and keep_result with one shared threshold,
 * so each must mean what it says against its own label — keep_result against later use of the
 * result (labels.ts), keep_call against the call still being needed (callLabel.ts: its input or
 * target named again, or its result used). Per question: the held-out log loss (the cuts of
 * `eval --cv` were never fitted on) and the reliability bins `eval` prints and `eval --html` draws.
 */
import type { CutResult } from './evaluate.js';
import type { ReliabilityBin } from './reliability.js';
import { chanceOf } from '../engine/offline/calibration.js';
import { binsChart, RELIABILITY_BINS } from './reliability.js';

type Candidate = CutResult['candidates'][number];

/** How well one set of probabilities meets its labels. */
export interface Scored {
  candidates: number;
  /** Mean negative log-likelihood of the labels under the probabilities (natural log). */
  logLoss: number | null;
  /** Mean squared difference between the probability and the label (0 or 1). */
  brier: number | null;
  /** The median probability: two questions compared with one threshold should not sit far apart. */
  median: number | null;
  /** Mean probability and share of positives: equal when the question is calibrated on average. */
  meanPredicted: number | null;
  observed: number | null;
  bins: ReliabilityBin[];
}

export interface QuestionCalibration extends Scored {
  question: 'keep_result' | 'keep_call';
  /** What the question is scored against. */
  label: string;
  /**
   * The chances the probabilities stand for — each without its model's shared recall-first shift
   * (core/engine/offline/calibration.ts) — where that shift is known; null otherwise.
   */
  chance: Scored | null;
}

/** The keep_call label: the call's input or target named again, or its result used (select.ts's floor). */
export const callNeeded = (c: Candidate) => c.call_named || c.used['later-use'] || c.used.strict;

const QUESTIONS = [
  {
    question: 'keep_result',
    label: 'result used later (later-use label)',
    p: (c: Candidate) => c.keep_result,
    y: (c: Candidate) => c.used['later-use'],
  },
  {
    question: 'keep_call',
    label: 'call still needed (named again or result used)',
    p: (c: Candidate) => c.keep_call,
    y: callNeeded,
  },
] as const;

/** The shift a cut's probabilities were raised by (its fold's, or the fitted weights'); null when unknown. */
export type ShiftOf = (source: string) => number | null;

/** Both questions' calibration over the measured cuts, and of their chances where `shiftOf` knows the shift. */
export function questionCalibration(
  results: readonly CutResult[],
  bins = RELIABILITY_BINS,
  shiftOf: ShiftOf = () => null,
): QuestionCalibration[] {
  return QUESTIONS.map(({ question, label, p, y }) => {
    const raw: Array<[number, boolean]> = [];
    const chances: Array<[number, boolean]> = [];
    for (const result of results) {
      if (result.error !== null) continue;
      const shift = shiftOf(result.source);
      for (const c of result.candidates) {
        const prob = p(c);
        if (prob === null) continue;
        raw.push([prob, y(c)]);
        if (shift !== null) chances.push([chanceOf(prob, shift), y(c)]);
      }
    }
    return { question, label, ...scored(raw, bins), chance: chances.length === 0 ? null : scored(chances, bins) };
  });
}

function scored(pairs: ReadonlyArray<[number, boolean]>, bins: number): Scored {
  const out = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, n: 0, p: 0, pos: 0 }));
  let loss = 0;
  let squared = 0;
  let sumP = 0;
  let positives = 0;
  for (const [prob, positive] of pairs) {
    const clipped = Math.min(1 - 1e-6, Math.max(1e-6, prob));
    loss -= positive ? Math.log(clipped) : Math.log(1 - clipped);
    squared += (prob - (positive ? 1 : 0)) ** 2;
    sumP += prob;
    if (positive) positives++;
    const bin = out[Math.min(bins - 1, Math.floor(prob * bins))];
    bin.n++;
    bin.p += prob;
    if (positive) bin.pos++;
  }
  const n = pairs.length;
  return {
    candidates: n,
    logLoss: n === 0 ? null : loss / n,
    brier: n === 0 ? null : squared / n,
    median: median(pairs.map(([prob]) => prob)),
    meanPredicted: n === 0 ? null : sumP / n,
    observed: n === 0 ? null : positives / n,
    bins: out.map((b) => ({
      from: b.from,
      to: b.to,
      candidates: b.n,
      predicted: b.n === 0 ? null : b.p / b.n,
      observed: b.n === 0 ? null : b.pos / b.n,
    })),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

const fixed = (x: number | null) => (x === null ? '–' : x.toFixed(3));

const figures = (q: Scored) =>
  `log loss ${fixed(q.logLoss)}, Brier ${fixed(q.brier)}, median p ${pct(q.median)}, mean p ${pct(q.meanPredicted)}, observed ${pct(q.observed)} (${q.candidates} candidates)`;

/** One question's figures on one line (the text report and the HTML page's summary). */
export function summaryLine(q: QuestionCalibration): string {
  return `${q.question.padEnd(12)} vs ${q.label}: ${figures(q)}`;
}

/** The same for the chances behind the probabilities (the shared shift taken off), when known. */
export function chanceLine(q: QuestionCalibration): string | null {
  return q.chance === null
    ? null
    : `${q.question.padEnd(12)} as a chance (without the shared shift): ${figures(q.chance)}`;
}

const binsLine = (bins: readonly ReliabilityBin[]) =>
  '    ' +
  bins
    .filter((b) => b.candidates > 0)
    .map((b) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${pct(b.predicted)}→${pct(b.observed)} (${b.candidates})`)
    .join('  ');

/** The text report's lines: per question its log loss, Brier score, median, mean against observed, and the bins. */
export function calibrationLines(results: readonly CutResult[], shiftOf?: ShiftOf): string[] {
  const lines = ['CALIBRATION (per question, against its own label; the same threshold compares both: R12)'];
  for (const q of questionCalibration(results, RELIABILITY_BINS, shiftOf)) {
    lines.push(`  ${summaryLine(q)}`, binsLine(q.bins));
    const chance = chanceLine(q);
    if (chance !== null && q.chance !== null) lines.push(`  ${chance}`, binsLine(q.chance.bins));
  }
  return lines;
}

/** The keep_call reliability diagram of `eval --html`, beside keep_result's; its chances too when known. */
export function callReliabilityChart(results: readonly CutResult[], shiftOf?: ShiftOf): string {
  const call = questionCalibration(results, RELIABILITY_BINS, shiftOf).find((q) => q.question === 'keep_call');
  return binsChart(
    [
      { name: 'call still needed', color: '#15803d', bins: call?.bins ?? [] },
      ...(call?.chance ? [{ name: 'as a chance (shift taken off)', color: '#a16207', bins: call.chance.bins }] : []),
    ],
    'keep_call',
    'observed still needed',
  );
}

/** keep_call's bins as a table, like keep_result's (reliability.ts), for exact figures and screen readers. */
export function callReliabilityTable(results: readonly CutResult[]): string {
  const call = questionCalibration(results).find((q) => q.question === 'keep_call');
  const rows = (call?.bins ?? [])
    .map(
      (b) =>
        `<tr><th scope="row">${b.from.toFixed(1)}–${b.to.toFixed(1)}</th><td>${b.candidates}</td><td>${pct(b.predicted)}</td><td>${pct(b.observed)}</td></tr>`,
    )
    .join('\n');
  return `<table aria-label="keep_call reliability"><thead><tr><th>keep_call</th><th>candidates</th><th>mean predicted</th><th>still needed</th></tr></thead><tbody>${rows}</tbody></table>`;
}
