/** Before running: how many calls each guard (by the reason the header names, guardCounts.ts) and protection takes out, advice at zero, and where the characters are. */
import { useApp } from '../store/index.js';
import { Breakdown } from './Breakdown.js';
import { KeptList } from './KeptList.js';

export function Candidacy() {
  const report = useApp((s) => s.candidacy);
  if (!report) return null;
  return (
    <section aria-label="Before running">
      <h3 className="section-title">Before running</h3>
      <p>
        <strong>{report.candidates}</strong> of {report.pairs} calls are candidates
        {report.kept.length > 0 ? '; kept by a guard:' : '.'}
      </p>
      {report.kept.length > 0 && <KeptList kept={report.kept} label="Kept by a guard before running" layout="column" />}
      {report.advice && (
        <p role="note" aria-label="Why no call is a candidate" className="advice">
          {report.advice}
        </p>
      )}
      <Breakdown table={false} />
    </section>
  );
}
