/**
 * The command line's read budget for its `@file` values: how much it may read before a
 * history's shape is known. It is the heap rule's share for the bytes alone
 * (app/host/heap-budget.ts, `readHeapBytes`) against this process's heap limit less the idle
 * process, the same rule the web host holds a body by while reading it. Checking the size
 * before reading turns V8's fatal out-of-memory abort (exit 134, a GC trace) into exit 2 with
 * one line; once the request is read, `compact_context` weighs the run by its whole shape
 * (app/cli/compact.ts). The old 5×-the-file rule admitted a 20 MB history of 100k text
 * messages into a 131 MB heap, which then aborted while reading it.
 */
import { getHeapStatistics } from 'node:v8';
import { HOST_IDLE_HEAP_BYTES, hostHeapBudgetBytes, readHeapBytes } from './host/heap-budget.js';

const MB = 1024 * 1024;

/** The largest input this process can take without risking V8's fatal out-of-memory abort. */
export function memoryBudgetBytes(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.floor(hostHeapBudgetBytes(heapLimit) / readHeapBytes(1));
}

/**
 * Why a file of `bytes` would not fit this process's heap limit, or null when it fits. With
 * `atLeast`, `bytes` is only what was read before stopping (a pipe or a device has no size).
 */
export function overMemoryBudget(
  path: string,
  bytes: number,
  heapLimit = getHeapStatistics().heap_size_limit,
  atLeast = false,
): string | null {
  const budget = memoryBudgetBytes(heapLimit);
  if (bytes <= budget) return null;
  const mb = (n: number) => Math.ceil(n / MB);
  const size = atLeast ? 'holds more than' : `is ${mb(bytes)} MB, more than`;
  const raise = atLeast
    ? 'pass a regular file, or raise it with NODE_OPTIONS=--max-old-space-size=MB'
    : `run with NODE_OPTIONS=--max-old-space-size=${mb(readHeapBytes(bytes) + HOST_IDLE_HEAP_BYTES)} to raise it`;
  return `${path} ${size} this process's memory budget handles (about ${Math.floor(budget / MB)} MB with a ${mb(heapLimit)} MB heap); ${raise}`;
}

/**
 * What a ZIP archive of `fileBytes` (an Inspect `.eval` log) may inflate to, all members
 * together: the same share of the heap rule as a file's bytes, less the archive's own bytes,
 * which stay held while it is read (core/formats/zip/inflate.ts bounds the inflating).
 */
export function inflateBudgetBytes(fileBytes: number, heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(0, memoryBudgetBytes(heapLimit) - fileBytes);
}
