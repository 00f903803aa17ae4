/**
 * The one store's shape: seven slices plus the host bridge and parser it was created with.
 * Types only, and a leaf: the slice files implement these interfaces and the components read
 * them from here, so no slice imports another slice's file for a type and nothing imports
 * back up into the slices (no cycles). Every slice's interface is here for that reason, which
 * is why this file of types is past ~300 lines.
 */
import type { StateCreator } from 'zustand';
import type { Probabilities } from '../../core/engine/decide.js';
import type { Analysis, Policy } from '../../core/engine/guards.js';
import type { Action, Decision, Message, Options } from '../../core/engine/schema.js';
import type { ConversationInfo, ExportAs, OpenedSource } from '../../core/formats/index.js';
import type { CacheCost, PriceTable } from '../../core/inspect/cache.js';
import type { CacheView } from '../../core/inspect/cacheView.js';
import type { Comparison, ProposalSide } from '../../core/inspect/compare.js';
import type { CurvePoint, HistogramBin, Overrides, SizeModel } from '../../core/inspect/curve.js';
import type { DecisionColumn, DecisionFilter, DecisionSort } from '../../core/inspect/decisionTable.js';
import type { RowFilter } from '../../core/inspect/filter.js';
import type { FindResult } from '../../core/inspect/find.js';
import type { AuditModel, RunPairReview } from '../../core/inspect/review.js';
import type { CandidacyReport, HistorySummary } from '../../core/inspect/summary.js';
import type { AskedPolicy } from '../../core/inspect/policyChange.js';
import type { UnmatchedToolName } from '../../core/inspect/toolNames.js';
import type {
  BackendChoice,
  Example,
  HostError,
  HostInfo,
  RunOutcome,
  RunSettings,
  RunStatus,
} from '../../core/ipc/contract.js';
import type { Bridge } from '../bridge/types.js';
import type { OpenProgress, SnapshotParser } from '../worker/client.js';
import type { ProposalTokens } from '../worker/snapshot.js';

// ── snapshot ─────────────────────────────────────────────────────────────────────────────

export interface Snapshot {
  fileName: string;
  path: string | null;
  bytes: number;
  sha256: string;
  /** The parsed file, its format and the conversation read (SPEC §9): export writes back into it. */
  source: OpenedSource;
  messages: Message[];
  summary: HistorySummary;
  openedAt: string;
  /** The bytes as opened: an export writes them beside the snapshot as its archive, byte for byte. */
  original: Blob;
}

/** A file to open: picked, dropped, or the host's own dialog; `conversation` of a file that holds several. */
export interface OpenRequest {
  fileName: string;
  path?: string | null;
  file?: Blob;
  text?: string;
  conversation?: string;
}

export interface SnapshotSlice {
  snapshot: Snapshot | null;
  opening: (OpenProgress & { fileName: string }) | null;
  openError: string | null;
  /** A file with several conversations waiting for the person to pick one. */
  choosing: { request: OpenRequest; format: string; conversations: ConversationInfo[] } | null;
  /**
   * Opens text or a File; the policy and any proposal reset (they belonged to the old file).
   * False when it failed, or when the file holds several conversations (`choosing` lists them).
   */
  openSnapshot(source: OpenRequest, example?: Example): Promise<boolean>;
  /** Opens the conversation picked from `choosing`. */
  chooseConversation(key: string): Promise<boolean>;
  cancelChoice(): void;
  openExample(): Promise<boolean>;
}

// ── policy ───────────────────────────────────────────────────────────────────────────────

export interface PolicySlice {
  goal: string;
  eligible: string[];
  protectedMessageIds: string[];
  protectedCallIds: string[];
  options: Options;
  tools: Example['tools'];
  backend: BackendChoice;
  /** Guards applied to the current policy (not the last run's); before a run the audit view shows them (selectors.ts). */
  analysis: Analysis | null;
  candidacy: CandidacyReport | null;
  /** Eligible names that match no call of the history, with the closest names (R5 never guesses). */
  unmatchedTools: UnmatchedToolName[];
  /** What R13's omission markers name; by default the archive an export writes beside the snapshot. */
  archiveRef: string;
  setGoal(goal: string): void;
  toggleTool(name: string, on: boolean): void;
  protectMessage(id: string, on: boolean): void;
  protectCall(id: string, on: boolean): void;
  /** Returns an error line when the value is outside its §5 range (nothing is clamped). */
  setOption<K extends keyof Options>(key: K, value: number): string | null;
  setBackend(choice: Partial<BackendChoice>): void;
  /**
   * A key the person entered for `backend.baseUrl` when it is not the host's configured URL
   * (the host's own key goes only there, sameBaseUrl). Sent with run.start only, kept in
   * memory only, never in `backend` (which the audit record names); cleared when the URL changes.
   */
  baseUrlKey: string;
  setBaseUrlKey(apiKey: string): void;
  /** A blank reference is the archive's file name again; with a proposal, its markers follow at once (no model call). */
  setArchiveRef(ref: string): void;
  resetPolicy(snapshot: Snapshot, example?: Example): void;
}

