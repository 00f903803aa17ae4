/** Protected messages and calls, added from the transcript, listed here and removable. */
import { useApp } from '../store/index.js';

export function Protections() {
  const messages = useApp((s) => s.protectedMessageIds);
  const calls = useApp((s) => s.protectedCallIds);
  const protectMessage = useApp((s) => s.protectMessage);
  const protectCall = useApp((s) => s.protectCall);
  const protections = [
    { kind: 'message', ids: messages, unprotect: protectMessage },
    { kind: 'call', ids: calls, unprotect: protectCall },
  ];
  return (
    <section aria-label="Protections">
      <h3 className="section-title">Protections</h3>
      {messages.length + calls.length === 0 && (
        <p className="muted">None. Use “Protect message” or “Protect call” in the Audit view.</p>
      )}
      <ul className="chips">
        {protections.flatMap(({ kind, ids, unprotect }) =>
          ids.map((id) => (
            <li key={`${kind[0]}-${id}`}>
              {kind} <span className="mono">{id}</span>
              <button
                className="link"
                aria-label={`Remove protection of ${kind} ${id}`}
                onClick={() => unprotect(id, false)}
              >
                ×
              </button>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
