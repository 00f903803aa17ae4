/**
 * R1–R2: find tool_call/tool_result pairs by id, and the blocks that cannot be paired.
 * Deterministic and model-free; it reads the messages and never changes them.
 */
import type { Block, Message } from './schema.js';

/** Where a block stands: message index and block index in that message's content list. */
export interface BlockRef {
  message: number;
  block: number;
}

export type PairingProblem = 'duplicate_id' | 'missing_pair' | 'reversed_pair';

export interface RawPair {
  pairId: string;
  callId: string;
  call: BlockRef;
  result: BlockRef;
  callBlock: Block;
  resultBlock: Block;
}

/** One id (or one id-less block) that R2 makes ineligible; it counts once in `stats.ineligible`. */
export interface UnpairedId {
  id: string | null;
  problem: PairingProblem;
  blocks: BlockRef[];
}

export interface Pairing {
  pairs: RawPair[];
  unpaired: UnpairedId[];
}

/** How the observation (R6), evidence links and the inspector name a message: its id, else `#<index>`. */
export function messageId(message: Message, index: number): string {
  return typeof message.id === 'string' ? message.id : `#${index}`;
}

export function blocksOf(message: Message): Block[] {
  return Array.isArray(message.content) ? message.content : [];
}

export function isToolBlock(block: Block): boolean {
  return block.type === 'tool_call' || block.type === 'tool_result';
}

interface Seen {
  calls: BlockRef[];
  results: BlockRef[];
}

/** R1: a pair is one call and one result with the same id, the result after the call. */
export function pairBlocks(messages: readonly Message[]): Pairing {
  const byId = new Map<string, Seen>();
  const unpaired: UnpairedId[] = [];
  messages.forEach((message, m) => {
    blocksOf(message).forEach((block, b) => {
      if (!isToolBlock(block)) return;
      const ref = { message: m, block: b };
      if (typeof block.id !== 'string') {
        unpaired.push({ id: null, problem: 'missing_pair', blocks: [ref] });
        return;
      }
      let seen = byId.get(block.id);
      if (!seen) byId.set(block.id, (seen = { calls: [], results: [] }));
      (block.type === 'tool_call' ? seen.calls : seen.results).push(ref);
    });
  });

  const pairs: RawPair[] = [];
  for (const [id, seen] of byId) {
    const blocks = [...seen.calls, ...seen.results];
    if (seen.calls.length > 1 || seen.results.length > 1) {
      unpaired.push({ id, problem: 'duplicate_id', blocks });
    } else if (seen.calls.length === 0 || seen.results.length === 0) {
      unpaired.push({ id, problem: 'missing_pair', blocks });
    } else if (!isBefore(seen.calls[0], seen.results[0])) {
      unpaired.push({ id, problem: 'reversed_pair', blocks });
    } else {
      const call = seen.calls[0];
      const result = seen.results[0];
      pairs.push({
        pairId: '',
        callId: id,
        call,
        result,
        callBlock: blocksOf(messages[call.message])[call.block],
        resultBlock: blocksOf(messages[result.message])[result.block],
      });
    }
  }
  // Pair ids follow conversation order of the calls, so batches and observations read in order.
  pairs.sort((a, b) => (isBefore(a.call, b.call) ? -1 : 1));
  pairs.forEach((pair, i) => (pair.pairId = `p${i + 1}`));
  unpaired.sort((a, b) => (isBefore(a.blocks[0], b.blocks[0]) ? -1 : 1));
  return { pairs, unpaired };
}

export function isBefore(a: BlockRef, b: BlockRef): boolean {
  return a.message < b.message || (a.message === b.message && a.block < b.block);
}
