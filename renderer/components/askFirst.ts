/**
 * Nothing lost by accident: an action that would drop a proposal not exported, or changed
 * since its export (selectors.ts `selectUnsaved`), asks first in the one ConfirmDialog.
 */
import type { AppStore } from '../store/index.js';
import { selectUnsaved } from '../store/selectors.js';
import type { OpenRequest } from '../store/snapshot.js';
import type { AppState } from '../store/state.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What would be lost, in one sentence for the dialog. */
export function unsavedSummary(s: AppState): string {
  const overrides = Object.keys(s.proposal?.overrides ?? {}).length;
  const notes = Object.keys(s.comments).length + (s.approvalComment.trim() === '' ? 0 : 1);
  const parts = [
    'its decisions',
    ...(overrides ? [plural(overrides, 'override')] : []),
    ...(notes ? [plural(notes, 'note')] : []),
  ];
  const lost = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const state = s.exported ? 'has changed since it was exported' : 'has not been exported';
  return `The proposal for ${s.snapshot?.fileName ?? 'this file'} ${state}: ${lost} would be lost. The opened file is not changed.`;
}

/** Runs `then` at once when nothing would be lost, else once the person confirms. */
export function askFirst(store: AppStore, what: { title: string; action: string }, then: () => void): void {
  const s = store.getState();
  if (!selectUnsaved(s)) return then();
  s.ask({ ...what, body: unsavedSummary(s), onConfirm: then });
}

/** Opens another file (picked, dropped or from the host's dialog), asking first when work would be lost. */
export function openAsked(store: AppStore, request: OpenRequest): void {
  askFirst(store, { title: `Open ${request.fileName}?`, action: 'Discard proposal and open' }, () => {
    void store.getState().openSnapshot(request);
  });
}
