/**
 * One confirmation at a time (discard, open over unsaved work, overwrite): a modal dialog
 * named by its title and described by its body; focus lands on the safe choice, Tab stays
 * inside, Escape cancels, and focus goes back where it was when the dialog closes.
 */
import { useEffect, useRef } from 'react';
import { useApp } from '../store/index.js';

export function ConfirmDialog() {
  const confirm = useApp((s) => s.confirm);
  const ask = useApp((s) => s.ask);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!confirm) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => before?.focus();
  }, [confirm]);
  if (!confirm) return null;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') return ask(null);
    if (e.key !== 'Tab') return;
    // Two buttons: Tab and Shift+Tab go from one to the other and never leave the dialog.
    e.preventDefault();
    (document.activeElement === cancelRef.current ? confirmRef : cancelRef).current?.focus();
  };
  return (
    <div className="backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-body"
        className="dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title">{confirm.title}</h2>
        <p id="confirm-body">{confirm.body}</p>
        <div className="row-buttons">
          <button ref={cancelRef} onClick={() => ask(null)}>
            Cancel
          </button>
          <button
            ref={confirmRef}
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
