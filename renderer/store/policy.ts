/**
 * Goal, allowlist, shell command patterns, protections, options and the decision model: everything a run is asked
 * with. `analysis` is the guards' verdict on the current policy, for the "before running"
 * counts and the audit view before a run. After a run every edit is followed by the proposal
 * (proposal.ts `followPolicy`): the keep threshold re-derives it (R15), an edit that only removes
 * candidates re-derives it with the guards, any other marks it out of date.
 */
import { policyOf } from '../../core/engine/compact.js';
import type { Analysis } from '../../core/engine/guards.js';
import { analyze } from '../../core/engine/guards.js';
import type { Options, ShellReadOnly } from '../../core/engine/schema.js';
import {
  DEFAULT_ARCHIVE_REF,
  DEFAULT_OPTIONS,
  DEFAULT_SHELL_READ_ONLY,
  OptionsSchema,
} from '../../core/engine/schema.js';
import { patternProblem } from '../../core/engine/shellReadOnly.js';
import { archiveFileOf } from '../../core/audit/record.js';
import { liveFromMessageId } from '../../core/formats/compactions.js';
import type { CandidacyReport } from '../../core/inspect/summary.js';
import { candidacyReport } from '../../core/inspect/summary.js';
import type { ObservationBudget } from '../../core/inspect/budget.js';
import { observationBudget } from '../../core/inspect/budget.js';
import type { UnmatchedToolName } from '../../core/inspect/toolNames.js';
import { unmatchedToolNames } from '../../core/inspect/toolNames.js';
import type { BackendChoice, Example, RunSettings } from '../../core/ipc/contract.js';
import type { Slice } from './slice.js';
import type { Snapshot, SnapshotSlice } from './snapshot.js';

export interface PolicySlice {
  goal: string;
  eligible: string[];
  protectedMessageIds: string[];
  protectedCallIds: string[];
  options: Options;
  /** R3: command patterns that widen (`allow`) or narrow (`deny`) the shell rule. */
  shellReadOnly: ShellReadOnly;
  tools: Example['tools'];
  backend: BackendChoice;
  /** Guards applied to the current policy (not the last run's); before a run the audit view shows them (selectors.ts). */
  analysis: Analysis | null;
  candidacy: CandidacyReport | null;
  /** R7 before running: whether the observation fits `max_state_tokens`, and the value to set when not. */
  budget: ObservationBudget | null;
  /** Eligible names that match no call of the history, with the closest names (R5 never guesses). */
  unmatchedTools: UnmatchedToolName[];
  /** What R13's omission markers name; by default the archive an export writes beside the snapshot. */
  archiveRef: string;
  /** §9: where the live context starts after the last compaction the snapshot's agent made; a fact of the file, not edited. */
  liveFromMessageId: string | undefined;
  /** §9 `drop_receipts`: a dropped call leaves a one-line receipt of what was run; off by default (R14). */
  dropReceipts: boolean;
  /** With a proposal, its rebuilt messages follow at once (no model call: receipts change no decision). */
  setDropReceipts(on: boolean): void;
  setGoal(goal: string): void;
  toggleTool(name: string, on: boolean): void;
  protectMessage(id: string, on: boolean): void;
  protectCall(id: string, on: boolean): void;
  /** Returns an error line when the value is outside its §5 range (nothing is clamped). */
  setOption<K extends keyof Options>(key: K, value: number): string | null;
  /** Returns an error line naming a pattern that is not a command of plain words (nothing is set then). */
  setShellPatterns(kind: keyof ShellReadOnly, patterns: string[]): string | null;
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

/** What a policy edit asks of the proposal (proposal.ts, which builds on this slice). */
interface Follows {
  followPolicy(): void;
  setNotice(notice: string | null): void;
  clearRunError(): void;
  rederive(): void;
  retarget(archiveRef: string): void;
  rereceipt(on: boolean): void;
}

/** The request a run of the current policy sends, without the messages. */
export function requestFrom(
  state: Pick<
    PolicySlice,
    | 'goal'
    | 'eligible'
    | 'protectedMessageIds'
    | 'protectedCallIds'
    | 'tools'
    | 'archiveRef'
    | 'options'
    | 'shellReadOnly'
  > &
    Partial<Pick<PolicySlice, 'liveFromMessageId' | 'dropReceipts'>>,
): RunSettings {
  return {
    goal: state.goal,
    eligible_tool_names: state.eligible,
    protected_message_ids: state.protectedMessageIds,
    protected_call_ids: state.protectedCallIds,
    ...(state.tools ? { tools: state.tools } : {}),
    archive_ref: state.archiveRef,
    options: state.options,
    shell_read_only: state.shellReadOnly,
    drop_receipts: state.dropReceipts ?? false,
    ...(state.liveFromMessageId !== undefined ? { live_from_message_id: state.liveFromMessageId } : {}),
  };
}

/** The archive's file name for this snapshot (its bytes' SHA-256 and extension). */
export const archiveNameOf = (snapshot: Snapshot) =>
  archiveFileOf({ name: snapshot.fileName, sha256: snapshot.sha256, bytes: snapshot.bytes }).name;

/** What the form edits: everything a run is asked with except the archive reference (retargeted, no guard reads it). */
type PolicyEdit = Partial<
  Pick<
    PolicySlice,
    | 'goal'
    | 'eligible'
    | 'protectedMessageIds'
    | 'protectedCallIds'
    | 'options'
    | 'shellReadOnly'
    | 'backend'
    | 'baseUrlKey'
  >
>;

const toggled = (list: string[], item: string, on: boolean) =>
  on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);

