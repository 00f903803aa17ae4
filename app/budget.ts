/**
 * The command line's memory budget. A history costs about five times its file size in heap
 * at the peak (the text, the parsed objects, the compact JSON measured for stats, the copy
 * and the serialized answer): measured on a 215 MB history, it completes in a 1,000 MB heap
 * and V8 aborts in a 700 MB one. Checking the size before reading turns that fatal
 * out-of-memory abort (exit 134, a GC trace) into exit 2 with one line saying what to do.
 */
import { getHeapStatistics } from 'node:v8';

export const HEAP_BYTES_PER_FILE_BYTE = 5;

const MB = 1024 * 1024;

/** Why a file of `bytes` would not fit this process's heap limit, or null when it fits. */
export function overMemoryBudget(key: string, path: string, bytes: number, heapLimit = getHeapStatistics().heap_size_limit): string | null {
  const needed = bytes * HEAP_BYTES_PER_FILE_BYTE;
  if (needed <= heapLimit) return null;
  const mb = (n: number) => Math.ceil(n / MB);
  return (
    `${key}: ${path} is ${mb(bytes)} MB, more than this process's memory budget handles (about ${Math.floor(heapLimit / HEAP_BYTES_PER_FILE_BYTE / MB)} MB with a ${mb(heapLimit)} MB heap); run with NODE_OPTIONS=--max-old-space-size=${mb(needed) + 256} to raise it`
  );
}
