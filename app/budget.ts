/**
 * The hosts' memory budget (the command line's `@file` values, the web host's request body).
 * A history costs about five times its file size in heap at the peak (the text, the parsed
 * objects, the compact JSON measured for stats, the copy and the serialized answer): measured on a 215 MB history, it completes in a 1,000 MB heap
 * and V8 aborts in a 700 MB one. Checking the size before reading turns that fatal
 * out-of-memory abort (exit 134, a GC trace) into a clear refusal: exit 2 with one line from
 * the CLI, 413 from the web host (whose process would otherwise die with every run in it; its
 * rule for a run, which depends on more than the size, is app/host/heap-budget.ts).
 */
import { getHeapStatistics } from 'node:v8';

export const HEAP_BYTES_PER_FILE_BYTE = 5;

const MB = 1024 * 1024;

/** The largest input this process can take without risking V8's fatal out-of-memory abort. */
export function memoryBudgetBytes(
  bytesPerInputByte = HEAP_BYTES_PER_FILE_BYTE,
  heapLimit = getHeapStatistics().heap_size_limit,
): number {
  return Math.floor(heapLimit / bytesPerInputByte);
}

/**
 * Why a file of `bytes` would not fit this process's heap limit, or null when it fits. With
 * `atLeast`, `bytes` is only what was read before stopping (a pipe or a device has no size).
 */
export function overMemoryBudget(
  key: string,
  path: string,
  bytes: number,
  heapLimit = getHeapStatistics().heap_size_limit,
  atLeast = false,
): string | null {
  const needed = bytes * HEAP_BYTES_PER_FILE_BYTE;
  if (needed <= heapLimit) return null;
  const mb = (n: number) => Math.ceil(n / MB);
  const size = atLeast ? 'holds more than' : `is ${mb(bytes)} MB, more than`;
  const raise = atLeast
    ? 'pass a regular file, or raise it with NODE_OPTIONS=--max-old-space-size=MB'
    : `run with NODE_OPTIONS=--max-old-space-size=${mb(needed) + 256} to raise it`;
  return `${key}: ${path} ${size} this process's memory budget handles (about ${Math.floor(heapLimit / HEAP_BYTES_PER_FILE_BYTE / MB)} MB with a ${mb(heapLimit)} MB heap); ${raise}`;
}
