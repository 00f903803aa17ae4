/**
 * Keeps the approval queue's list fresh while the window is open, and says when a new proposal
 * starts waiting: the toolbar's count changes (announced with it), and where the platform has
 * notifications and the person allowed them, one notification per new proposal.
 */
import { useEffect, useRef } from 'react';
import type { AppStore } from '../store/index.js';

/** A hook holds its agent's compaction while it waits: a few seconds' delay is what a person notices. */
export const QUEUE_POLL_MS = 3000;

export function useQueueWatch(store: AppStore): void {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.queue.entries === previous.queue.entries) return;
      const waiting = state.queue.entries.filter((e) => e.state === 'pending');
      const fresh = seen.current === null ? [] : waiting.filter((e) => !seen.current?.has(e.id));
      seen.current = new Set(state.queue.entries.map((e) => e.id));
      if (fresh.length === 0 || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      for (const entry of fresh)
        new Notification('A compaction waits for your approval', {
          body: `${entry.project}: ${entry.calls_to_decide} calls to decide`,
          tag: entry.id,
        });
    });
    const refresh = () => void store.getState().refreshQueue();
    refresh();
    const timer = setInterval(refresh, QUEUE_POLL_MS);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [store]);
}
