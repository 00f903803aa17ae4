/**
 * `eval --html`: one self-contained page (inline SVG and CSS, no scripts, no external assets)
 * with the recall-vs-reduction curve of each policy, the pooled tables, the peer policies of
 * `--policies` (peerReport.ts: the same figures as the text tables), the label ceiling
 * (ceiling.ts) and the model's
 * reliability diagram (reliability.ts). Every text that came from a transcript is escaped.
 */
import { escapeHtml as escape } from '../inspect/html.js';
import { CEILING_TITLE, ceilingRows } from './ceiling.js';
import type { LabelName } from './labels.js';
import { LABELS } from './labels.js';
import type { Figures } from './measure.js';
import type { PeerPoolReport, PooledPolicy } from './peerReport.js';
import type { Pooled } from './pool.js';
import {
  callReliabilityChart,
  callReliabilityTable,
  chanceLine,
  questionCalibration,
  summaryLine,
} from './questionCalibration.js';
import { reliabilityChart, reliabilityTable } from './reliability.js';
import type { EvalReport } from './report.js';
import { ABLATION_NAME, shiftOf } from './report.js';

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

const W = 560;
const H = 400;
const PAD = 48;
const px = (reduction: number) => PAD + reduction * (W - 2 * PAD);
const py = (recall: number) => H - PAD - recall * (H - 2 * PAD);

interface Series {
  name: string;
  color: string;
  points: Array<{ label: string; f: Figures }>;
  marker: Figures;
}

