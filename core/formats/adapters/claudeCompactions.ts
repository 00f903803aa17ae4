/**
 * Compactions Claude Code made of its own context, as its files record them
 * (`ReadConversation.compactions`). A `{type: "system", subtype: "compact_boundary"}` line marks
 * the point; Claude Code resumes from what follows it, starting with a user line marked
 * `isCompactSummary: true` whose text stands in for everything before. The lines before stay in
 * the file but are no longer sent.
 *
 * Shapes, from their sources: the session file writes `compactMetadata: {trigger, preTokens}`
 * (inspect_scout tests/sources/claude_code_source/fixtures/compaction_session.jsonl @ 63b481d6);
 * the SDK's stream writes `compact_metadata: {trigger, pre_tokens, post_tokens?,
 * preserved_segment?, preserved_messages?}` (@anthropic-ai/claude-agent-sdk 0.3.336 sdk.d.ts,
 * `SDKCompactBoundaryMessage`). A partial compaction preserves some earlier messages by uuid
 * and splices them back on resume; they are named in `kept` and still counted as before the
 * boundary, which only keeps their calls out of the proposal (the safe side).
 */
import { isRecord } from '../document.js';
import type { CompactionBoundary, JsonPath } from '../types.js';

function isBoundary(record: Record<string, unknown>): boolean {
  return record.type === 'system' && record.subtype === 'compact_boundary';
}

function metadataOf(record: Record<string, unknown>): Record<string, unknown> {
  const meta = record.compactMetadata ?? record.compact_metadata;
  return isRecord(meta) ? meta : {};
}

/** How many earlier messages a partial compaction preserved, by either spelling. */
function preservedCount(meta: Record<string, unknown>): number {
  const list = meta.preserved_messages ?? meta.preservedMessages;
  if (isRecord(list) && Array.isArray(list.uuids)) return list.uuids.length;
  return isRecord(meta.preserved_segment ?? meta.preservedSegment) ? 1 : 0;
}

/** A summary line's text: its string content, or its text blocks joined (null when it has none). */
function summaryText(message: unknown): string | null {
  if (!isRecord(message)) return null;
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.filter((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string');
  return texts.length > 0 ? texts.map((b) => (b as { text: string }).text).join('\n') : null;
}

interface Found {
  boundary: Omit<CompactionBoundary, 'kept'>;
  preserved: number;
  /** Preserved as a segment (the SDK names its ends, not its length). */
  segment: boolean;
}

/** Collects the boundaries of one conversation while its records are read in file order. */
export class CompactionCollector {
  private readonly found: Found[] = [];
  private awaitingSummary = false;

  /** True when `record` (at `path`) is a boundary; `next` is the index the next message will get. */
  boundary(record: Record<string, unknown>, path: JsonPath, next: number): boolean {
    if (!isBoundary(record)) return false;
    const meta = metadataOf(record);
    const tokens = meta.preTokens ?? meta.pre_tokens;
    const boundary: Omit<CompactionBoundary, 'kept'> = { liveFrom: next, summary: null, path };
    if (typeof meta.trigger === 'string') boundary.trigger = meta.trigger;
    if (typeof tokens === 'number') boundary.tokensBefore = tokens;
    const preserved = preservedCount(meta);
    const segment = preserved === 1 && !isRecord(meta.preserved_messages ?? meta.preservedMessages);
    this.found.push({ boundary, preserved, segment });
    this.awaitingSummary = true;
    return true;
  }

  /** A message record of the conversation, read: the first one after a boundary may be its summary. */
  message(record: Record<string, unknown>): void {
    if (!this.awaitingSummary) return;
    this.awaitingSummary = false;
    if (record.isCompactSummary === true)
      this.found[this.found.length - 1].boundary.summary = summaryText(record.message);
  }

  result(): CompactionBoundary[] | undefined {
    if (this.found.length === 0) return undefined;
    return this.found.map(({ boundary, preserved, segment }) => {
      const earlier = `${boundary.liveFrom} earlier message${boundary.liveFrom === 1 ? '' : 's'}`;
      const kept =
        boundary.summary !== null
          ? `a summary message in place of ${earlier}`
          : `no summary in the file; ${earlier} not sent`;
      const also = segment
        ? '; a preserved segment of earlier messages'
        : preserved > 0
          ? `; ${preserved} earlier messages preserved`
          : '';
      return { ...boundary, kept: kept + also };
    });
  }
}