// ── proposal ─────────────────────────────────────────────────────────────────────────────

export type RunSuccess = Extract<RunOutcome, { success: true }>;

/** What a run fixed: its answer and everything measured from it once. */
export interface RunResult {
  /**
   * The run as it was asked and answered. The fields below follow the current policy while it
   * only removes candidates (core/inspect/policyChange.ts): re-derived from this, never from an
   * earlier re-derivation, so undoing an edit gives the run's own proposal back.
   */
  asked: AskedPolicy & { outcome: RunSuccess };
  /** The run's answer, its decisions and guard counts as the current policy records them. */
  outcome: RunSuccess;
  /** The policy the proposal is derived for, without messages: the audit record and export use it. */
  request: RunSettings;
  policy: Policy;
  analysis: Analysis;
  /** Pair id → the run's decision. */
  decisions: ReadonlyMap<string, Decision>;
  probs: ReadonlyMap<string, Probabilities>;
  /** keep_result of the evaluated candidates in 10 bins; fixed per run (the threshold only marks it). */
  histogram: HistogramBin[];
  sizes: SizeModel;
  startedAt: string;
  finishedAt: string;
}

/** A run plus what the threshold and overrides derive from it (R15), recomputed together on each change. */
export interface Proposal extends RunResult {
  /** The keep threshold `actions` are derived at (the option's value when last derived). */
  threshold: number;
  overrides: Overrides;
  actions: Map<string, Action>;
  audit: AuditModel<RunPairReview>;
  charsAfter: number;
  curve: CurvePoint[];
  /** Real BPE tokens, counted off the main thread; null until counted. `prefix`: what stays cached (§9). */
  tokens: { before: number | null; after: number | null; prefix: number | null };
}

export interface RunState {
  state: 'idle' | 'running' | 'failed' | 'done';
  runId: string | null;
  progress: RunStatus['progress'] | null;
  elapsedMs: number;
  error: HostError | null;
}

export interface ProposalSlice {
  run: RunState;
  proposal: Proposal | null;
  /**
   * The edits since the run that need the model again, named (policyChange.ts); while any is
   * listed the proposal is out of date and cannot be exported. Empty without a proposal.
   */
  outOfDate: string[];
  startRun(): Promise<void>;
  cancelRun(): Promise<void>;
  rederive(): void;
  setOverride(pairId: string, override: Action | null): void;
  clearProposal(): void;
  refreshTokens(): Promise<void>;
  /** Re-derives the proposal's R13 markers for another `archive_ref`; no model call. */
  retarget(archiveRef: string): void;
  /**
   * After any policy edit: re-derives the proposal when the edit only removes candidates (no
   * model call), else lists what changed in `outOfDate`.
   */
  followPolicy(): void;
}

// ── compare ──────────────────────────────────────────────────────────────────────────────

/** A proposal kept as A while later runs (B) change the model, goal, options or threshold. */
export interface Pinned {
  proposal: Proposal;
  /** A as the comparison reads it: the decisions its export would record. */
  side: ProposalSide;
}

export interface CompareSlice {
  pinned: Pinned | null;
  /** A against the current proposal (B); null without both. Recomputed on every derive. */
  comparison: Comparison | null;
  /** What the side-by-side's left pane shows: the original, or A's proposed history. */
  leftPane: 'original' | 'pinned';
  pinProposal(): void;
  unpinProposal(): void;
  setLeftPane(pane: CompareSlice['leftPane']): void;
  recompare(): void;
}

// ── cache ────────────────────────────────────────────────────────────────────────────────

export interface CacheFigures {
  /** The current actions (threshold and overrides included). */
  current: CacheView;
  /** The cache-friendly variant when it is on: only changes after message `after`. */
  friendly: (CacheView & { after: number; actions: ReadonlyMap<string, Action> }) | null;
  /** The next request's cost and the break-even at `prices`; null until the BPE counts arrive. */
  costs: { current: CacheCost | null; friendly: CacheCost | null };
}

export interface CacheSlice {
  /** USD per million tokens; stored locally (Deps.storage) so they survive a restart. */
  prices: PriceTable;
  /** The preset the prices came from; null once a price was edited by hand. */
  presetId: string | null;
  cacheFriendly: { on: boolean; after: number };
  /** Derived on every change of the proposal or the toggle; null without a proposal. */
  cache: CacheFigures | null;
  /** BPE tokens of the cache-friendly variant; null until counted or when it is off. */
  friendlyTokens: ProposalTokens | null;
  /** Returns an error line for a price that is not a number ≥ 0 (nothing is clamped). */
  setPrice(key: keyof PriceTable, value: number): string | null;
  choosePreset(id: string): void;
  setCacheFriendly(change: Partial<CacheSlice['cacheFriendly']>): string | null;
  recache(): void;
}

