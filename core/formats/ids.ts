/**
 * Ids for formats that lack them or repeat them. Our model needs one id per call (R1–R2 pair
 * by id); native files sometimes reuse a call id (tau-bench, SWE-agent demonstrations) or have
 * none (mini-swe-agent). Repeats get a `#n` suffix in our model only — the file keeps its own
 * ids, and writers find native places through the source map, never by id.
 */

export class CallIds {
  private readonly taken = new Set<string>();
  private readonly open = new Map<string, string[]>();
  /** Native ids that occurred on more than one call and were given a `#n` suffix. */
  repeated = 0;

  /** The model id of a call with `nativeId`; the next result with that native id pairs with it. */
  call(nativeId: string): string {
    const id = this.unique(nativeId);
    if (id !== nativeId) this.repeated++;
    const queue = this.open.get(nativeId) ?? [];
    queue.push(id);
    this.open.set(nativeId, queue);
    return id;
  }

  /** The model id of a result: the earliest call with `nativeId` that has no result yet. */
  result(nativeId: string): string {
    const queue = this.open.get(nativeId);
    if (queue && queue.length > 0) return queue.shift() as string;
    // An orphan result (R2 missing_pair) must not collide with a call already paired.
    return this.unique(nativeId);
  }

  private unique(nativeId: string): string {
    let id = nativeId;
    for (let n = 2; this.taken.has(id); n++) id = `${nativeId}#${n}`;
    this.taken.add(id);
    return id;
  }
}

/** The Summary's line about ids: what was native, what was synthesized, what was renamed. */
export function idNote(parts: { messages: 'native' | string; calls: 'native' | string; repeated?: number }): string {
  const messages = parts.messages === 'native' ? 'message ids native' : `message ids synthesized (${parts.messages})`;
  const calls = parts.calls === 'native' ? 'call ids native' : `call ids synthesized (${parts.calls})`;
  const repeated = parts.repeated
    ? `; ${parts.repeated} repeated call id${parts.repeated === 1 ? '' : 's'} renamed with #n here only (the file keeps its ids)`
    : '';
  return `${messages}; ${calls}${repeated}`;
}

/** Positional ids (`m1`, `c1`…): the same file gives the same ids; they renumber after removals. */
export const SYNTHESIZED_MESSAGE_IDS = 'm1, m2, … by position in the conversation';
export const SYNTHESIZED_CALL_IDS = 'c1, c2, … by position of the call';

/** Formats without an error flag: the tool output's own convention, as the agent's users read it. */
export function startsWithError(text: string): boolean {
  return /^\s*Error:/.test(text);
}
