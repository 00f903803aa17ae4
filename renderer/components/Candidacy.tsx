/** Before running: how many calls each guard (by the reason the header names, guardCounts.ts) and protection takes out, advice at zero, whether the observation fits (R7, budget.ts), and where the characters are. */
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { Breakdown } from './Breakdown.js';
import { KeptList } from './KeptList.js';

export function Candidacy() {
  const report = useApp((s) => s.candidacy);
  const budget = useApp((s) => s.budget);
  if (!report) return null;
  return (
    <section aria-label="Before running">
      <h3 className="section-title">Before running</h3>
      <p>
        <strong>{report.candidates}</strong> of {report.pairs} calls with a result are candidates
        {report.kept.length > 0 ? '; kept by a guard:' : '.'}
      </p>
      {report.kept.length > 0 && <KeptList kept={report.kept} label="Kept by a guard before running" layout="column" />}
      {budget && !budget.fits && (
        <p role="alert" aria-label="Observation budget" className="advice">
          A run would stop before asking the model (observation too large): what the model reads needs about{' '}
          {fmt(budget.tokens)} tokens even after every fitting stage, over Max state tokens (
          {fmt(budget.maxStateTokens)}). Set Max state tokens to at least {fmt(budget.tokens)} under Options (and Max
          request tokens above it), or protect or drop messages.
        </p>
      )}
      {budget?.fits && budget.stage > 0 && (
        <p className="small muted" aria-label="Observation budget">
          What the model reads fits Max state tokens at fitting stage {budget.stage} ({fmt(budget.tokens)} of{' '}
          {fmt(budget.maxStateTokens)} tokens, estimated).
        </p>
      )}
      {report.advice && (
        <p role="note" aria-label="Why no call is a candidate" className="advice">
          {report.advice}
        </p>
      )}
      <Breakdown table={false} />
    </section>
  );
}
