/**
 * The reliability diagram of `eval --html`: how often a result the model gave probability p of
 * being needed (keep_result) was used later, per probability bin and label. A calibrated model
 * sits on the diagonal; a point below it means the model is too sure results are needed, above
 * it too sure they are not. Pure: bins from the cuts' candidates, an inline SVG from the bins.
 */
import { escapeHtml as escape } from '../inspect/html.js';
import type { CutResult } from './evaluate.js';
import type { LabelName } from './labels.js';
import { LABELS } from './labels.js';

export const RELIABILITY_BINS = 10;

export interface ReliabilityBin {
  /** The bin covers [from, to); the last one includes 1. */
  from: number;
  to: number;
  candidates: number;
  /** Mean keep_result of the bin's candidates; null when the bin is empty. */
  predicted: number | null;
  /** Share of the bin's candidates used later under the label; null when the bin is empty. */
  observed: number | null;
}

export function reliabilityBins(
  results: readonly CutResult[],
  label: LabelName,
  bins = RELIABILITY_BINS,
): ReliabilityBin[] {
  const out = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, n: 0, p: 0, used: 0 }));
  for (const result of results) {
    if (result.error !== null) continue;
    for (const c of result.candidates) {
      if (c.keep_result === null) continue;
      const bin = out[Math.min(bins - 1, Math.floor(c.keep_result * bins))];
      bin.n++;
      bin.p += c.keep_result;
      if (c.used[label]) bin.used++;
    }
  }
  return out.map((b) => ({
    from: b.from,
    to: b.to,
    candidates: b.n,
    predicted: b.n === 0 ? null : b.p / b.n,
    observed: b.n === 0 ? null : b.used / b.n,
  }));
}

const SIZE = 360;
const PAD = 44;
const at = (v: number) => PAD + v * (SIZE - 2 * PAD);
const up = (v: number) => SIZE - PAD - v * (SIZE - 2 * PAD);
const COLORS: Record<LabelName, string> = { 'later-use': '#1f6feb', strict: '#b91c1c' };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Predicted keep_result (x) against observed later use (y), one series per label (and `extra`); dot area ∝ candidates. */
export function reliabilityChart(results: readonly CutResult[], extra: readonly ChartSeries[] = []): string {
  return binsChart(
    [
      ...LABELS.map((label) => ({
        name: `${label} label`,
        color: COLORS[label],
        bins: reliabilityBins(results, label),
      })),
      ...extra,
    ],
    'keep_result',
    'observed later use',
  );
}

export interface ChartSeries {
  name: string;
  color: string;
  bins: readonly ReliabilityBin[];
}

/** A reliability diagram: each series' bins, predicted `question` (x) against the observed share (y). */
export function binsChart(seriesList: readonly ChartSeries[], question: string, observed: string): string {
  const grid: string[] = [];
  for (let i = 0; i <= 10; i += 2) {
    const v = i / 10;
    grid.push(
      `<line x1="${at(v)}" y1="${up(0)}" x2="${at(v)}" y2="${up(1)}" stroke="#ddd"/><text x="${at(v)}" y="${SIZE - PAD + 16}" text-anchor="middle">${v.toFixed(1)}</text>`,
      `<line x1="${at(0)}" y1="${up(v)}" x2="${at(1)}" y2="${up(v)}" stroke="#ddd"/><text x="${PAD - 6}" y="${up(v) + 4}" text-anchor="end">${i * 10}%</text>`,
    );
  }
  const series = seriesList.map(({ name, color, bins: all }, li) => {
    const bins = all.filter((b) => b.candidates > 0);
    const max = Math.max(1, ...bins.map((b) => b.candidates));
    const d = bins
      .map((b, i) => `${i === 0 ? 'M' : 'L'}${at(b.predicted ?? 0).toFixed(1)},${up(b.observed ?? 0).toFixed(1)}`)
      .join(' ');
    const dots = bins
      .map(
        (b) =>
          `<circle cx="${at(b.predicted ?? 0).toFixed(1)}" cy="${up(b.observed ?? 0).toFixed(1)}" r="${(2 + 5 * Math.sqrt(b.candidates / max)).toFixed(1)}" fill="${color}" fill-opacity="0.6"><title>${escape(`${name}: ${question} ${b.from.toFixed(1)}–${b.to.toFixed(1)}, ${b.candidates} candidates, mean ${pct(b.predicted ?? 0)}, ${observed} ${pct(b.observed ?? 0)}`)}</title></circle>`,
      )
      .join('');
    const legend = `<rect x="${PAD + 8}" y="${PAD + 6 + li * 18}" width="12" height="12" fill="${color}"/><text x="${PAD + 26}" y="${PAD + 16 + li * 18}">${escape(name)}</text>`;
    return `<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5"/>${dots}${legend}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="Reliability diagram: predicted ${escape(question)} against ${escape(observed)}">
<g font-size="11" font-family="sans-serif" fill="#333">${grid.join('')}
<line x1="${at(0)}" y1="${up(0)}" x2="${at(1)}" y2="${up(1)}" stroke="#999" stroke-dasharray="4 3"/>
<text x="${SIZE / 2}" y="${SIZE - 8}" text-anchor="middle">predicted ${escape(question)}</text>
<text transform="translate(12 ${SIZE / 2}) rotate(-90)" text-anchor="middle">${escape(observed)}</text>
${series.join('\n')}</g></svg>`;
}

/** The bins as a table, for reading exact figures (and for screen readers). */
export function reliabilityTable(results: readonly CutResult[]): string {
  const byLabel = LABELS.map((label) => reliabilityBins(results, label));
  const rows = byLabel[0]
    .map((bin, i) => {
      const cells = byLabel.map((bins) => `<td>${bins[i].observed === null ? '–' : pct(bins[i].observed)}</td>`);
      return `<tr><th scope="row">${bin.from.toFixed(1)}–${bin.to.toFixed(1)}</th><td>${bin.candidates}</td><td>${bin.predicted === null ? '–' : pct(bin.predicted)}</td>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<table><thead><tr><th>keep_result</th><th>candidates</th><th>mean predicted</th>${LABELS.map((l) => `<th>used later (${escape(l)})</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}
