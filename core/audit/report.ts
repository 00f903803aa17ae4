/**
 * The audit report: one self-contained static HTML page for reviewers who do not run the app —
 * the files and their SHA-256, who approved and why, the policy, the stats, every decision and
 * every changed message. No script, no network, no external asset: a strict Content-Security-
 * Policy allows only the page's own stylesheet (by its hash), and every text is escaped.
 */
import { rebuildOptionsOf } from '../engine/rebuild.js';
import type { AuditFile, AuditRecord } from '../records/audit.js';
import { auditFileName } from '../records/audit.js';
import { escapeHtml } from '../inspect/html.js';
import { KEPT_LABELS, keptByReason } from '../inspect/guardCounts.js';
import { markerSettingsOf } from './verify.js';
import type { ReportedHistory } from './reportMessages.js';
import { changedMessagesHtml, messageAnchor } from './reportMessages.js';

/** The page's only stylesheet; `REPORT_STYLE_SHA256` is its hash, which the CSP allows and nothing else. */
export const REPORT_STYLE =
  'body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#1f2328}' +
  'table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #d0d7de;padding:.25em .5em;text-align:left;vertical-align:top}' +
  'caption{text-align:left;font-weight:600;padding:.25em 0}td.num{text-align:right;font-variant-numeric:tabular-nums}' +
  'code,pre{font:12px/1.4 ui-monospace,monospace}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;padding:.5em;margin:.25em 0;max-height:30em;overflow:auto}' +
  '.note{color:#59636e;margin:.25em 0}.fate{font-weight:400;font-size:12px;border-radius:3px;padding:0 .35em;background:#eaeef2}' +
  '.fate.removed{background:#ffebe9}.fate.truncated{background:#fff8c5}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em}' +
  '.message{border-top:1px solid #d0d7de;margin-top:1em}ol.blocks{padding-left:1.5em}h4{margin:.75em 0 .25em}h5{margin:.25em 0}';
/** base64 SHA-256 of REPORT_STYLE (test/core/audit/report.test.ts recomputes it). */
export const REPORT_STYLE_SHA256 = 'sha256-/6N/UpAiPhGA1JPv604EPNvpSbP3/0lq7cIL1TAeizk=';

export const REPORT_CSP = `default-src 'none'; style-src '${REPORT_STYLE_SHA256}'; base-uri 'none'; form-action 'none'`;

export interface ReportInput extends ReportedHistory {
  record: AuditRecord;
  /** The audit record as written beside the report, when known. */
  auditFile: AuditFile | null;
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));
const text = (s: string | null | undefined) => (s === null || s === undefined || s === '' ? '–' : escapeHtml(s));
const list = (items: readonly string[]) =>
  items.length === 0 ? 'none' : items.map((i) => `<code>${escapeHtml(i)}</code>`).join(', ');

