/** Before running: how many calls each guard and protection takes out, advice at zero, and where the characters are. */
import { GUARD_CODES } from '../../core/engine/schema.js';
import { useApp } from '../store/index.js';
import { Breakdown } from './Breakdown.js';

export function Candidacy() {
  const report = useApp((s) => s.candidacy);
  if (!report) return null;
  return (
    <section aria-label="Before running">
      <h3 className="section-title">Before running</h3>
      <p>
        <strong>{report.candidates}</strong> of {report.pairs} calls are candidates
        {report.unpaired > 0 ? `; ${report.unpaired} unpaired` : ''}.
      </p>
      <ul className="counts">
        {GUARD_CODES.filter((g) => report.byGuard[g] > 0).map((g) => (
          <li key={g}>
            <span className="mono">{g}</span> <span>{report.byGuard[g]}</span>
          </li>
        ))}
      </ul>
      {report.advice && (
        <p role="note" aria-label="Why no call is a candidate" className="advice">
          {report.advice}
        </p>
      )}
      <Breakdown />
    </section>
  );
}
