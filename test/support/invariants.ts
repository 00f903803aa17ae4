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

/** §9 drop_receipts: what the proposal was asked to leave where a dropped call was. */
export interface ReceiptExpectation {
  archiveRef: string;
}

type Pair = Analysis['pairs'][number];

/** The call blocks of drop_call pairs, by `message:block`: where a receipt may stand. */
function dropSites(analysis: Analysis, decisions: readonly Decision[]): Map<string, Pair> {
  const actionOf = new Map(decisions.map((d) => [d.pair_id, d.action]));
  const sites = new Map<string, Pair>();
  for (const pair of analysis.pairs)
    if (pair.guard === null && actionOf.get(pair.pairId) === 'drop_call')
      sites.set(`${pair.call.message}:${pair.call.block}`, pair);
  return sites;
}

/**
 * Whether a receipt must, may or must not stand for `pair`, from bounds worked out here rather
 * than by the receipt's own helper: any receipt says at least `[compacted: ran TOOL → ;
 * original: archive REF call ID]` and, with no target, at most 40 characters more (its lines,
 * characters and state). It must fit in less JSON than the call and result blocks together.
 */
function receiptDue(pair: Pair, archiveRef: string): 'must' | 'may' | 'must_not' {
  const tool = pair.toolName === '' ? 'a tool' : pair.toolName;
  const least = `[compacted: ran ${tool} → ; original: archive ${archiveRef} call ${pair.callId}]`;
  const block = (text: string) => JSON.stringify({ type: 'text', text }).length;
  const budget = JSON.stringify(pair.callBlock).length + JSON.stringify(pair.resultBlock).length;
  if (block(least) >= budget) return 'must_not';
  return block(least + ' '.repeat(40)) < budget ? 'must' : 'may';
}

/** Problems of `block` as the receipt of `pair`; null when it is not a receipt of that call at all. */
function receiptProblem(block: Block | undefined, pair: Pair, archiveRef: string): string[] | null {
  if (!block || block.type !== 'text' || typeof block.text !== 'string') return null;
  const text = block.text;
  const tail = `; original: archive ${archiveRef} call ${pair.callId}]`;
  if (!text.startsWith('[compacted: ran ') || !text.endsWith(tail)) return null;
  const problems: string[] = [];
  if (Object.keys(block).join() !== 'type,text') problems.push(`receipt of ${pair.callId} has fields besides text`);
  if (!text.startsWith(`[compacted: ran ${pair.toolName === '' ? 'a tool' : pair.toolName} `))
    problems.push(`receipt of ${pair.callId} does not name its tool`);
  if (text.includes('\n')) problems.push(`receipt of ${pair.callId} is not one line`);
  const budget = JSON.stringify(pair.callBlock).length + JSON.stringify(pair.resultBlock).length;
  if (JSON.stringify(block).length >= budget) problems.push(`receipt of ${pair.callId} is not shorter than its pair`);
  return problems;
}

/**
 * Every problem found, as readable lines (empty when the proposal is faithful): messages
 * removed only when emptied by drop_call, every untouched block byte-identical, drop_result
 * changing only `output` and keeping its shape, and only when shorter. With `receipts` (§9
 * drop_receipts), a drop_call's call block is replaced by its receipt where one fits (and by
 * nothing where none can), and a message emptied by drop_call stays when it holds a receipt.
 */
export function proposalProblems(
  input: readonly Message[],
  output: readonly Message[],
  analysis: Analysis,
  decisions: readonly Decision[],
  receipts?: ReceiptExpectation,
): string[] {
  const problems: string[] = [];
  const byBlock = actionsByBlock(analysis, decisions);
  const sites = receipts ? dropSites(analysis, decisions) : new Map<string, Pair>();
  let j = 0;
  input.forEach((message, i) => {
    const blocks = blocksOf(message);
    const emptied = blocks.length > 0 && blocks.every((_, b) => byBlock.get(`${i}:${b}`) === 'drop_call');
    if (emptied) {
      // R14: removed exactly when emptied, unless a receipt stands in it.
      const candidate = output[j];
      const holdsReceipts =
        receipts !== undefined &&
        candidate !== undefined &&
        withoutContent(candidate) === withoutContent(message) &&
        blocksOf(candidate).length > 0 &&
        blocksOf(candidate).every((block) =>
          [...sites.entries()].some(
            ([at, pair]) => at.startsWith(`${i}:`) && receiptProblem(block, pair, receipts.archiveRef) !== null,
          ),
        );
      if (!holdsReceipts) {
        for (const [at, pair] of sites)
          if (at.startsWith(`${i}:`) && receiptDue(pair, (receipts as ReceiptExpectation).archiveRef) === 'must')
            problems.push(`message ${i}: removed, but the receipt of ${pair.callId} fits`);
        return;
      }
    }
    const out = output[j++];
    if (!out) return void problems.push(`message ${i} missing from the output`);
    if (withoutContent(out) !== withoutContent(message))
      problems.push(`message ${i}: fields other than content changed`);
    if (!Array.isArray(message.content)) {
      if (JSON.stringify(out.content) !== JSON.stringify(message.content))
        problems.push(`message ${i}: non-list content changed`);
      return;
    }
    const outBlocks = blocksOf(out);
    let k = 0;
    blocks.forEach((block, b) => {
      const action = byBlock.get(`${i}:${b}`);
      const site = sites.get(`${i}:${b}`);
      if (site && receipts) {
        const found = receiptProblem(outBlocks[k], site, receipts.archiveRef);
        const due = receiptDue(site, receipts.archiveRef);
        if (found === null) {
          if (due === 'must') problems.push(`message ${i} block ${b}: no receipt for ${site.callId}, and one fits`);
        } else {
          if (due === 'must_not')
            problems.push(`message ${i} block ${b}: a receipt for ${site.callId} that cannot fit`);
          problems.push(...found.map((p) => `message ${i} block ${b}: ${p}`));
          k++;
        }
        return;
      }
      if (action === 'drop_call') return;
      const got = outBlocks[k++];
      if (got === undefined) return void problems.push(`message ${i} block ${b} (${block.type}) is missing`);
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
    if (k !== outBlocks.length) problems.push(`message ${i}: ${outBlocks.length} blocks, expected ${k}`);
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
