/**
 * The largest file this page opens, the one place the rule lives: a file over it is refused
 * before a byte is read (never a frozen tab), with its size, the limit and the command line,
 * which compacts a file of any size its own process's heap allows (docs/cli.md).
 */

const MB = 1e6;
const MiB = 1024 * 1024;

/**
 * Page heap per byte of the file opened: the page holds the parsed document (its text, lines and
 * records), the messages, the summary and the audit model; the worker holds as much again in a
 * heap of its own. Measured after opening, with a GC (test/e2e/realsize.bench.ts,
 * docs/benchmarks.md "Real size"): 6.0–6.4× on 20–100 MB Claude Code sessions, 4.3× on the 22 MB
 * generated JSON history. 8 leaves a quarter to spare; what a run and its proposal add is not
 * measured yet.
 */
export const PAGE_HEAP_PER_FILE_BYTE = 8;
/** The heap assumed where the browser does not say (performance.memory is Chromium's alone). */
export const DEFAULT_HEAP_LIMIT_BYTES = 2048 * MiB;
/** The share of the machine's memory (navigator.deviceMemory, where given) the page may fill. */
export const DEVICE_MEMORY_SHARE = 0.5;
/** The URL parameter that lowers the limit (to try the refusal, or on a shared machine): whole MB. */
export const OPEN_LIMIT_PARAM = 'open-limit-mb';

export interface OpenLimit {
  bytes: number;
  /** Where the figure comes from, for the refusal's message. */
  basis: string;
}

/** What the browser tells of this page's memory; every field optional (only Chromium has them). */
export interface PageMemory {
  jsHeapSizeLimit?: number;
  /** GB of the machine's memory, rounded and capped by the browser (navigator.deviceMemory). */
  deviceMemoryGb?: number;
}

/** The page's own memory figures, where the browser gives them. */
export function pageMemory(): PageMemory {
  const memory = (performance as Performance & { memory?: { jsHeapSizeLimit?: number } }).memory;
  const device = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  return { jsHeapSizeLimit: memory?.jsHeapSizeLimit, deviceMemoryGb: device };
}

/** The limit `memory` allows, lowered by `search`'s `open-limit-mb` when it is valid; `error` says why one is not. */
export function openLimitOf(memory: PageMemory, search = ''): OpenLimit & { error?: string } {
  const heap = memory.jsHeapSizeLimit ?? DEFAULT_HEAP_LIMIT_BYTES;
  const device = memory.deviceMemoryGb ? memory.deviceMemoryGb * 1e9 * DEVICE_MEMORY_SHARE : Infinity;
  const usable = Math.min(heap, device);
  const whose =
    usable === device
      ? `half of this machine's ${memory.deviceMemoryGb} GB`
      : memory.jsHeapSizeLimit === undefined
        ? `an assumed ${Math.round(heap / MiB)} MB heap`
        : `this page's ${Math.round(heap / MiB)} MB heap limit`;
  const derived = {
    bytes: Math.floor(usable / PAGE_HEAP_PER_FILE_BYTE),
    basis: `1/${PAGE_HEAP_PER_FILE_BYTE} of ${whose}: an opened file holds up to ${PAGE_HEAP_PER_FILE_BYTE}× its size here`,
  };
  const raw = new URLSearchParams(search).get(OPEN_LIMIT_PARAM);
  if (raw === null) return derived;
  const mb = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(mb >= 1))
    return { ...derived, error: `${OPEN_LIMIT_PARAM}=${raw} is ignored: it takes a whole number of MB, at least 1` };
  if (mb * MB >= derived.bytes) return derived;
  return { bytes: mb * MB, basis: `set by ${OPEN_LIMIT_PARAM}=${mb} in the address` };
}

/** Why a file of `size` bytes is not opened under `limit`, or null when it fits. */
export function overOpenLimit(size: number, limit: OpenLimit): string | null {
  if (size <= limit.bytes) return null;
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  return (
    `${mb(size)} is more than this page can open, ${mb(limit.bytes)} (${limit.basis}); nothing was read. ` +
    `Compact it with the command line, which reads it outside the browser: ` +
    `compaction-inspector compact_context goal='…' messages=@FILE --out OUT (docs/cli.md)`
  );
}
