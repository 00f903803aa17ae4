/**
 * Comparing two proposals for the same history (SPEC §9 `compare`): which calls' actions differ,
 * with both sides' probabilities and reasons, the agreement rate, and the size after each. A side
 * is read from a §6 envelope or an audit record; two different histories are refused with the
 * first difference found, since comparing their decisions would be meaningless.
 */
import { estimateTokens } from '../engine/tokens.js';
import type { Action, Decision, DecisionReason } from '../engine/schema.js';
import { describeZodError, MODEL_REASONS, PEER_REASONS, ResponseSchema } from '../engine/schema.js';
import type { EarlierAuditRecord } from '../records/audit.js';
import { AUDIT_KIND, EarlierAuditRecordSchema, Sha256Schema } from '../records/audit.js';
import type { HistoryContent } from './sameHistory.js';
import { contentDifference, historyContentOf } from './sameHistory.js';
import { countActions } from './figures.js';

/** A proposal's decision as both sources carry it; an audit record may say `not_evaluated`. */
export type ComparableDecision = Pick<
  Decision,
  'pair_id' | 'call_id' | 'tool_name' | 'action' | 'keep_call' | 'keep_result'
> & {
  reason: DecisionReason | 'not_evaluated';
  /** An audit record's per-call override: the person's action, not the model's. */
  override: boolean;
};

/**
 * What identifies the history a proposal was made for: the SHA-256 of the bytes it was read from
 * and the conversation chosen in them — an audit record's `original_sha256` and `source`, the
 * command line's envelope `metadata.input.sha256` (the same digest of the same bytes, so an
 * envelope and a record compare too) and `metadata.source` — then every figure that depends on
 * the history alone: its message count and characters (§6 `messages_before`, `chars_before`), its
 * well-formed pairs in order (R1–R2 do not depend on the policy) and, for envelopes, the content
 * every compaction leaves as it was (sameHistory.ts). Figures and content alone let two histories
 * that differ only in what both proposals dropped through, so a side without a digest (an
 * envelope written before it, or by another host) is compared with a warning.
 */
export interface HistoryIdentity {
  messages: number;
  chars: number;
  sha256: string | null;
  /** The conversation of a file holding several (§9 `--conversation`); null when the side does not say. */
  conversation: string | null;
}

export interface ProposalSide {
  source: 'envelope' | 'audit';
  history: HistoryIdentity;
  decisions: readonly ComparableDecision[];
  charsAfter: number;
  /** R7's estimate of the history after; null when the source holds no messages (audit records). */
  tokensAfter: number | null;
  /** The threshold the actions were derived at, when the source says (audit records). */
  threshold: number | null;
  backend: string | null;
  /** The goal the run was asked with (audit records); null where the source does not say. */
  goal: string | null;
  /** What of the history survives its compaction (envelopes: their messages); null for audit records. */
  content: HistoryContent | null;
}

/** A file that is not a proposal we can compare: the caller must give another one. */
export class CompareInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompareInputError';
  }
}

/** Reads a parsed file as one side: an audit record by its `kind`, anything else as a §6 envelope. */
export function proposalSide(value: unknown): ProposalSide {
  const isAudit = typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === AUDIT_KIND;
  return isAudit ? auditSide(value) : envelopeSide(value);
}

/** Reads a parsed §6 envelope as one side of a comparison. */
export function envelopeSide(value: unknown): ProposalSide {
  const parsed = ResponseSchema.safeParse(value);
  if (!parsed.success) throw new CompareInputError(`not a §6 envelope: ${describeZodError(parsed.error)}`);
  const response = parsed.data;
  if (!response.success) {
    const { code, message } = response.answer.error;
    throw new CompareInputError(`a failed compaction (${code}: ${message}) holds no proposal to compare`);
  }
  const { stats, decisions, messages } = response.answer;
  if (stats.messages_before === null || stats.chars_before === null || stats.chars_after === null)
    throw new CompareInputError('the envelope’s stats lack messages_before, chars_before or chars_after');
  const { input, source } = response.metadata as { input?: { sha256?: unknown }; source?: { conversation?: unknown } };
  const digest = Sha256Schema.safeParse(input?.sha256);
  return {
    source: 'envelope',
    history: {
      messages: stats.messages_before,
      chars: stats.chars_before,
      sha256: digest.success ? digest.data : null,
      conversation: typeof source?.conversation === 'string' ? source.conversation : null,
    },
    decisions: decisions.map((d) => ({ ...d, override: false })),
    charsAfter: stats.chars_after,
    tokensAfter: estimateTokens(JSON.stringify(messages)),
    threshold: null,
    backend: null,
    goal: null,
    content: historyContentOf(messages, decisions),
  };
}

/** Reads a parsed audit record (core/records/audit.ts): the actions it exported, overrides included. */
export function auditSide(value: unknown): ProposalSide {
  // Records of earlier versions compare as well: comparing needs only the decisions and stats.
  const parsed = EarlierAuditRecordSchema.safeParse(value);
  if (!parsed.success) throw new CompareInputError(`not a valid audit record: ${describeZodError(parsed.error)}`);
  return recordSide(parsed.data);
}

/** An audit record (or the draft of one, before its snapshot is named) as a side of the comparison. */
export function recordSide(
  record: Pick<
    EarlierAuditRecord,
    'stats' | 'original_sha256' | 'decisions' | 'options' | 'backend' | 'model' | 'goal'
  > &
    Partial<Pick<EarlierAuditRecord, 'source'>>,
): ProposalSide {
  const { messages_before, chars_before } = record.stats;
  if (messages_before === null || chars_before === null)
    throw new CompareInputError('the audit record’s stats lack messages_before or chars_before');
  return {
    source: 'audit',
    history: {
      messages: messages_before,
      chars: chars_before,
      sha256: record.original_sha256,
      conversation: record.source?.conversation ?? null,
    },
    decisions: record.decisions.map((d) => ({ ...d, override: d.override !== null })),
    charsAfter: record.stats.chars_after_exported,
    tokensAfter: null,
    threshold: record.options.keep_threshold,
    backend: record.model ? `${record.backend} (${record.model})` : record.backend,
    goal: record.goal,
    content: null,
  };
}

