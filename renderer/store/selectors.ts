/**
 * Narrow reads of derived state for components. Each returns an object computed once per
 * derive, so a selector costs a lookup and re-renders only what a derive changed.
 */
import type { Analysis } from '../../core/engine/guards.js';
import type { AlignedRow } from '../../core/inspect/align.js';
import type { CharBreakdown } from '../../core/inspect/breakdown.js';
import type { DecisionFilter, DecisionRow, DecisionSort } from '../../core/inspect/decisionTable.js';
import { decisionRows, viewDecisions } from '../../core/inspect/decisionTable.js';
import { charBreakdown } from '../../core/inspect/breakdown.js';
import type { ScatterPoint } from '../../core/inspect/scatter.js';
import { scatterPoints } from '../../core/inspect/scatter.js';
import type { RowFilter } from '../../core/inspect/filter.js';
import { filterRows } from '../../core/inspect/filter.js';
import type { FindResult } from '../../core/inspect/find.js';
import { findHits } from '../../core/inspect/find.js';
import type { KeptCount } from '../../core/inspect/guardCounts.js';
import { keptByReason } from '../../core/inspect/guardCounts.js';
import type { AuditModel, PairReview } from '../../core/inspect/review.js';
import { auditModel } from '../../core/inspect/review.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { policyFileOfState } from './policyFile.js';
import type { Proposal } from './derive.js';
import type { AppState } from './state.js';
import type { ContextStrip } from '../../core/inspect/contextStrip.js';
import { contextStrip } from '../../core/inspect/contextStrip.js';
import { turnNumbers } from '../../core/inspect/turns.js';
import type { Message } from '../../core/engine/schema.js';

const policyAudits = new WeakMap<Analysis, AuditModel>();
const turnsOf = new WeakMap<readonly Message[], number[]>();

/** The turn of message `index` (core/inspect/turns.ts), numbered once per opened history. */
export function selectTurn(s: AppState, index: number): number | null {
  const messages = s.snapshot?.messages;
  if (!messages) return null;
  let turns = turnsOf.get(messages);
  if (!turns) turnsOf.set(messages, (turns = turnNumbers(messages)));
  return turns[index] ?? null;
}

/**
 * The current policy's audit before a run: guards and protections, no actions. Derived on the
 * first read after each re-analysis rather than on every policy edit, since on a 10,000-message
 * history the rows cost as much as the analysis and the audit tab may not be open.
 */
function policyAuditOf(s: AppState): AuditModel | null {
  if (!s.snapshot || !s.analysis) return null;
  let audit = policyAudits.get(s.analysis);
  if (!audit) policyAudits.set(s.analysis, (audit = auditModel(s.snapshot.messages, s.analysis, null)));
  return audit;
}

/** The proposal's audit model after a run, the current policy's before one. */
export const selectAudit = (s: AppState): AuditModel | null => s.proposal?.audit ?? policyAuditOf(s);

export const selectPairReview = (s: AppState, pairId: string): PairReview | null =>
  selectAudit(s)?.pairs.get(pairId) ?? null;

const NO_ROWS: readonly AlignedRow[] = [];
const visibleRows = new WeakMap<AuditModel, { filter: RowFilter; rows: readonly AlignedRow[] }>();

/** The audit's rows the row filter lets through (core/inspect/filter.ts), once per derive or filter change. */
export function selectVisibleRows(s: AppState): readonly AlignedRow[] {
  const audit = selectAudit(s);
  if (!audit) return NO_ROWS;
  const cached = visibleRows.get(audit);
  if (cached && cached.filter === s.filter) return cached.rows;
  const rows = filterRows(audit.rows, s.filter, audit.pairs);
  visibleRows.set(audit, { filter: s.filter, rows });
  return rows;
}

const NO_HITS: FindResult = { term: '', total: 0, fields: [] };
const findResults = new WeakMap<readonly AlignedRow[], FindResult>();

/**
 * Every hit of the find term in the visible rows (core/inspect/find.ts), once per term or
 * change of those rows: a 10,000-message history is searched once per pause in typing.
 */
