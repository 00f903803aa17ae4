/**
 * Calibration per question: R12 compares keep_call and keep_result with one shared threshold,
 * so each must mean what it says against its own label — keep_result against later use of the
 * result (labels.ts), keep_call against the call still being needed (callLabel.ts: its input or
 * target named again, or its result used). Per question: the held-out log loss (the cuts of
 * `eval --cv` were never fitted on) and the reliability bins `eval` prints and `eval --html` draws.
 */
import type { CutResult } from './evaluate.js';
import type { ReliabilityBin } from './reliability.js';
import { binsChart, RELIABILITY_BINS } from './reliability.js';

type Candidate = CutResult['candidates'][number];

export interface QuestionCalibration {
  question: 'keep_result' | 'keep_call';
  /** What the question is scored against. */
  label: string;
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

/** Both questions' calibration over the measured cuts. */
export function questionCalibration(results: readonly CutResult[], bins = RELIABILITY_BINS): QuestionCalibration[] {
  return QUESTIONS.map(({ question, label, p, y }) => {
    const out = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, n: 0, p: 0, pos: 0 }));
    let n = 0;
    let loss = 0;
    let squared = 0;
    const all: number[] = [];
    let sumP = 0;
    let positives = 0;
    for (const result of results) {
      if (result.error !== null) continue;
      for (const c of result.candidates) {
        const prob = p(c);
        if (prob === null) continue;
        const positive = y(c);
        const clipped = Math.min(1 - 1e-6, Math.max(1e-6, prob));
        loss -= positive ? Math.log(clipped) : Math.log(1 - clipped);
        squared += (prob - (positive ? 1 : 0)) ** 2;
        all.push(prob);
        n++;
        sumP += prob;
        if (positive) positives++;
        const bin = out[Math.min(bins - 1, Math.floor(prob * bins))];
        bin.n++;
        bin.p += prob;
        if (positive) bin.pos++;
      }
    }
    return {
      question,
      label,
      candidates: n,
      logLoss: n === 0 ? null : loss / n,
      brier: n === 0 ? null : squared / n,
      median: median(all),
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
  });
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

const fixed = (x: number | null) => (x === null ? '–' : x.toFixed(3));

/** One question's figures on one line (the text report and the HTML page's summary). */
export function summaryLine(q: QuestionCalibration): string {
  return `${q.question.padEnd(12)} vs ${q.label}: log loss ${fixed(q.logLoss)}, Brier ${fixed(q.brier)}, median p ${pct(q.median)}, mean p ${pct(q.meanPredicted)}, observed ${pct(q.observed)} (${q.candidates} candidates)`;
}

/** The text report's lines: per question its log loss, Brier score, median, mean against observed, and the bins. */
export function calibrationLines(results: readonly CutResult[]): string[] {
  const lines = ['CALIBRATION (per question, against its own label; the same threshold compares both: R12)'];
  for (const q of questionCalibration(results)) {
    lines.push(`  ${summaryLine(q)}`);
    lines.push(
      '    ' +
        q.bins
          .filter((b) => b.candidates > 0)
          .map(
            (b) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${pct(b.predicted)}→${pct(b.observed)} (${b.candidates})`,
          )
          .join('  '),
    );
  }
  return lines;
}

/** The keep_call reliability diagram of `eval --html`, beside keep_result's. */
export function callReliabilityChart(results: readonly CutResult[]): string {
  const call = questionCalibration(results).find((q) => q.question === 'keep_call');
  return binsChart(
    [{ name: 'call still needed', color: '#15803d', bins: call?.bins ?? [] }],
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
