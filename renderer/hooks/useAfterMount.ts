/**
 * False on a component's first render, true from a later task: a costly part of a view (the
 * context strip's thousands of SVG bars) mounts after the rest of it is on screen, so opening
 * the view is two tasks, not one long one.
 */
import { useEffect, useState } from 'react';
import { nextTask } from '../nextTask.js';

export function useAfterMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void nextTask().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/**
 * `value` as it was a task ago: undefined on the render where it is new, itself from a later
 * task. A part that measures a new history (a 100 MB session's message sizes take half a second)
 * compares its state with it, so the measuring is a task of its own after the rest of the view.
 */
export function useSettled<T>(value: T): T | undefined {
  const [settled, setSettled] = useState<{ value: T } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void nextTask().then(() => live && setSettled({ value }));
    return () => {
      live = false;
    };
  }, [value]);
  return settled?.value === value ? value : undefined;
}
