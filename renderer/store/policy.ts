/**
 * Goal, allowlist, protections, options and the decision model: everything a run is asked
 * with. `analysis` is the guards' verdict on the current policy, for the "before running"
 * counts; the keep threshold also re-derives the proposal (R15).
 */
import type { BackendChoice, Example } from '../../core/ipc/contract.js';
import type { Analysis, Policy } from '../../core/engine/guards.js';
import { analyze } from '../../core/engine/guards.js';
import type { Options } from '../../core/engine/schema.js';
import { DEFAULT_OPTIONS, OptionsSchema } from '../../core/engine/schema.js';
import type { CandidacyReport } from '../../core/inspect/summary.js';
import { candidacyReport } from '../../core/inspect/summary.js';
import type { Snapshot } from './snapshot.js';
import type { Slice } from './types.js';

export interface PolicySlice {
  goal: string;
  eligible: string[];
  protectedMessageIds: string[];
  protectedCallIds: string[];
  options: Options;
  tools: Example['tools'];
  backend: BackendChoice;
  /** Guards applied to the current policy (not the last run's). */
  analysis: Analysis | null;
  candidacy: CandidacyReport | null;
  setGoal(goal: string): void;
  toggleTool(name: string, on: boolean): void;
  protectMessage(id: string, on: boolean): void;
  protectCall(id: string, on: boolean): void;
  /** Returns an error line when the value is outside its §5 range (nothing is clamped). */
  setOption<K extends keyof Options>(key: K, value: number): string | null;
  setBackend(choice: Partial<BackendChoice>): void;
  resetPolicy(snapshot: Snapshot, example?: Example): void;
}

export function policyFrom(
  state: Pick<PolicySlice, 'eligible' | 'protectedMessageIds' | 'protectedCallIds' | 'options'>,
): Policy {
  return {
    eligibleToolNames: state.eligible,
    protectedMessageIds: state.protectedMessageIds,
    protectedCallIds: state.protectedCallIds,
    preserveRecentMessages: state.options.preserve_recent_messages,
  };
}

const toggled = (list: string[], item: string, on: boolean) =>
  on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);

export const createPolicySlice: Slice<PolicySlice> = (set, get) => {
  const reanalyze = () => {
    const { snapshot } = get();
    const analysis = snapshot ? analyze(snapshot.messages, policyFrom(get())) : null;
    set({ analysis, candidacy: analysis ? candidacyReport(analysis) : null });
  };
  return {
    goal: '',
    eligible: [],
    protectedMessageIds: [],
    protectedCallIds: [],
    options: DEFAULT_OPTIONS,
    tools: undefined,
    backend: { name: 'offline' },
    analysis: null,
    candidacy: null,
    setGoal: (goal) => set({ goal }),
    toggleTool(name, on) {
      set({ eligible: toggled(get().eligible, name, on) });
      reanalyze();
    },
    protectMessage(id, on) {
      set({ protectedMessageIds: toggled(get().protectedMessageIds, id, on) });
      reanalyze();
    },
    protectCall(id, on) {
      set({ protectedCallIds: toggled(get().protectedCallIds, id, on) });
      reanalyze();
    },
    setOption(key, value) {
      const parsed = OptionsSchema.safeParse({ ...get().options, [key]: value });
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'out of range';
      set({ options: parsed.data });
      if (key === 'preserve_recent_messages') reanalyze();
      if (key === 'keep_threshold') get().rederive();
      return null;
    },
    setBackend: (choice) => set({ backend: { ...get().backend, ...choice } }),
    resetPolicy(_snapshot, example) {
      // R5: nothing is eligible by default; the bundled example brings its own ready policy.
      set({
        goal: example?.goal ?? '',
        eligible: example?.eligible_tool_names ?? [],
        protectedMessageIds: example?.protected_message_ids ?? [],
        protectedCallIds: example?.protected_call_ids ?? [],
        tools: example?.tools,
        options: OptionsSchema.parse(example?.options ?? {}),
      });
      reanalyze();
    },
  };
};
