/** One confirmation at a time (discard, overwrite); focus lands on the safe choice. */
import { useEffect, useRef } from 'react';
import { useApp } from '../store/index.js';

export function ConfirmDialog() {
  const confirm = useApp((s) => s.confirm);
  const ask = useApp((s) => s.ask);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), [confirm]);
  if (!confirm) return null;
  return (
    <div className="backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        className="dialog"
        onKeyDown={(e) => e.key === 'Escape' && ask(null)}
      >
        <h2 id="confirm-title">{confirm.title}</h2>
        <p>{confirm.body}</p>
        <div className="row-buttons">
          <button ref={cancelRef} onClick={() => ask(null)}>
            Cancel
          </button>
          <button
            className="danger"
            onClick={() => {
              ask(null);
              confirm.onConfirm();
            }}
          >
            {confirm.action}
          </button>
        </div>
      </div>
    </div>
  );
}