export interface SideDecision {
  action: Action;
  override: boolean;
  reason: ComparableDecision['reason'];
  keep_call: number | null;
  keep_result: number | null;
}

export interface Difference {
  pair_id: string;
  call_id: string;
  tool_name: string;
  a: SideDecision;
  b: SideDecision;
}

export interface SideSummary {
  source: ProposalSide['source'];
  backend: string | null;
  goal: string | null;
  threshold: number | null;
  charsAfter: number;
  tokensAfter: number | null;
  actions: Record<Action, number>;
}

export interface Comparison {
  history: HistoryIdentity;
  /** Every well-formed pair of the history. */
  pairs: number;
  /** Pairs the model or a person decided on at least one side; one guarded on both is kept by both. */
  compared: number;
  agreeing: number;
  /** `agreeing / compared`; null when no pair was decided on either side. */
  agreementRate: number | null;
  /** Every pair whose action differs, in conversation order. */
  differences: Difference[];
  a: SideSummary;
  b: SideSummary;
}

/** Decided by a model (R12) or a peer policy's rule, not by a guard. */
const DECIDING_REASONS: ReadonlySet<string> = new Set([...MODEL_REASONS, ...PEER_REASONS]);

/** Kept by a guard (R3) or for want of probabilities, with no override: the same on any run. */
const keptWithoutAsking = (d: ComparableDecision) =>
  !d.override && d.action === 'keep' && !DECIDING_REASONS.has(d.reason);

/** Compares two sides of the same history; throws `CompareInputError` for two different histories. */
export function compareProposals(a: ProposalSide, b: ProposalSide): Comparison {
  const refusal = historyDifference(a, b);
  if (refusal) throw new CompareInputError(`A and B are proposals for different histories: ${refusal}`);
  const differences: Difference[] = [];
  let compared = 0;
  let agreeing = 0;
  a.decisions.forEach((da, i) => {
    const db = b.decisions[i];
    if (keptWithoutAsking(da) && keptWithoutAsking(db)) return;
    compared++;
    if (da.action === db.action) agreeing++;
    else
      differences.push({
        pair_id: da.pair_id,
        call_id: da.call_id,
        tool_name: da.tool_name,
        a: sideDecision(da),
        b: sideDecision(db),
      });
  });
  return {
    history: a.history,
    pairs: a.decisions.length,
    compared,
    agreeing,
    agreementRate: compared === 0 ? null : agreeing / compared,
    differences,
    a: summary(a),
    b: summary(b),
  };
}

/** The first figure that shows the two sides were made for different histories, or null. */
export function historyDifference(a: ProposalSide, b: ProposalSide): string | null {
  if (a.history.sha256 !== null && b.history.sha256 !== null && a.history.sha256 !== b.history.sha256)
    return `the files opened differ (SHA-256 ${a.history.sha256.slice(0, 12)}… vs ${b.history.sha256.slice(0, 12)}…)`;
  if (
    a.history.conversation !== null &&
    b.history.conversation !== null &&
    a.history.conversation !== b.history.conversation
  )
    return `A is conversation ${JSON.stringify(a.history.conversation)} of the file, B ${JSON.stringify(b.history.conversation)}`;
  if (a.history.messages !== b.history.messages)
    return `A's history has ${a.history.messages} messages, B's ${b.history.messages}`;
  if (a.history.chars !== b.history.chars)
    return `A's history has ${a.history.chars} characters, B's ${b.history.chars} (chars_before)`;
  if (a.decisions.length !== b.decisions.length)
    return `A's history has ${a.decisions.length} tool-call pairs, B's ${b.decisions.length}`;
  for (let i = 0; i < a.decisions.length; i++) {
    const [da, db] = [a.decisions[i], b.decisions[i]];
    if (da.pair_id !== db.pair_id || da.call_id !== db.call_id || da.tool_name !== db.tool_name)
      return `pair ${i + 1} is ${da.call_id} (${da.tool_name}) in A and ${db.call_id} (${db.tool_name}) in B`;
  }
  return a.content !== null && b.content !== null ? contentDifference(a.content, b.content) : null;
}

/**
 * Why the sides' history could not be matched by digest (an envelope without
 * `metadata.input.sha256`), for a warning line; null when both carry one.
 */
export function missingDigest(a: ProposalSide, b: ProposalSide): string | null {
  const without = (['A', 'B'] as const).filter((_, i) => [a, b][i].history.sha256 === null);
  if (without.length === 0) return null;
  const which = without.length === 2 ? 'neither A nor B carries an' : `${without[0]} carries no`;
  return `${which} input digest (metadata.input.sha256: an envelope from another host or an earlier version), so the histories are matched only by their figures, pairs and what the compactions left`;
}

function sideDecision(d: ComparableDecision): SideDecision {
  return {
    action: d.action,
    override: d.override,
    reason: d.reason,
    keep_call: d.keep_call,
    keep_result: d.keep_result,
  };
}

function summary(side: ProposalSide): SideSummary {
  const actions = countActions(side.decisions.map((d) => d.action));
  return {
    source: side.source,
    backend: side.backend,
    goal: side.goal,
    threshold: side.threshold,
    charsAfter: side.charsAfter,
    tokensAfter: side.tokensAfter,
    actions,
  };
}