export function selectFindResult(s: AppState): FindResult {
  if (!s.snapshot) return NO_HITS;
  const visible = selectVisibleRows(s);
  const cached = findResults.get(visible);
  if (cached && cached.term === s.findTerm) return cached;
  const result = findHits(visible, s.snapshot.messages, s.findTerm);
  findResults.set(visible, result);
  return result;
}

export const selectHasProposal = (s: AppState): boolean => s.proposal !== null;

/** §9: the message the live context starts from after the last compaction the agent made, or null. */
export const selectLiveFrom = (s: AppState): number | null => {
  const compactions = s.snapshot?.source.read.compactions;
  return compactions && compactions.length > 0 ? compactions[compactions.length - 1].liveFrom : null;
};

const breakdowns = new WeakMap<Analysis, CharBreakdown>();

/**
 * Where the history's characters are under the current policy (core/inspect/breakdown.ts):
 * once per re-analysis, which follows every policy edit, so the window and the ticked tools
 * it reads are the analysis's own.
 */
export function selectBreakdown(s: AppState): CharBreakdown | null {
  if (!s.snapshot || !s.analysis) return null;
  let breakdown = breakdowns.get(s.analysis);
  if (!breakdown)
    breakdowns.set(
      s.analysis,
      (breakdown = charBreakdown(
        s.snapshot.messages,
        s.analysis,
        s.options.preserve_recent_messages,
        s.eligible,
        s.shellReadOnly,
      )),
    );
  return breakdown;
}

const tables = new WeakMap<AuditModel, { comments: AppState['comments']; rows: DecisionRow[] }>();

/** Every pair as a decisions-table row (core/inspect/decisionTable.ts), once per derive or comment edit. */
export function selectDecisionRows(s: AppState): DecisionRow[] | null {
  const audit = selectAudit(s);
  const analysis = s.proposal?.analysis ?? s.analysis;
  if (!audit || !analysis) return null;
  const cached = tables.get(audit);
  if (cached && cached.comments === s.comments) return cached.rows;
  const rows = decisionRows(analysis, audit, s.comments);
  tables.set(audit, { comments: s.comments, rows });
  return rows;
}

const scatters = new WeakMap<DecisionRow[], { threshold: number; points: ScatterPoint[] }>();

/** The keep_call × keep_result points (core/inspect/scatter.ts) at the threshold the actions were derived at; null before a run. */
export function selectScatter(s: AppState): { threshold: number; points: ScatterPoint[] } | null {
  const rows = selectDecisionRows(s);
  const threshold = s.proposal?.threshold;
  if (!rows || threshold === undefined) return null;
  const cached = scatters.get(rows);
  if (cached && cached.threshold === threshold) return cached;
  const scatter = { threshold, points: scatterPoints(rows, threshold) };
  scatters.set(rows, scatter);
  return scatter;
}

/** The decisions table as shown: the rows its filter keeps in its sort order, and all of them. */
export interface DecisionView {
  rows: DecisionRow[];
  all: DecisionRow[];
}

const views = new WeakMap<DecisionRow[], { filter: DecisionFilter; sort: DecisionSort; view: DecisionView }>();

/** The decisions table's rows filtered and sorted (core `viewDecisions`), once per change of the rows, the filter or the sort. */
export function selectDecisionView(s: AppState): DecisionView | null {
  const all = selectDecisionRows(s);
  if (!all) return null;
  const cached = views.get(all);
  if (cached && cached.filter === s.decisionFilter && cached.sort === s.decisionSort) return cached.view;
  const view = { rows: viewDecisions(all, s.decisionFilter, s.decisionSort), all };
  views.set(all, { filter: s.decisionFilter, sort: s.decisionSort, view });
  return view;
}

const messageIndexes = new WeakMap<AuditModel, Map<string, number>>();
const callMessages = new WeakMap<Analysis, Map<string, number>>();

/** The index of the message with id `id` in the audit (evidence names messages by id), or null. */
export function selectMessageIndex(s: AppState, id: string): number | null {
  const audit = selectAudit(s);
  if (!audit) return null;
  let ids = messageIndexes.get(audit);
  if (!ids) messageIndexes.set(audit, (ids = new Map(audit.rows.map((r) => [r.id, r.index]))));
  return ids.get(id) ?? null;
}

