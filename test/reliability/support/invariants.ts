/**
 * The promises every fuzz case checks (SPEC R11, R13, R14, §6): a proposal leaves the input
 * untouched, changes only what a decision names, never grows the history, and matches the
 * response schema; anything else must be an error with a stable code.
 */
import { ContainerError } from '../../../core/engine/containers.js';
import { ERROR_CODES, ResponseSchema } from '../../../core/engine/schema.js';
import { outputText } from '../../../core/engine/guards.js';
import { RequestError } from '../../../core/engine/compact.js';
import type { Block, CompactResponse, Decision, Message } from '../../../core/engine/schema.js';

/** Freezes every object reachable from `value`, so a write anywhere throws (ESM is strict mode). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    Object.freeze(next);
    for (const child of Object.values(next)) stack.push(child);
  }
  return value;
}

export class InvariantError extends Error {}

function fail(message: string): never {
  throw new InvariantError(message);
}

const json = (value: unknown) => JSON.stringify(value);

/** A thrown error must be bad input with the stable `invalid_input` code; anything else is a crash. */
export function assertStableError(error: unknown): 'invalid_input' {
  if (
    (error instanceof ContainerError || error instanceof RequestError) &&
    error.code === 'invalid_input' &&
    error.message.length > 0
  )
    return 'invalid_input';
  throw error;
}

const TOOL_TYPES = new Set(['tool_call', 'tool_result']);

/**
 * Checks a response against the input it came from. `inputJson` is the compact JSON of the
 * messages taken before the run: equality afterwards proves the input was not changed.
 */
export interface CaseContext {
  messages: readonly Message[];
  inputJson: string;
  response: CompactResponse;
  archiveRef: string;
  truncateHeadChars: number;
  /** R4 flags per input message, when the caller computed them. */
  protectedFlags?: readonly boolean[];
}

export function assertProposalInvariants(ctx: CaseContext): string {
  const { messages, inputJson, response } = ctx;
  if (json(messages) !== inputJson) fail('the input messages changed');
  const parsed = ResponseSchema.safeParse(response);
  if (!parsed.success) fail(`response does not match ResponseSchema: ${parsed.error.issues[0]?.message}`);
  if (!response.success) {
    if (!ERROR_CODES.includes(response.answer.error.code)) fail(`unknown error code ${response.answer.error.code}`);
    if ('messages' in response.answer) fail('a failure carries messages');
    return response.answer.error.code;
  }
  const answer = response.answer;
  const out = answer.messages;
  const outJson = json(out);
  if (outJson.length > inputJson.length)
    fail(`output (${outJson.length} chars) is longer than input (${inputJson.length})`);
  if (answer.changed !== (outJson !== inputJson))
    fail(`changed=${answer.changed} but the messages ${outJson === inputJson ? 'are' : 'are not'} identical`);
  if (answer.stats.chars_before !== inputJson.length || answer.stats.chars_after !== outJson.length)
    fail('chars_before/after do not measure the messages');
  if (answer.stats.messages_before !== messages.length || answer.stats.messages_after !== out.length)
    fail('messages_before/after are wrong');
  if (answer.reason === 'no_candidates' && answer.stats.candidates !== 0) fail('no_candidates with candidates');
  for (const d of answer.decisions) assertDecisionShape(d);
  assertRebuiltFromDecisions(ctx, out, answer.decisions);
  return answer.reason;
}

function assertDecisionShape(d: Decision): void {
  const guarded = !['result_needed', 'call_needed', 'not_needed'].includes(d.reason);
  if (guarded && (d.action !== 'keep' || d.keep_call !== null || d.keep_result !== null))
    fail(`guarded pair ${d.pair_id} was not kept with null probabilities`);
  if (!guarded && (d.keep_call === null || d.keep_result === null))
    fail(`evaluated pair ${d.pair_id} lacks probabilities`);
}

/**
 * An independent oracle for R13/R14: walks the input with the decisions and expects exactly
 * the blocks and messages they allow to change, in order.
 */
