/** Protected messages and calls, added from the transcript, listed here and removable. */
import { useApp } from '../store/index.js';

export function Protections() {
  const messages = useApp((s) => s.protectedMessageIds);
  const calls = useApp((s) => s.protectedCallIds);
  const protectMessage = useApp((s) => s.protectMessage);
  const protectCall = useApp((s) => s.protectCall);
  return (
    <section aria-label="Protections">
      <h3 className="section-title">Protections</h3>
      {messages.length + calls.length === 0 && (
        <p className="muted">None. Use “Protect message” or “Protect call” in the Audit view.</p>
      )}
      <ul className="chips">
        {messages.map((id) => (
          <li key={`m-${id}`}>
            message <span className="mono">{id}</span>
            <button
              className="link"
              aria-label={`Remove protection of message ${id}`}
              onClick={() => protectMessage(id, false)}
            >
              ×
            </button>
          </li>
        ))}
        {calls.map((id) => (
          <li key={`c-${id}`}>
            call <span className="mono">{id}</span>
            <button
              className="link"
              aria-label={`Remove protection of call ${id}`}
              onClick={() => protectCall(id, false)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