function rows(pairs: ReadonlyArray<readonly [string, string]>, caption: string): string {
  const body = pairs.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${v}</td></tr>`).join('');
  return `<table><caption>${escapeHtml(caption)}</caption><tbody>${body}</tbody></table>`;
}

function filesTable(record: AuditRecord, auditFile: AuditFile | null): string {
  const line = (role: string, f: { name: string; sha256: string; bytes: number }) =>
    `<tr><th scope="row">${role}</th><td><code>${escapeHtml(f.name)}</code></td><td><code>${f.sha256}</code></td><td class="num">${num(f.bytes)}</td></tr>`;
  const original = { name: record.original_file, sha256: record.original_sha256, bytes: record.original_bytes };
  return `<table><caption>Files</caption><thead><tr><th scope="col">file</th><th scope="col">name</th><th scope="col">SHA-256</th><th scope="col">bytes</th></tr></thead><tbody>${[
    line('opened', original),
    line('archive (the original, byte for byte)', record.archive_file),
    line('exported snapshot', record.exported_file),
    ...(auditFile ? [line('audit record', auditFile)] : []),
  ].join('')}</tbody></table>`;
}

/** R3 `shell_command_not_read_only`: the rule and the policy's patterns, or that shell tools were eligible by name. */
function shellRule(record: AuditRecord): string {
  const shell = record.shell_read_only;
  if (!shell) return 'eligible by name (recorded before the shell rule)';
  return `<code>${escapeHtml(shell.rule)}</code>; also read-only: ${list(shell.allow)}; never: ${list(shell.deny)}`;
}

function policySection(record: AuditRecord): string {
  const options = Object.entries(record.options).map(([k, v]) => [k, `<code>${num(v)}</code>`] as const);
  return `<h2>Policy</h2>${rows(
    [
      ['goal', text(record.goal)],
      ['eligible tools', list(record.eligible_tool_names)],
      ['protected messages', list(record.protected_message_ids)],
      ['protected calls', list(record.protected_call_ids)],
      ['shell commands', shellRule(record)],
      ['archive_ref (named by every omission marker)', `<code>${escapeHtml(record.archive_ref)}</code>`],
      ['decision model', `${text(record.backend)}${record.model ? ` · <code>${escapeHtml(record.model)}</code>` : ''}`],
      [
        'prompt / weights version',
        text(typeof record.stats.prompt_version === 'string' ? record.stats.prompt_version : null),
      ],
      ['written by', `${escapeHtml(record.tool.name)} ${escapeHtml(record.tool.version)}`],
    ],
    'What was asked',
  )}${rows(options, 'Options (keep_threshold as exported)')}`;
}

function statsSection(record: AuditRecord, history: ReportedHistory): string {
  const s = record.stats;
  const before = s.chars_before;
  const reduction = before && before > 0 ? `${(((before - s.chars_after_exported) / before) * 100).toFixed(1)} %` : '–';
  return `<h2>Stats</h2>${rows(
    [
      ['characters before', num(before)],
      ['characters after the export', num(s.chars_after_exported)],
      ['reduction', reduction],
      ['characters after the run (its threshold, no overrides)', num(s.chars_after)],
      [
        'keep_threshold of the run / of the export',
        `${num(s.keep_threshold_run)} / ${num(record.options.keep_threshold)}`,
      ],
      ['messages before / after the run', `${num(s.messages_before)} / ${num(s.messages_after)}`],
      [
        'candidates / protected / ineligible (§6: ineligible counts unpaired ids too)',
        `${num(s.candidates)} / ${num(s.protected)} / ${num(s.ineligible)}`,
      ],
      ['kept by a guard, by reason (as the inspector’s header)', keptLine(history, record)],
      ['requests', num(s.requests)],
      [
        'tokens (prompt / completion)',
        s.usage ? `${num(s.usage.prompt_tokens)} / ${num(s.usage.completion_tokens)}` : '–',
      ],
      ['observation tokens, fitting stage', `${num(s.observation_tokens)}, stage ${num(s.fitting_stage)}`],
    ],
    'Measured',
  )}`;
}

/** The header's per-reason counts (guardCounts.ts), so the report and the inspector name the same figures. */
function keptLine(history: ReportedHistory, record: AuditRecord): string {
  const kept = keptByReason(history.analysis, record.options.preserve_recent_messages);
  return kept.length === 0
    ? 'none'
    : kept.map((k) => `${escapeHtml(KEPT_LABELS[k.reason])} ${num(k.count)}`).join(', ');
}

function decisionsTable(record: AuditRecord, history: ReportedHistory): string {
  const pairs = new Map(history.analysis.pairs.map((p) => [p.pairId, p]));
  const prob = (p: number | null) => (p === null ? '–' : p.toFixed(3));
  const body = record.decisions
    .map((d) => {
      const pair = pairs.get(d.pair_id);
      const kept = d.call_kept_for_target;
      // SPEC §9: a drop_call the format's target needs is written as drop_result: its result changed.
      const where = pair
        ? d.action === 'drop_result' || kept !== undefined
          ? pair.result.message
          : pair.call.message
        : null;
      const linked =
        d.action !== 'keep' && where !== null
          ? `<a href="#${messageAnchor(where)}">${d.action}</a>`
          : escapeHtml(d.action);
      const action =
        kept === undefined
          ? linked
          : `${linked}, written as drop_result (<code>call_kept_for_target</code>: <code>${escapeHtml(kept)}</code>)`;
      return `<tr><td><code>${escapeHtml(d.pair_id)}</code></td><td><code>${escapeHtml(d.call_id)}</code></td><td>${escapeHtml(d.tool_name)}</td><td class="num">${prob(d.keep_call)}</td><td class="num">${prob(d.keep_result)}</td><td>${escapeHtml(d.model_action)}</td><td><code>${escapeHtml(d.reason)}</code></td><td>${d.override ? escapeHtml(d.override) : '–'}</td><td>${action}</td><td>${text(d.comment)}</td></tr>`;
    })
    .join('\n');
  const counts = { keep: 0, drop_result: 0, drop_call: 0 };
  for (const d of record.decisions) counts[d.action]++;
  const overrides = record.decisions.filter((d) => d.override !== null).length;
  const kept = record.decisions.filter((d) => d.call_kept_for_target !== undefined).length;
  const keptNote =
    kept > 0
      ? ` ${kept} drop_call${kept === 1 ? '' : 's'} kept the call because the format's target needs it, and shortened the result instead.`
      : '';
  return `<h2>Decisions</h2><p>${record.decisions.length} tool-call pairs: ${counts.keep} kept, ${counts.drop_result} shortened (drop_result), ${counts.drop_call} removed (drop_call); ${overrides} overridden by the reviewer.${keptNote} An action links to the message it changes.</p>
<table><caption>Decisions</caption><thead><tr><th scope="col">pair</th><th scope="col">call</th><th scope="col">tool</th><th scope="col">keep_call</th><th scope="col">keep_result</th><th scope="col">model verdict</th><th scope="col">reason</th><th scope="col">override</th><th scope="col">exported action</th><th scope="col">comment</th></tr></thead><tbody>
${body}
</tbody></table>`;
}