function path(series: Series): string {
  const pts = series.points.filter((p) => p.f.recall !== null).sort((a, b) => a.f.reduction - b.f.reduction);
  const d = pts
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.f.reduction).toFixed(1)},${py(p.f.recall ?? 0).toFixed(1)}`)
    .join(' ');
  const dots = pts
    .map(
      (p) =>
        `<circle cx="${px(p.f.reduction).toFixed(1)}" cy="${py(p.f.recall ?? 0).toFixed(1)}" r="2.5" fill="${series.color}"><title>${escape(`${series.name} ${p.label}: reduction ${pct(p.f.reduction)}, recall ${pct(p.f.recall)}`)}</title></circle>`,
    )
    .join('');
  const m = series.marker;
  const marker =
    m.recall === null
      ? ''
      : `<rect x="${(px(m.reduction) - 5).toFixed(1)}" y="${(py(m.recall) - 5).toFixed(1)}" width="10" height="10" fill="none" stroke="${series.color}" stroke-width="2"><title>${escape(`${series.name} operating point`)}</title></rect>`;
  return `<path d="${d}" fill="none" stroke="${series.color}" stroke-width="2"/>${dots}${marker}`;
}

function chart(series: Series[], label: string): string {
  const grid: string[] = [];
  for (let i = 0; i <= 10; i += 2) {
    const v = i / 10;
    grid.push(
      `<line x1="${px(v)}" y1="${py(0)}" x2="${px(v)}" y2="${py(1)}" stroke="#ddd"/><text x="${px(v)}" y="${H - PAD + 16}" text-anchor="middle">${i * 10}%</text>`,
    );
    grid.push(
      `<line x1="${px(0)}" y1="${py(v)}" x2="${px(1)}" y2="${py(v)}" stroke="#ddd"/><text x="${PAD - 6}" y="${py(v) + 4}" text-anchor="end">${i * 10}%</text>`,
    );
  }
  const legend = series
    .map(
      (s, i) =>
        `<rect x="${PAD + 8}" y="${PAD + 6 + i * 18}" width="12" height="12" fill="${s.color}"/><text x="${PAD + 26}" y="${PAD + 16 + i * 18}">${escape(s.name)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Recall of used-later results (${escape(label)} label) versus character reduction">
<g font-size="11" font-family="sans-serif" fill="#333">${grid.join('')}
<text x="${W / 2}" y="${H - 8}" text-anchor="middle">character reduction</text>
<text transform="translate(14 ${H / 2}) rotate(-90)" text-anchor="middle">recall of used-later results kept intact</text>
${series.map(path).join('\n')}${legend}</g></svg>`;
}

function table(rows: Array<[string, Figures]>): string {
  const body = rows
    .map(
      ([label, f]) =>
        `<tr><th scope="row">${escape(label)}</th><td>${pct(f.reduction)}</td><td>${pct(f.recall)}</td><td>${pct(f.precision)}</td><td>${f.kept.toFixed(0)}</td><td>${f.used.toFixed(0)}</td><td>${f.candidates.toFixed(0)}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>policy</th><th>reduction</th><th>recall</th><th>precision</th><th>kept</th><th>used later</th><th>candidates</th></tr></thead><tbody>${body}</tbody></table>`;
}

function labelSection(report: EvalReport, label: LabelName): string {
  const { settings } = report;
  const pooled = report.pooled[label];
  const advice = report.advice[label];
  const name = modelName(report);
  const series: Series[] = [
    {
      name: `${name}, threshold sweep`,
      color: '#1f6feb',
      points: pooled.sweep.map((p) => ({ label: `t=${p.threshold.toFixed(2)}`, f: p })),
      marker: pooled.policies.model,
    },
    {
      name: 'observation masking, M sweep',
      color: '#d97706',
      points: pooled.maskCurve.map((p) => ({ label: `M=${p.m}`, f: p })),
      marker: pooled.policies.masking,
    },
    {
      name: `random (${settings.seeds} seeds), share kept`,
      color: '#6b7280',
      points: pooled.randomCurve.map((p) => ({ label: `${Math.round(p.share * 100)}% kept`, f: p })),
      marker: pooled.policies.random,
    },
  ];
  const adviceText =
    advice.threshold === null
      ? `No threshold keeps recall within ${advice.maxRecallLoss} of keeping everything.`
      : `keep_threshold ${advice.threshold.toFixed(2)} is the most compaction whose recall stays within ${advice.maxRecallLoss} of keeping everything (reduction ${pct(advice.figures?.reduction ?? null)}, recall ${pct(advice.figures?.recall ?? null)}).`;
  return `<h2>Under the ${escape(label)} label</h2>
${chart(series, label)}
<h3>Pooled</h3>
${table(policyRows(report, pooled))}
<p><strong>Advice:</strong> ${escape(adviceText)}</p>
<h3>By transcript</h3>
${report.transcripts.map(({ source, pooled: own }) => `<h4>${escape(source)}</h4>\n${table(policyRows(report, own[label]))}`).join('\n')}
<h3>Threshold sweep</h3>
${table(pooled.sweep.map((p) => [`t = ${p.threshold.toFixed(2)}`, p]))}`;
}

const modelName = (report: EvalReport) => `${report.backend}${report.model ? ` (${report.model})` : ''}`;

function policyRows(report: EvalReport, pooled: Pooled): Array<[string, Figures]> {
  const { maskM, seeds } = report.settings;
  return [
    [modelName(report), pooled.policies.model],
    ...(pooled.policies.ablation ? [[ABLATION_NAME, pooled.policies.ablation] as [string, Figures]] : []),
    [`masking M=${maskM}`, pooled.policies.masking],
    [`random ×${seeds}`, pooled.policies.random],
    ['keep all', pooled.policies.keepAll],
  ];
}

/** What knowing every label would reach on the same cuts (ceiling.ts). */
function ceilingSection(report: EvalReport): string {
  const rows = ceilingRows(report.ceiling)
    .map(
      ({ name, point }) =>
        `<tr><th scope="row">${escape(name)}</th><td>${pct(point.reduction)}</td>${LABELS.map((l) => `<td>${pct(point.recall[l])}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<h2>Label ceiling</h2>
<p>${escape(CEILING_TITLE[0].toUpperCase() + CEILING_TITLE.slice(1))}; at the floor, the used results whose loss saves the most go first (a reduction some policy reaches, not a proven maximum).</p>
<table aria-label="Label ceiling"><thead><tr><th scope="col">policy</th><th scope="col">reduction</th>${LABELS.map((l) => `<th scope="col">recall (${escape(l)})</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table>`;
}

const next = (x: number | null) => (x === null ? '–' : `${x.toFixed(2)}×`);

/** One row of the peer table: the policy's own figures, then the model's at a matched reduction. */
function peerRow(p: PooledPolicy, isModel: boolean): string {
  const own = LABELS.map((l) => `<td>${pct(p.figures[l].recall)}</td><td>${p.destroyed[l].toFixed(0)}</td>`).join('');
  const m = p.matched;
  const matched = isModel
    ? '<td colspan="4">–</td>'
    : m === null
      ? `<td colspan="4">${p.unreached ? 'the model never reduces this much' : 'no reduction to match'}</td>`
      : `<td>${m.threshold.toFixed(2)}</td><td>${pct(m.reduction)}</td>${LABELS.map((l) => `<td>${pct(m.recall[l])}</td>`).join('')}`;
  return `<tr><th scope="row">${escape(p.name)}</th><td>${p.fired}/${p.cuts}</td><td>${pct(p.figures[LABELS[0]].reduction)}</td>${own}<td>${pct(p.prefixShare)}</td><td>${next(p.nextRequest)}</td>${matched}</tr>`;
}

/** `--policies`: every peer pooled beside the model, with the model's recall at the peer's reduction (R15). */
function peerSection(report: PeerPoolReport): string {
  const labels = LABELS.map((l) => `<th colspan="2" scope="colgroup">${escape(l)} label</th>`).join('');
  const perLabel = LABELS.map(() => '<th scope="col">recall</th><th scope="col">destroyed</th>').join('');
  const never = report.neverFired.map((t) => `<li>${escape(t.source)}: ${escape(t.peers.join(', '))}</li>`).join('\n');
  return `<h2>Peer policies</h2>
<p>Pooled over every cut; tokens by the R7 estimate. <em>Destroyed</em>: results used later that the policy did not keep intact. <em>Prefix</em>: the share of the history's tokens before the first change, what the provider's cache still holds. <em>Next request</em>: its cost with the compaction against without it, at ${escape(report.prices)} cache prices. <em>Ours at matched reduction</em>: the lowest threshold whose reduction reaches the policy's, re-derived from the same probabilities (no model call).</p>
<table aria-label="Peer policies beside the model"><thead>
<tr><th rowspan="2" scope="col">policy</th><th rowspan="2" scope="col">fired</th><th rowspan="2" scope="col">reduction</th>${labels}<th rowspan="2" scope="col">prefix</th><th rowspan="2" scope="col">next request</th><th colspan="4" scope="colgroup">ours at matched reduction</th></tr>
<tr>${perLabel}<th scope="col">threshold</th><th scope="col">reduction</th>${LABELS.map((l) => `<th scope="col">recall (${escape(l)})</th>`).join('')}</tr>
</thead><tbody>
${report.policies.map((p, i) => peerRow(p, i === 0)).join('\n')}
</tbody></table>
${never === '' ? '' : `<h3>Triggers that never fired</h3>\n<p>Every action keep on every cut of the transcript.</p>\n<ul>${never}</ul>`}`;
}

export function renderHtml(report: EvalReport): string {
  const any = report.pooled[LABELS[0]];
  const name = modelName(report);
  const shifts = shiftOf(report);
  const calibration = questionCalibration(report.cuts, undefined, shifts);
  const chance = (i: number) => {
    const line = chanceLine(calibration[i]);
    return line === null ? '' : ` ${escape(line)}`;
  };
  const resultChance = calibration[0].chance;
  const perCut = report.cuts
    .map((c) =>
      c.error
        ? `<tr><td>${escape(c.source)}</td><td>${c.cut}</td><td colspan="4">failed: ${escape(c.error.code)}</td></tr>`
        : `<tr><td>${escape(c.source)}</td><td>${c.cut}</td><td>${c.policies.model[LABELS[0]].candidates}</td>${LABELS.map((l) => `<td>${c.policies.model[l].used}</td>`).join('')}<td>${escape(c.goal.slice(0, 160))}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Compaction eval: ${escape(name)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:60em;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}th[scope=row],td:first-child{text-align:left}</style>
</head><body>
<h1>Compaction eval: ${escape(name)}</h1>
<p>${any.cuts} cuts pooled${any.failed ? `, ${any.failed} failed` : ''}${report.settings.crossValidated ? ', cross-validated (leave one transcript out)' : ''}; threshold ${report.settings.threshold ?? '–'}; masking keeps the last ${report.settings.maskM} results; random keeps as many results as the model. Squares mark each policy's operating point.</p>
${report.notes.map((note) => `<p>${escape(note)}</p>`).join('\n')}
${LABELS.map((label) => labelSection(report, label)).join('\n')}
${ceilingSection(report)}
${report.peerPolicies ? peerSection(report.peerPolicies) : ''}
<h2>Reliability</h2>
<p>R12 compares both questions with one threshold, so each is drawn against its own label: on the dashed diagonal the probabilities mean what they say; below it the model is too sure, above it not sure enough. Each dot is a bin of candidates (tenths of the probability); its area grows with the candidates. The offline model raises both questions' calibrated log-odds by one shared shift, so that §5's default threshold keeps the recall floor: its probabilities sit below the diagonal by the same amount for both, and with the shift taken off (the chance series) on it.</p>
<h3>keep_result: is the result used later?</h3>
<p>${escape(summaryLine(calibration[0]))}${chance(0)}</p>
${reliabilityChart(report.cuts, resultChance ? [{ name: 'later-use, as a chance (shift taken off)', color: '#a16207', bins: resultChance.bins }] : [])}
${reliabilityTable(report.cuts)}
<h3>keep_call: is the call still needed?</h3>
<p>Its input or target named again, or its result used. ${escape(summaryLine(calibration[1]))}${chance(1)}</p>
${callReliabilityChart(report.cuts, shifts)}
${callReliabilityTable(report.cuts)}
<h2>Cuts</h2>
<table><thead><tr><th>transcript</th><th>cut (message)</th><th>candidates</th>${LABELS.map((l) => `<th>used (${escape(l)})</th>`).join('')}<th>goal (start)</th></tr></thead><tbody>${perCut}</tbody></table>
</body></html>
`;
}
