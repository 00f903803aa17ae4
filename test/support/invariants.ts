/**
 * Independent checks of a proposal against its input (R2–R4, R11, R13, R14), used by the
 * scenario and property tests. They re-derive what each block must look like from the
 * analysis and the decisions, without calling rebuild.
 */
import type { Analysis } from '../../core/engine/guards.js';
import type { Decision, Message } from '../../core/engine/schema.js';
import { pairBlocks } from '../../core/engine/pairing.js';

type Block = Record<string, unknown> & { type: string };

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const blocksOf = (m: Message): Block[] => (Array.isArray(m.content) ? (m.content as Block[]) : []);
const withoutContent = (m: Message) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(m).map(([k, v]) => [k, k === 'content' ? (Array.isArray(v) ? '[blocks]' : v) : v]),
    ),
  );

/** What R12–R14 allow for each block: its action when it belongs to a candidate pair. */
function actionsByBlock(
  analysis: Analysis,
  decisions: readonly Decision[],
): Map<string, 'drop_call' | 'drop_result_call' | 'drop_result'> {
  const actionOf = new Map(decisions.map((d) => [d.pair_id, d.action]));
  const out = new Map<string, 'drop_call' | 'drop_result_call' | 'drop_result'>();
  for (const pair of analysis.pairs) {
    const action = actionOf.get(pair.pairId);
    if (pair.guard !== null || action === 'keep' || action === undefined) continue;
    if (action === 'drop_call') {
      out.set(`${pair.call.message}:${pair.call.block}`, 'drop_call');
      out.set(`${pair.result.message}:${pair.result.block}`, 'drop_call');
    } else {
      out.set(`${pair.call.message}:${pair.call.block}`, 'drop_result_call');
      out.set(`${pair.result.message}:${pair.result.block}`, 'drop_result');
    }
  }
  return out;
}

/**
 * Every problem found, as readable lines (empty when the proposal is faithful): messages
 * removed only when emptied by drop_call, every untouched block byte-identical, drop_result
 * changing only `output` and keeping its shape, and only when shorter.
 */
export function proposalProblems(
  input: readonly Message[],
  output: readonly Message[],
  analysis: Analysis,
  decisions: readonly Decision[],
): string[] {
  const problems: string[] = [];
  const byBlock = actionsByBlock(analysis, decisions);
  let j = 0;
  input.forEach((message, i) => {
    const blocks = blocksOf(message);
    const emptied = blocks.length > 0 && blocks.every((_, b) => byBlock.get(`${i}:${b}`) === 'drop_call');
    if (emptied) return; // R14: removed exactly when emptied
    const out = output[j++];
    if (!out) return void problems.push(`message ${i} missing from the output`);
    if (withoutContent(out) !== withoutContent(message))
      problems.push(`message ${i}: fields other than content changed`);
    if (!Array.isArray(message.content)) {
      if (JSON.stringify(out.content) !== JSON.stringify(message.content))
        problems.push(`message ${i}: non-list content changed`);
      return;
    }
    const kept = blocks
      .map((block, b) => ({ block, b, action: byBlock.get(`${i}:${b}`) }))
      .filter((x) => x.action !== 'drop_call');
    const outBlocks = blocksOf(out);
    if (outBlocks.length !== kept.length)
      return void problems.push(`message ${i}: ${outBlocks.length} blocks, expected ${kept.length}`);
    kept.forEach(({ block, b, action }, k) => {
      const got = outBlocks[k];
      if (action !== 'drop_result') {
        if (JSON.stringify(got) !== JSON.stringify(block))
          problems.push(`message ${i} block ${b} (${block.type}) is not byte-identical`);
        return;
      }
      const { output: before, ...restBefore } = block;
      const { output: after, ...restAfter } = got;
      if (JSON.stringify(restAfter) !== JSON.stringify(restBefore))
        problems.push(`message ${i} block ${b}: drop_result changed more than the output`);
      if (JSON.stringify(after) === JSON.stringify(before)) return;
      if (typeof before === 'string' && typeof after !== 'string')
        problems.push(`message ${i} block ${b}: R13 string output became ${typeof after}`);
      if (Array.isArray(before) && !(Array.isArray(after) && after.length === 1 && after[0].type === 'text'))
        problems.push(`message ${i} block ${b}: R13 list output did not become one text block`);
      if (JSON.stringify(after).length >= JSON.stringify(before).length)
        problems.push(`message ${i} block ${b}: R13 replacement is not shorter`);
    });
  });
  if (j !== output.length) problems.push(`output has ${output.length} messages, expected ${j}`);
  return problems;
}

/** Ids left without their partner in `output` that were paired in `input` (R14 removes both blocks). */
export function newlyUnpaired(input: readonly Message[], output: readonly Message[]): Array<string | null> {
  const before = new Set(pairBlocks(input).unpaired.map((u) => u.id));
  return pairBlocks(output)
    .unpaired.map((u) => u.id)
    .filter((id) => !before.has(id));
}