// ── approval ─────────────────────────────────────────────────────────────────────────────

/** The files one export wrote (or downloaded), as the host named them. */
export interface ExportedFiles {
  path: string;
  archivePath: string;
  auditPath: string;
  reportPath: string | null;
  at: string;
}

export interface ApprovalSlice {
  /** Who approves the export: remembered between launches (Deps.storage); the OS user until named. */
  reviewer: string;
  /** The note on the whole approval, and per pair id; kept for the snapshot across runs. */
  approvalComment: string;
  comments: Readonly<Record<string, string>>;
  /** The export dialog is open. */
  exportOpen: boolean;
  exporting: boolean;
  lastExport: ExportedFiles | null;
  /**
   * What the last export was made of: the proposal (its policy, threshold, overrides and actions)
   * and the notes. The proposal is unsaved while any of it differs (selectors.ts `selectUnsaved`).
   */
  exported: { proposal: Proposal; comments: Readonly<Record<string, string>>; note: string } | null;
  /**
   * What the host reported (app.info), null until it answers: its version is the record's
   * `tool.version`, its OS user the reviewer while none was named; the model form reads its
   * backends, configured URL and whether a key is set.
   */
  host: HostInfo | null;
  setReviewer(name: string): void;
  setHostInfo(info: HostInfo): void;
  setApprovalComment(text: string): void;
  setComment(pairId: string, text: string): void;
  openExport(open: boolean): void;
  /** Writes the export through the bridge; returns the notice for the status line. */
  exportApproved(options: { as: ExportAs; report: boolean }): Promise<string>;
  resetApproval(): void;
}

// ── ui ───────────────────────────────────────────────────────────────────────────────────

export type Tab = 'summary' | 'audit' | 'decisions' | 'compare' | 'cache' | 'observation' | 'requests';

/** The hit Find stands on: which of a result's hits, and where it sits. */
export interface FindCurrent {
  /** The hits it was counted among (hooks/useFind: the visible rows' hits of the term); a new result stands on none. */
  result: FindResult;
  index: number;
  /** The field (display.ts `fieldKey`) and the hit's range there; components open collapsed text at it. */
  key: string;
  start: number;
  end: number;
}

export interface UiSlice {
  tab: Tab;
  filter: RowFilter;
  query: string;
  /** The query as highlighted and matched: trimmed and debounced, so rows repaint once per pause, not per key. */
  findTerm: string;
  /** The hit Find stands on, the only record of it: the count, the current <mark> and what opens follow it. */
  findCurrent: FindCurrent | null;
  /** Message index of the selected row (j/k, find, clicks). */
  selected: number | null;
  /** A message to bring into view in the audit (a decisions-table row, an evidence link), until the audit view has. */
  reveal: { index: number } | null;
  decisionSort: DecisionSort;
  decisionFilter: DecisionFilter;
  rawBlocks: Set<string>;
  /** Result blocks whose full output is shown (same keys as rawBlocks). */
  expanded: Set<string>;
  confirm: null | { title: string; body: string; action: string; onConfirm: () => void };
  notice: string | null;
  setTab(tab: Tab): void;
  setFilter(filter: RowFilter): void;
  setQuery(query: string): void;
  setFindTerm(term: string): void;
  setFindCurrent(current: FindCurrent | null): void;
  select(index: number | null): void;
  /** Opens the audit at message `index`: selected and scrolled to, the row filter cleared if it hides it. */
  revealMessage(index: number): void;
  /** The audit view brought the requested message into view. */
  revealed(): void;
  /** Sorts the decisions table by `column`: ascending, or descending when it was ascending by it already. */
  sortDecisionsBy(column: DecisionColumn): void;
  setDecisionFilter(filter: Partial<DecisionFilter>): void;
  toggleRaw(key: string): void;
  toggleExpanded(key: string): void;
  ask(confirm: UiSlice['confirm']): void;
  setNotice(notice: string | null): void;
  resetUi(): void;
}

// ── the store ────────────────────────────────────────────────────────────────────────────

export interface Deps {
  bridge: Bridge;
  parser: SnapshotParser;
  /** Poll interval for run progress (ms). */
  pollMs?: number;
  now?: () => Date;
  /** Where settings such as the price table persist (the page's localStorage); none in tests. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /**
   * How long a threshold step waits for its token count before it is shown without it (ms,
   * under one frame; the page sets it, whose count comes from a worker). Unset: a step is
   * shown at once, so the store's proposal follows the threshold synchronously.
   */
  holdStepMs?: number;
}

export type AppState = SnapshotSlice &
  PolicySlice &
  ProposalSlice &
  CompareSlice &
  CacheSlice &
  ApprovalSlice &
  UiSlice & { deps: Deps };
export type Slice<T> = StateCreator<AppState, [], [], T>;