function assertRebuiltFromDecisions(ctx: CaseContext, out: readonly Message[], decisions: readonly Decision[]): void {
  const { messages: input, protectedFlags } = ctx;
  const dropCall = new Set(decisions.filter((d) => d.action === 'drop_call').map((d) => d.call_id));
  const dropResult = new Set(decisions.filter((d) => d.action === 'drop_result').map((d) => d.call_id));
  const dropped = (b: Block) => TOOL_TYPES.has(b.type) && typeof b.id === 'string' && dropCall.has(b.id);
  let j = 0;
  input.forEach((message, i) => {
    const blocks = Array.isArray(message.content) ? message.content : null;
    const kept = blocks?.filter((b) => !dropped(b)) ?? null;
    if (blocks && blocks.length > 0 && kept?.length === 0) {
      if (protectedFlags?.[i]) fail(`protected message ${i} was removed`);
      return; // R14: emptied by drop_call, so removed
    }
    const got = out[j++];
    if (!got) fail(`message ${i} is missing from the output`);
    if (protectedFlags?.[i] && json(got) !== json(message)) fail(`protected message ${i} changed`);
    const keys = Object.keys(message);
    if (json(Object.keys(got)) !== json(keys)) fail(`message ${i} key order changed`);
    for (const key of keys)
      if (key !== 'content' && json(got[key]) !== json(message[key])) fail(`message ${i} field ${key} changed`);
    if (!blocks || !kept) {
      if (json(got.content) !== json(message.content)) fail(`message ${i} legacy content changed`);
      return;
    }
    const gotBlocks = got.content as Block[];
    if (gotBlocks.length !== kept.length) fail(`message ${i} has ${gotBlocks.length} blocks, expected ${kept.length}`);
    kept.forEach((block, b) => assertBlock(ctx, block, gotBlocks[b], dropResult, `message ${i} block ${b}`));
  });
  if (j !== out.length) fail(`output has ${out.length - j} extra messages`);
}

function assertBlock(
  ctx: CaseContext,
  before: Block,
  after: Block,
  dropResult: ReadonlySet<string>,
  where: string,
): void {
  if (json(before) === json(after)) return;
  const isDropResult = before.type === 'tool_result' && typeof before.id === 'string' && dropResult.has(before.id);
  if (!isDropResult) fail(`${where} (${before.type}) changed without a drop_result decision`);
  for (const key of Object.keys(before))
    if (key !== 'output' && json(before[key]) !== json(after[key])) fail(`${where}: field ${key} changed`);
  const original = before.output as string | Array<{ text: string }>;
  const text = outputText(original);
  const now =
    typeof after.output === 'string'
      ? after.output
      : Array.isArray(after.output) && after.output.length === 1
        ? (after.output[0] as { text?: unknown }).text
        : null;
  if (typeof now !== 'string') fail(`${where}: R13 output lost its shape`);
  if (typeof original === 'string' && typeof after.output !== 'string')
    fail(`${where}: R13 a string output stopped being a string`);
  if (now.length >= text.length) fail(`${where}: R13 replaced output is not shorter`);
  // §9 Marker: the tool and its target may stand between the call id and "omitted".
  const end = ` omitted; the full output is in ${ctx.archiveRef}]`;
  const callAt = now.lastIndexOf(` characters of the result of tool call ${before.id as string}`);
  if (!now.endsWith(end) || callAt === -1) fail(`${where}: R13 marker does not name the call and the archive`);
  const match = /\n…\[(\d+)$/.exec(now.slice(0, callAt));
  if (!match) fail(`${where}: R13 marker has no omitted count`);
  const head = now.slice(0, match.index);
  if (!text.startsWith(head)) fail(`${where}: R13 head is not a prefix of the original`);
  const headPoints = [...head].length;
  if (headPoints !== Math.min(ctx.truncateHeadChars, [...text].length))
    fail(`${where}: R13 head has ${headPoints} code points, expected ${ctx.truncateHeadChars}`);
  if (Number(match[1]) !== [...text].length - headPoints) fail(`${where}: R13 omitted count ${match[1]} is wrong`);
  const last = head.charCodeAt(head.length - 1);
  const nextUnit = text.charCodeAt(head.length);
  if (last >= 0xd800 && last <= 0xdbff && nextUnit >= 0xdc00 && nextUnit <= 0xdfff)
    fail(`${where}: R13 split a surrogate pair`);
}
