/**
 * Why the last file did not open, under the toolbar until dismissed: the reason (core's words,
 * with the line and column where a text stops being JSON), that the file open before stays open,
 * and what the inspector reads (core/formats' registry), so the next try can be the right file.
 */
import { FORMAT_INFOS } from '../../core/formats/detection.js';
import { useApp } from '../store/index.js';

export function OpenError() {
  const error = useApp((s) => s.openError);
  const open = useApp((s) => s.snapshot?.fileName ?? null);
  const dismiss = useApp((s) => s.dismissOpenError);
  if (!error) return null;
  return (
    <div className="open-error" role="alert">
      <p>
        <strong>Could not open {error}</strong>
        {open && <span className="muted"> · {open} is still open</span>}
      </p>
      <details>
        <summary>What the inspector reads</summary>
        <ul className="formats-read">
          {FORMAT_INFOS.map((f) => (
            <li key={f.id}>
              <strong>{f.name}</strong> <span className="muted">({f.patterns.join(', ')})</span>
            </li>
          ))}
        </ul>
      </details>
      <button aria-label="Dismiss the open error" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
