/** Exactly what the model saw, and each batch's request and response (key already redacted by the host). */
import { useApp } from '../store/index.js';
import { ms } from '../format.js';

export function ObservationTab() {
  const observation = useApp((s) => s.proposal?.outcome.observation ?? null);
  const has = useApp((s) => s.proposal !== null);
  if (!has) return <p className="muted pad">Run to see the observation.</p>;
  if (observation === null)
    return <p className="muted pad">No observation: there were no candidates, so the model was not asked.</p>;
  return (
    <pre className="observation" aria-label="Observation text" tabIndex={0}>
      {observation}
    </pre>
  );
}

export function RequestsTab() {
  const outcome = useApp((s) => s.proposal?.outcome ?? null);
  if (!outcome) return <p className="muted pad">Run to see the requests.</p>;
  return (
    <div className="requests pad">
      {outcome.batches.length === 0 && <p className="muted">No requests were sent.</p>}
      {outcome.batches.map((b) => (
        <details key={b.index} className="batch" open={outcome.batches.length <= 3}>
          <summary>
            Batch {b.index + 1} of {outcome.batches.length} · {b.keys.length} keys
          </summary>
          <h4>Questions</h4>
          <pre>{b.questionText}</pre>
          {outcome.attempts
            .filter((a) => a.batch === b.index)
            .map((a) => (
              <div key={a.attempt} className="attempt">
                <h4>
                  Attempt {a.attempt} · {a.ok ? 'ok' : `failed: ${a.error}`} · {ms(a.durationMs)}
                </h4>
                {a.exchange ? (
                  <pre>{JSON.stringify(a.exchange, null, 2)}</pre>
                ) : (
                  <p className="muted">Local backend: no wire exchange.</p>
                )}
              </div>
            ))}
        </details>
      ))}
    </div>
  );
}
