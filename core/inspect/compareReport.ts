/** The agreement table `compare` prints, and the machine document behind `--json`. */
import type { Comparison, SideDecision, SideSummary } from './compare.js';

export interface CompareReport extends Comparison {
  schema: 'compaction-inspector/compare@1';
  files: { a: string; b: string };
}

export function compareReport(comparison: Comparison, files: { a: string; b: string }): CompareReport {
  return { schema: 'compaction-inspector/compare@1', files, ...comparison };
}

const number = (n: number) => n.toLocaleString('en-US');
const probability = (p: number | null) => (p === null ? '–' : p.toFixed(3));

function sideLine(label: 'A' | 'B', file: string, side: SideSummary): string {
  const about = [side.source, side.backend, side.threshold === null ? null : `keep_threshold ${side.threshold}`]
    .filter((x) => x !== null)
    .join(', ');
  const tokens = side.tokensAfter === null ? 'tokens after not recorded' : `~${number(side.tokensAfter)} tokens after`;
  const { keep, drop_result, drop_call } = side.actions;
  return `${label}  ${file} (${about}): ${number(side.charsAfter)} chars after, ${tokens}; keep ${keep}, drop_result ${drop_result}, drop_call ${drop_call}`;
}

function agreementLine(c: Comparison): string {
  if (c.agreementRate === null)
    return `Agreement: no pair was decided by a model or a person on either side (${c.pairs} pairs)`;
  const rate = `${(c.agreementRate * 100).toFixed(1)}%`;
  return `Agreement: ${c.agreeing} of ${c.compared} decided pairs (${rate}); ${c.differences.length} differ; ${c.pairs} pairs in the history`;
}

const cells = (d: SideDecision) => [
  d.override ? `${d.action} (override)` : d.action,
  probability(d.keep_call),
  probability(d.keep_result),
  d.reason,
];

export function renderComparison(report: CompareReport): string {
  const lines = [
    sideLine('A', report.files.a, report.a),
    sideLine('B', report.files.b, report.b),
    agreementLine(report),
  ];
  if (report.differences.length === 0) {
    lines.push('', 'Every decided pair has the same action in A and B.');
    return lines.join('\n') + '\n';
  }
  const header = [
    'call_id',
    'tool',
    'A action',
    'p_call',
    'p_result',
    'A reason',
    'B action',
    'p_call',
    'p_result',
    'B reason',
  ];
  const rows = report.differences.map((d) => [d.call_id, d.tool_name, ...cells(d.a), ...cells(d.b)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  // Probabilities right-aligned, words left-aligned.
  const numeric = new Set([3, 4, 7, 8]);
  const format = (row: string[]) =>
    row
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  lines.push('', format(header), ...rows.map(format));
  return lines.join('\n') + '\n';
}
