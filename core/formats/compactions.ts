/**
 * What a source's recorded compactions (ReadConversation.compactions) mean for a request and a
 * report: the message the agent's live context starts from after the last one, which the
 * `outside_live_context` guard takes as `live_from_message_id` (SPEC §9 extension), and each
 * boundary as the command line's `metadata.source` lists it.
 */
import type { ReadConversation } from './types.js';

/**
 * The id of the first live message after the last compaction, or undefined when the source
 * records none or nothing follows it (then no message has an id to name; every call before it
 * stays a candidate, as without compactions).
 */
export function liveFromMessageId(read: Pick<ReadConversation, 'messages' | 'compactions'>): string | undefined {
  const last = read.compactions?.[read.compactions.length - 1];
  if (!last) return undefined;
  const id = read.messages[last.liveFrom]?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The messages the agent still sees: from the last compaction's live context start on (all of
 * them when the file records none). `eval` cuts only these, so a cut's history is what the agent
 * had in context at that point and no label is drawn from messages it no longer had.
 */
export function liveMessages<M>(read: { messages: readonly M[]; compactions?: ReadConversation['compactions'] }): M[] {
  const last = read.compactions?.[read.compactions.length - 1];
  return read.messages.slice(last ? last.liveFrom : 0);
}

/** One boundary as a report shows it: where the live context starts, what was kept, the summary. */
export interface CompactionReport {
  live_from_message: number;
  live_from_message_id: string | null;
  kept: string;
  summary: string | null;
  trigger: string | null;
  tokens_before: number | null;
}

export function compactionReports(read: Pick<ReadConversation, 'messages' | 'compactions'>): CompactionReport[] {
  return (read.compactions ?? []).map((c) => {
    const id = read.messages[c.liveFrom]?.id;
    return {
      live_from_message: c.liveFrom,
      live_from_message_id: typeof id === 'string' ? id : null,
      kept: c.kept,
      summary: c.summary,
      trigger: c.trigger ?? null,
      tokens_before: c.tokensBefore ?? null,
    };
  });
}
