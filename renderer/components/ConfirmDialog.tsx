/**
 * One confirmation at a time (discard, open over unsaved work, overwrite): a modal dialog
 * named by its title and described by its body; focus lands on the safe choice, Tab stays
 * inside, Escape cancels, and focus goes back where it was when the dialog closes.
 */
import { useRef } from 'react';
import { useApp } from '../store/index.js';
import { Modal } from './Modal.js';

export function ConfirmDialog() {
  const confirm = useApp((s) => s.confirm);
  const ask = useApp((s) => s.ask);
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!confirm) return null;
  return (
    <Modal title={confirm.title} description={confirm.body} onEscape={() => ask(null)} initialFocus={cancelRef}>
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
    </Modal>
  );
}
