/**
 * A proposal in the terms the writers need: the rebuilt messages (R13–R14, from the engine's
 * `rebuild`) and, per pair whose action changes something, an edit naming the blocks by their
 * place in our model. Writers turn each place into a native one through the source map.
 */
import { forEachEdit } from '../engine/editPlan.js';
import type { Pair } from '../engine/guards.js';
import { rebuild, rebuildOptionsOf, truncateOutput } from '../engine/rebuild.js';
import type { Action, CompactRequest, Message } from '../engine/schema.js';
import type { Edit, Proposal } from './types.js';

export function proposalFor(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  request: Pick<CompactRequest, 'options' | 'archive_ref'>,
): Proposal {
  const options = rebuildOptionsOf(request);
  const edits: Edit[] = [];
  // rebuild's edits, with its R13 rule: an output that would not get shorter stays as it is.
  const truncated = (pair: Pair) => truncateOutput(pair.resultBlock.output, pair.callId, options);
  forEachEdit(pairs, actions, truncated, {
    drop: (pair) => edits.push({ kind: 'drop', call: pair.call, result: pair.result }),
    truncate: (pair, output) => edits.push({ kind: 'truncate', result: pair.result, output }),
  });
  return { edits, messages: rebuild(messages, pairs, actions, options, false).messages };
}

/** No change at all: what `--out` writes when nothing was compacted. */
export function unchangedProposal(messages: readonly Message[]): Proposal {
  return { edits: [], messages };
}
