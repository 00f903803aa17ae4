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
