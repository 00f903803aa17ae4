/**
 * One confirmation at a time (discard, open over unsaved work, overwrite): a modal dialog
 * named by its title and described by its body; focus lands on the safe choice, Tab stays
 * inside, Escape cancels, and focus goes back where it was when the dialog closes.
 */
import { useEffect, useRef } from 'react';
import { useApp } from '../store/index.js';
import { Modal } from './Modal.js';

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
  // Two buttons: Tab and Shift+Tab go from one to the other and never leave the dialog.
  const keepTabInside = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    e.preventDefault();
    (document.activeElement === cancelRef.current ? confirmRef : cancelRef).current?.focus();
  };
  return (
    <Modal title={confirm.title} description={confirm.body} onEscape={() => ask(null)} onKeyDown={keepTabInside}>
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
    </Modal>
  );
}