export function auditReportHtml(input: ReportInput): string {
  const { record } = input;
  const title = `Compaction audit: ${record.original_file}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_STYLE}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>Approved by <strong>${escapeHtml(record.reviewer)}</strong> on <time datetime="${escapeHtml(record.timestamps.exported_at)}">${escapeHtml(record.timestamps.exported_at)}</time>. Opened ${escapeHtml(record.timestamps.opened_at)}; run ${escapeHtml(record.timestamps.run_started_at)} to ${escapeHtml(record.timestamps.run_finished_at)}. Read as ${escapeHtml(record.source.format)}, conversation <code>${escapeHtml(record.source.conversation)}</code> of ${record.source.conversations}.</p>
<h2>Approval comment</h2>
${record.comment ? `<pre>${escapeHtml(record.comment)}</pre>` : '<p>None.</p>'}
${filesTable(record, input.auditFile)}
<p class="note">Check the files with <code>compaction-inspector verify ${escapeHtml(auditFileName(record.exported_file.name))}</code>: it re-derives the snapshot from the archive and this record and compares every hash.</p>
${policySection(record)}
${statsSection(record, input)}
${decisionsTable(record, input)}
<h2>Changed messages</h2>
${changedMessagesHtml(input)}
</body></html>
`;
}

/** The report of a record and the history it was derived from (core/audit/verify.ts `rederive`). */
export function reportOf(
  record: AuditRecord,
  history: Omit<ReportedHistory, 'rebuildOptions'>,
  auditFile: AuditFile | null,
): string {
  return auditReportHtml({ ...history, rebuildOptions: rebuildOptionsOf(markerSettingsOf(record)), record, auditFile });
}