export const createPolicySlice: Slice<PolicySlice, Pick<SnapshotSlice, 'snapshot'> & Follows> = (set, get) => {
  const reanalyze = () => {
    const { snapshot } = get();
    const analysis = snapshot ? analyze(snapshot.messages, policyOf(requestFrom(get()))) : null;
    set({
      analysis,
      candidacy: analysis ? candidacyReport(analysis, get().options.preserve_recent_messages) : null,
      unmatchedTools: snapshot
        ? unmatchedToolNames(
            get().eligible,
            snapshot.summary.tools.map((t) => t.name),
          )
        : [],
    });
  };
  /**
   * Applies one edit of the form and what follows from it: the guards again when the edit
   * changes what they read (R3–R5: the allowlist, the protections, the recent window), then
   * the proposal: a new keep threshold re-derives it (R15), any other edit is followed
   * (proposal.ts `followPolicy`: re-derived when it only removes candidates, else out of date).
   */
  /** R7 before running: what the goal, the candidates and max_state_tokens make of the observation. */
  const rebudget = () => {
    const { snapshot, analysis, goal, tools, options } = get();
    set({
      budget:
        snapshot && analysis
          ? observationBudget(snapshot.messages, analysis, {
              goal,
              tools: tools ?? [],
              preserveRecent: options.preserve_recent_messages,
              maxStateTokens: options.max_state_tokens,
            })
          : null,
    });
  };
  const editPolicy = (patch: PolicyEdit) => {
    const before = get();
    set(patch);
    const after = get();
    if (
      after.eligible !== before.eligible ||
      after.protectedMessageIds !== before.protectedMessageIds ||
      after.protectedCallIds !== before.protectedCallIds ||
      after.shellReadOnly !== before.shellReadOnly ||
      after.options.preserve_recent_messages !== before.options.preserve_recent_messages
    )
      reanalyze();
    if (
      after.analysis !== before.analysis ||
      after.goal !== before.goal ||
      after.options.max_state_tokens !== before.options.max_state_tokens
    )
      rebudget();
    if (after.options.keep_threshold !== before.options.keep_threshold) get().rederive();
    else get().followPolicy();
  };
  return {
    goal: '',
    eligible: [],
    protectedMessageIds: [],
    protectedCallIds: [],
    options: DEFAULT_OPTIONS,
    shellReadOnly: DEFAULT_SHELL_READ_ONLY,
    tools: undefined,
    backend: { name: 'offline' },
    baseUrlKey: '',
    analysis: null,
    candidacy: null,
    budget: null,
    unmatchedTools: [],
    archiveRef: DEFAULT_ARCHIVE_REF,
    dropReceipts: false,
    liveFromMessageId: undefined,
    setGoal(goal) {
      editPolicy({ goal });
    },
    toggleTool(name, on) {
      editPolicy({ eligible: toggled(get().eligible, name, on) });
    },
    protectMessage(id, on) {
      editPolicy({ protectedMessageIds: toggled(get().protectedMessageIds, id, on) });
    },
    protectCall(id, on) {
      editPolicy({ protectedCallIds: toggled(get().protectedCallIds, id, on) });
    },
    setOption(key, value) {
      const parsed = OptionsSchema.safeParse({ ...get().options, [key]: value });
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'out of range';
      editPolicy({ options: parsed.data });
      return null;
    },
    setShellPatterns(kind, patterns) {
      const problem = patterns.map(patternProblem).find((p) => p !== null);
      if (problem) return problem;
      editPolicy({ shellReadOnly: { ...get().shellReadOnly, [kind]: patterns } });
      return null;
    },
    setBackend(choice) {
      const before = get().backend;
      const backend = { ...before, ...choice };
      // The entered key is for the URL it was typed beside, never for the next one.
      const urlChanged = (backend.baseUrl ?? '').trim() !== (before.baseUrl ?? '').trim();
      editPolicy(urlChanged ? { backend, baseUrlKey: '' } : { backend });
      // What the last backend said (a failed run, a notice) is not about this one.
      get().setNotice(null);
      get().clearRunError();
    },
    setBaseUrlKey(apiKey) {
      set({ baseUrlKey: apiKey });
    },
    setDropReceipts(on) {
      set({ dropReceipts: on });
      get().rereceipt(on);
    },
    setArchiveRef(ref) {
      const { snapshot } = get();
      const archiveRef = ref.trim() === '' && snapshot ? archiveNameOf(snapshot) : ref;
      set({ archiveRef });
      get().retarget(archiveRef);
    },
    resetPolicy(snapshot, example) {
      // R5: nothing is eligible by default; the bundled example brings its own ready policy.
      set({
        goal: example?.goal ?? '',
        eligible: example?.eligible_tool_names ?? [],
        protectedMessageIds: example?.protected_message_ids ?? [],
        protectedCallIds: example?.protected_call_ids ?? [],
        tools: example?.tools,
        options: OptionsSchema.parse(example?.options ?? {}),
        shellReadOnly: DEFAULT_SHELL_READ_ONLY,
        // R13's markers name the archive an export writes beside the snapshot, so they point at a file that exists.
        archiveRef: archiveNameOf(snapshot),
        dropReceipts: false,
        liveFromMessageId: liveFromMessageId(snapshot.source.read),
      });
      reanalyze();
      rebudget();
    },
  };
};