/** The message index of the call with id `callId` (evidence names a superseding call by id), or null. */
export function selectCallMessage(s: AppState, callId: string): number | null {
  const analysis = s.proposal?.analysis ?? s.analysis;
  if (!analysis) return null;
  let calls = callMessages.get(analysis);
  if (!calls) callMessages.set(analysis, (calls = new Map(analysis.pairs.map((p) => [p.callId, p.call.message]))));
  return calls.get(callId) ?? null;
}

const kept = new WeakMap<Analysis, KeptCount[]>();

/**
 * Why the proposal's non-candidates are kept, by reason (core/inspect/guardCounts.ts): once
 * per derive, under the window the proposal was derived with; null without a proposal.
 */
export function selectKept(s: AppState): KeptCount[] | null {
  const p = s.proposal;
  if (!p) return null;
  let counts = kept.get(p.analysis);
  if (!counts) kept.set(p.analysis, (counts = keptByReason(p.analysis, p.request.options.preserve_recent_messages)));
  return counts;
}

const sameEntries = (a: Iterable<[string, unknown]>, b: Iterable<[string, unknown]>) =>
  JSON.stringify([...a]) === JSON.stringify([...b]);

/**
 * Whether two derivations of one run export the same: the policy, threshold, overrides and
 * actions by value (an override set and cleared again is the export it was). Token counts and
 * other measurements are not exported and do not count.
 */
function sameExport(a: Proposal, b: Proposal): boolean {
  if (a === b) return true;
  return (
    a.asked.outcome === b.asked.outcome &&
    a.threshold === b.threshold &&
    JSON.stringify(a.request) === JSON.stringify(b.request) &&
    sameEntries(Object.entries(a.overrides).sort(), Object.entries(b.overrides).sort()) &&
    sameEntries(a.actions, b.actions)
  );
}

// One comparison per (exported, current) pair of proposals: the App reads the selector on every
// store change to add or remove its beforeunload listener, and a 10,000-pair action map is
// worth comparing once, not per keystroke in Find.
const compared = new WeakMap<Proposal, { against: Proposal; same: boolean }>();

function sameAsExported(exported: Proposal, current: Proposal): boolean {
  const hit = compared.get(current);
  if (hit?.against === exported) return hit.same;
  const same = sameExport(exported, current);
  compared.set(current, { against: exported, same });
  return same;
}

const sameNotes = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  a === b || sameEntries(Object.entries(a).sort(), Object.entries(b).sort());

/**
 * Work that would be lost unasked: a proposal never exported, or changed since its export
 * (another threshold, an override, a re-derived policy, a note). Opening another file, closing
 * or reloading asks first while this holds; with no proposal (nothing run, or discarded) and
 * right after an export nothing asks. The one place that decides it, for the open guard, the
 * page's beforeunload listener and through it Electron's close.
 */
export const selectUnsaved = (s: AppState): boolean =>
  s.proposal !== null &&
  (s.exported === null ||
    !sameAsExported(s.exported.proposal, s.proposal) ||
    !sameNotes(s.exported.comments, s.comments) ||
    s.exported.note !== s.approvalComment);

/** The current policy as `compaction-policy.json` (policyFile.ts). */
export const selectPolicyFile = (s: AppState): PolicyFile => policyFileOfState(s);

const strips = new WeakMap<
  AuditModel,
  { lengths: readonly number[]; firstChanged: number | null; strip: ContextStrip }
>();

/** The context strip of the proposal (core/inspect/contextStrip.ts), once per derive; null before a run. */
export function selectContextStrip(s: AppState): ContextStrip | null {
  if (!s.proposal) return null;
  const { audit, sizes } = s.proposal;
  const firstChanged = s.cache?.current.firstChanged ?? null;
  const cached = strips.get(audit);
  if (cached && cached.lengths === sizes.lengths && cached.firstChanged === firstChanged) return cached.strip;
  const strip = contextStrip(audit.rows, sizes.lengths, firstChanged);
  strips.set(audit, { lengths: sizes.lengths, firstChanged, strip });
  return strip;
}
