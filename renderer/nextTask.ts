/**
 * Resolves on a later task of the page's event loop, after input, rendering and other tasks
 * waiting meanwhile: long work split at these points never holds the main thread in one piece.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
