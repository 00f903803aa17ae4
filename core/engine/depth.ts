/**
 * A guard against histories nested so deeply that JSON.stringify and structuredClone (both
 * recursive in V8) overflow the stack: about 4,000 levels on Node's main thread, fewer in
 * small-stack workers. JSON.parse accepts far deeper input, so without this a file loads
 * and then crashes the engine with a RangeError instead of a clear `invalid_input`.
 */

/** Far above any real history (the corpus nests 6 levels) and well below the overflow. */
export const MAX_NESTING_DEPTH = 1000;

/**
 * True when `value` nests objects/arrays more than `limit` levels deep. Iterative, so it
 * cannot overflow itself; a circular structure also answers true (its depth is unbounded),
 * and depth-first order finds that after about `limit` steps.
 */
export function exceedsNesting(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (next.depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value as object);
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

export const NESTING_MESSAGE = `nested more than ${MAX_NESTING_DEPTH} levels deep (or circular); such a history cannot be processed safely`;
