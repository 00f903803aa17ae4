/** The readable table `eval` prints on stdout, and the machine document behind `--json`. */
import type { CutResult } from './evaluate.js';
import type { Figures } from './measure.js';
import { figures } from './measure.js';
import type { Advice, Pooled } from './pool.js';

export interface EvalReport {
  schema: 'compaction-inspector/eval@1';
  backend: string;
  model: string | null;
  settings: { cuts: number; maskM: number; seeds: number; maxRecallLoss: number; threshold: number | null };
  cuts: CutResult[];
  pooled: Pooled;
  advice: Advice;
}

const pct = (x: number | null) => (x === null ? '   –  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
const count = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1)).padStart(6);

function row(label: string, f: Figures): string {
  return `  ${label.padEnd(22)} ${pct(f.reduction)}  ${pct(f.recall)}  ${pct(f.precision)}  ${count(f.kept)} ${count(f.used)} ${count(f.candidates)}`;
}

const HEADER = `  ${'policy'.padEnd(22)} reduct.  recall  precis.    kept   used  cands`;

export function renderTable(report: EvalReport): string {
  const { maskM, seeds } = report.settings;
  const lines: string[] = [];
  const name = `${report.backend}${report.model ? ` (${report.model})` : ''}`;
  for (const cut of report.cuts) {
    lines.push(`${cut.source} @ message ${cut.cut} (${cut.historyMessages} messages of history)`);
    if (cut.error) {
      lines.push(`  failed: ${cut.error.code}: ${cut.error.message}`, '');
      continue;
    }
    lines.push(HEADER);
    lines.push(row(name, figures(cut.policies.model)));
    lines.push(row(`masking M=${maskM}`, figures(cut.policies.masking)));
    lines.push(row(`random ×${seeds}`, figures(cut.policies.random)));
    lines.push('');
  }
  const { pooled, advice } = report;
  lines.push(
    `POOLED over ${pooled.cuts} cut${pooled.cuts === 1 ? '' : 's'}${pooled.failed ? ` (${pooled.failed} failed)` : ''}, threshold ${report.settings.threshold ?? '–'}`,
  );
  lines.push(HEADER);
  lines.push(row(name, pooled.policies.model));
  lines.push(row(`masking M=${maskM}`, pooled.policies.masking));
  lines.push(row(`random ×${seeds}`, pooled.policies.random));
  lines.push(row('keep all', pooled.policies.keepAll));
  lines.push(
    '',
    'SWEEP (same probabilities, R15)',
    `  ${'t'.padEnd(22)} reduct.  recall  precis.    kept   used  cands`,
  );
  for (const point of pooled.sweep) lines.push(row(point.threshold.toFixed(2), point));
  lines.push('', 'MASKING CURVE', HEADER);
  for (const point of pooled.maskCurve) lines.push(row(`M=${point.m}`, point));
  lines.push('', 'RANDOM CURVE (share kept)', HEADER);
  for (const point of pooled.randomCurve) lines.push(row(`${Math.round(point.share * 100)}% kept`, point));
  lines.push('');
  if (advice.threshold === null) {
    lines.push(
      `ADVICE: no threshold keeps recall within ${advice.maxRecallLoss} of keeping everything${advice.baselineRecall === null ? ' (no result was used later)' : ''}`,
    );
  } else {
    lines.push(
      `ADVICE: keep_threshold ${advice.threshold.toFixed(2)} is the most compaction whose recall stays within ${advice.maxRecallLoss} of keeping everything ` +
        `(reduction ${pct(advice.figures?.reduction ?? null).trim()}, recall ${pct(advice.figures?.recall ?? null).trim()})`,
    );
  }
  return lines.join('\n') + '\n';
}
