/**
 * A proposal in the terms the writers need: the rebuilt messages (R13–R14, from the engine's
 * `rebuild`) and, per pair whose action changes something, an edit naming the blocks by their
 * place in our model. Writers turn each place into a native one through the source map.
 */
import { forEachEdit } from '../engine/editPlan.js';
import type { Pair } from '../engine/guards.js';
import type { MarkerSettings } from '../engine/rebuild.js';
import { rebuild, rebuildOptionsOf, receiptOf, truncateOutput } from '../engine/rebuild.js';
import type { Action, Block, Message } from '../engine/schema.js';
import type { Edit, FormatAdapter, KeptForTarget, Proposal, ReadConversation, SourceText } from './types.js';

export function proposalOf(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  request: MarkerSettings,
): Proposal {
  const options = rebuildOptionsOf(request);
  const edits: Edit[] = [];
  // rebuild's edits, with its R13 rule: an output that would not get shorter stays as it is.
  const truncated = (pair: Pair) => truncateOutput(pair.resultBlock.output, pair, options);
  forEachEdit(pairs, actions, truncated, {
    drop: (pair) => {
      // §9 drop_receipts: the same receipt rebuild places, so the messages and the file agree.
      const receipt = receiptOf(pair, options);
      edits.push({ kind: 'drop', call: pair.call, result: pair.result, ...(receipt === null ? {} : { receipt }) });
    },
    truncate: (pair, output) => edits.push({ kind: 'truncate', result: pair.result, output }),
  });
  return { edits, messages: rebuild(messages, pairs, actions, options, false).messages };
}

const THINKING = new Set(['thinking', 'redacted_thinking']);

/**
 * The rebuilt messages without the assistant replies a drop left holding thinking alone, as the
 * formats with `FormatAdapter.thinkingGoesWithReply` write them (claudeRecords.ts says why).
 */
export function withoutThinkingOnlyReplies(messages: readonly Message[], proposal: Proposal): Proposal {
  const touched = new Set(
    proposal.edits.flatMap((edit) => (edit.kind === 'drop' ? [messages[edit.call.message]?.id] : [])),
  );
  const thinkingOnly = (message: Message) =>
    message.role === 'assistant' &&
    touched.has(message.id) &&
    Array.isArray(message.content) &&
    message.content.length > 0 &&
    message.content.every((block) => THINKING.has(block.type));
  return { ...proposal, messages: proposal.messages.filter((message) => !thinkingOnly(message)) };
}

/**
 * The rebuilt messages with every call after the blocks that are not calls, as the formats with
 * `FormatAdapter.receiptsBeforeCalls` write a receipt (§9 drop_receipts): their readers give a
 * message's text before its calls, so only a message a receipt went into changes.
 */
export function withReceiptsBeforeCalls(proposal: Proposal): Proposal {
  const isCall = (block: Block) => block.type === 'tool_call';
  const reordered = (message: Message): Message => {
    const content = message.content;
    if (!Array.isArray(content)) return message;
    const firstCall = content.findIndex(isCall);
    if (firstCall < 0 || content.slice(firstCall).every(isCall)) return message;
    return { ...message, content: [...content.filter((b) => !isCall(b)), ...content.filter(isCall)] };
  };
  return { ...proposal, messages: proposal.messages.map(reordered) };
}

/** No change at all: what `--out` writes when nothing was compacted. */
export function unchangedProposal(messages: readonly Message[]): Proposal {
  return { edits: [], messages };
}

/**
 * SPEC §9: the actions as the format's targets let them be written. A drop_call whose call a
 * target needs (`adapter.keepsCall`) becomes drop_result, and is listed with the rule.
 */
export function actionsForTargets(
  adapter: Pick<FormatAdapter, 'keepsCall'>,
  source: { doc: SourceText; read: ReadConversation },
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
): { actions: ReadonlyMap<string, Action>; kept: KeptForTarget[] } {
  if (!adapter.keepsCall) return { actions, kept: [] };
  const written = new Map(actions);
  const kept: KeptForTarget[] = [];
  for (const pair of pairs) {
    if (actions.get(pair.pairId) !== 'drop_call') continue;
    const rule = adapter.keepsCall(source.doc, source.read, pair.call);
    if (rule === null) continue;
    written.set(pair.pairId, 'drop_result');
    kept.push({ pair_id: pair.pairId, call_id: pair.callId, rule });
  }
  return { actions: written, kept };
}
