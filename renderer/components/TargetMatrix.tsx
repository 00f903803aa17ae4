/**
 * The target checks of a file (SPEC §9 "Target checks"): one line per target the format feeds,
 * pass ✓ or fail ✗ with the rule ids and places that break it, or skipped with why. Shown in
 * the Summary for the opened file and in the Export dialog for the file about to be written.
 */
import type { TargetReport, Violation } from '../../core/formats/targets/index.js';
import { describePlace } from '../../core/formats/targets/index.js';

const MARK = { pass: '✓', fail: '✗', skipped: '–' } as const;

export function TargetMatrix({
  reports,
  label,
  warnings = [],
  notFor = new Set(),
}: {
  reports: readonly TargetReport[];
  label: string;
  /** Violations the source already had, or of advisory rules: shown as warnings, not failures of this file. */
  warnings?: readonly Violation[];
  /** Targets the file was never written for (a foreign layout): their rules are listed as not for it, not as failures. */
  notFor?: ReadonlySet<string>;
}) {
  if (reports.length === 0) return <p className="small muted">No target rules are encoded for this format.</p>;
  const inherited = new Set(warnings);
  return (
    <ul className="targets small" aria-label={label}>
      {reports.map((report) => {
        if (notFor.has(report.target))
          return (
            <li key={report.target} title={report.cites}>
              {report.name} {MARK.skipped}
              <span className="muted">
                {' '}
                (not for this file: it was not written for this target; {report.violations.length} of its rules are not
                met)
              </span>
            </li>
          );
        const own = report.violations.filter((v) => !inherited.has(v));
        const status = report.status === 'fail' && own.length === 0 ? 'pass' : report.status;
        return (
          <li key={report.target} title={report.cites}>
            {report.name} {MARK[status]}
            {report.reason ? <span className="muted"> ({report.reason})</span> : null}
            {report.violations.length > 0 && (
              <ul>
                {report.violations.slice(0, 5).map((v, i) => (
                  <li key={i} className={inherited.has(v) ? 'warning' : 'error'}>
                    <span className="mono">{v.rule}</span> at {describePlace(v.place)}: {v.message}
                    {!inherited.has(v)
                      ? ''
                      : report.advisory.includes(v.rule)
                        ? ' (advisory: written with a warning)'
                        : ' (the source breaks it too)'}
                  </li>
                ))}
                {report.violations.length > 5 && <li className="muted">… {report.violations.length - 5} more</li>}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
