/**
 * Goal, allowlist, protections, options and the decision model: everything a run is asked
 * with. `analysis` is the guards' verdict on the current policy, for the "before running"
 * counts and the audit view before a run. After a run every edit is followed by the proposal
 * (proposal.ts `followPolicy`): the keep threshold re-derives it (R15), an edit that only removes
 * candidates re-derives it with the guards, any other marks it out of date.
 */
import { policyOf } from '../../core/engine/compact.js';
import { analyze } from '../../core/engine/guards.js';
import { DEFAULT_ARCHIVE_REF, DEFAULT_OPTIONS, OptionsSchema } from '../../core/engine/schema.js';
import { archiveFileOf } from '../../core/inspect/auditRecord.js';
import { candidacyReport } from '../../core/inspect/summary.js';
import { unmatchedToolNames } from '../../core/inspect/toolNames.js';
import type { RunSettings } from '../../core/ipc/contract.js';
import type { AppState, PolicySlice, Slice, Snapshot } from './state.js';

/** The request a run of the current policy sends, without the messages. */
export function requestFrom(state: AppState): RunSettings {
  return {
    goal: state.goal,
    eligible_tool_names: state.eligible,
    protected_message_ids: state.protectedMessageIds,
    protected_call_ids: state.protectedCallIds,
    ...(state.tools ? { tools: state.tools } : {}),
    archive_ref: state.archiveRef,
    options: state.options,
  };
}

/** The archive's file name for this snapshot (its bytes' SHA-256 and extension). */
export const archiveNameOf = (snapshot: Snapshot) =>
  archiveFileOf({ name: snapshot.fileName, sha256: snapshot.sha256, bytes: snapshot.bytes }).name;

const toggled = (list: string[], item: string, on: boolean) =>
  on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);

export const createPolicySlice: Slice<PolicySlice> = (set, get) => {
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
  return {
    goal: '',
    eligible: [],
    protectedMessageIds: [],
    protectedCallIds: [],
    options: DEFAULT_OPTIONS,
    tools: undefined,
    backend: { name: 'offline' },
    baseUrlKey: '',
    analysis: null,
    candidacy: null,
    unmatchedTools: [],
    archiveRef: DEFAULT_ARCHIVE_REF,
    setGoal(goal) {
      set({ goal });
      get().followPolicy();
    },
    toggleTool(name, on) {
      set({ eligible: toggled(get().eligible, name, on) });
      reanalyze();
      get().followPolicy();
    },
    protectMessage(id, on) {
      set({ protectedMessageIds: toggled(get().protectedMessageIds, id, on) });
      reanalyze();
      get().followPolicy();
    },
    protectCall(id, on) {
      set({ protectedCallIds: toggled(get().protectedCallIds, id, on) });
      reanalyze();
      get().followPolicy();
    },
    setOption(key, value) {
      const parsed = OptionsSchema.safeParse({ ...get().options, [key]: value });
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'out of range';
      set({ options: parsed.data });
      if (key === 'preserve_recent_messages') reanalyze();
      if (key === 'keep_threshold') get().rederive();
      else get().followPolicy();
      return null;
    },
    setBackend(choice) {
      const before = get().backend;
      const backend = { ...before, ...choice };
      // The entered key is for the URL it was typed beside, never for the next one.
      const urlChanged = (backend.baseUrl ?? '').trim() !== (before.baseUrl ?? '').trim();
      set(urlChanged ? { backend, baseUrlKey: '' } : { backend });
      get().followPolicy();
    },
    setBaseUrlKey(apiKey) {
      set({ baseUrlKey: apiKey });
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
        // R13's markers name the archive an export writes beside the snapshot, so they point at a file that exists.
        archiveRef: archiveNameOf(snapshot),
      });
      reanalyze();
    },
  };
};
