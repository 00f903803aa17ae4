/**
 * Whether two compacted histories (§6 `answer.messages`) came from the same input (SPEC §9
 * `compare`): a compaction edits only what R13 and R14 name — a `drop_result` shortens an
 * output, a `drop_call` removes a pair's blocks and a message that this leaves empty — so
 * everything else must be equal on both sides: every message that keeps a block other than a
 * call or result (in order, with every field: ids, roles, text, thinking, unknown fields), the
 * name and input of every call both sides kept, the name and state of every result both kept,
 * and the output of every result neither side shortened. Counting messages, characters and
 * call ids alone let two different histories of the same shape through.
 */
import { blocksOf, messageId } from '../engine/pairing.js';
import type { Action, Message } from '../engine/schema.js';

/** What of a history survives any compaction of it, in a form two sides can be compared by. */
export interface HistoryContent {
  /** Messages with a block that is not a call or result, without those blocks, as compact JSON. */
  residual: Array<{ id: string; json: string }>;
  /** Call occurrence (`id#n`) → its name and input as compact JSON. */
  calls: Map<string, string>;
  /** Result occurrence (`id#n`) → its name and state, and its output as compact JSON. */
  results: Map<string, { head: string; output: string; callId: string }>;
  /** Call ids whose output this side may have shortened (R13: action `drop_result`). */
  shortened: Set<string>;
}

const isToolBlock = (type: unknown) => type === 'tool_call' || type === 'tool_result';

/** The content of a compacted history `messages` whose decisions had `actions` (call id → action). */
export function historyContentOf(
  messages: readonly Message[],
  actions: ReadonlyArray<{ call_id: string; action: Action }>,
): HistoryContent {
  const residual: HistoryContent['residual'] = [];
  const calls = new Map<string, string>();
  const results: HistoryContent['results'] = new Map();
  const seen = new Map<string, number>();
  const occurrence = (kind: string, id: unknown) => {
    const key = `${kind}:${String(id)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${String(id)}#${n}`;
  };
  messages.forEach((message, index) => {
    const blocks = blocksOf(message);
    const kept = blocks.filter((block) => !isToolBlock(block.type));
    if (typeof message.content === 'string' || kept.length > 0) {
      const json = JSON.stringify(typeof message.content === 'string' ? message : { ...message, content: kept });
      residual.push({ id: messageId(message, index), json });
    }
    for (const block of blocks) {
      if (block.type === 'tool_call')
        calls.set(occurrence('call', block.id), JSON.stringify([block.name, block.input]));
      else if (block.type === 'tool_result')
        results.set(occurrence('result', block.id), {
          head: JSON.stringify([block.name, block.state]),
          output: JSON.stringify(block.output) ?? '',
          callId: String(block.id),
        });
    }
  });
  const shortened = new Set(actions.filter((d) => d.action === 'drop_result').map((d) => d.call_id));
  return { residual, calls, results, shortened };
}

/** The first place where A's and B's content shows two different inputs, or null. */
export function contentDifference(a: HistoryContent, b: HistoryContent): string | null {
  const count = Math.min(a.residual.length, b.residual.length);
  for (let i = 0; i < count; i++) {
    const [ma, mb] = [a.residual[i], b.residual[i]];
    if (ma.json !== mb.json)
      return ma.id === mb.id
        ? `message ${ma.id} differs (not by a compaction's edit: only calls and results are ever edited)`
        : `message ${i + 1} with text is ${ma.id} in A and ${mb.id} in B`;
  }
  if (a.residual.length !== b.residual.length)
    return `A's history has ${a.residual.length} messages with text, B's ${b.residual.length}`;
  for (const [key, call] of a.calls) {
    const other = b.calls.get(key);
    if (other !== undefined && other !== call) return `call ${key.replace(/#1$/, '')} has another name or input in B`;
  }
  for (const [key, result] of a.results) {
    const other = b.results.get(key);
    if (other === undefined) continue;
    const id = key.replace(/#1$/, '');
    if (other.head !== result.head) return `the result of ${id} has another tool name or state in B`;
    const mayDiffer = a.shortened.has(result.callId) || b.shortened.has(result.callId);
    if (!mayDiffer && other.output !== result.output) return `the result of ${id} has another output in B`;
  }
  return null;
}
