/**
 * A run and the proposal it produced. Everything derived (actions at the current threshold,
 * the side-by-side rows, characters after, the curve) comes from core's pure functions.
 * A failed run leaves the previous proposal in place.
 */
import type { AlignedRow } from '../../core/inspect/align.js';
import { alignRows } from '../../core/inspect/align.js';
import type { HostError, RunOutcome, RunSettings, RunStatus } from '../../core/ipc/contract.js';
import type { CurvePoint, HistogramBin, SizeModel } from '../../core/inspect/curve.js';
import {
  buildSizeModel,
  charsAfter,
  deriveActions,
  probabilitiesOf,
  probabilityHistogram,
  thresholdCurve,
} from '../../core/inspect/curve.js';
import type { Analysis, Policy } from '../../core/engine/guards.js';
import { analyze } from '../../core/engine/guards.js';
import type { Action } from '../../core/engine/schema.js';
import { DEFAULT_ARCHIVE_REF } from '../../core/engine/schema.js';
import { rebuildOptionsOf } from '../../core/engine/rebuild.js';
import { policyFrom } from './policy.js';
import type { AppState, Slice } from './types.js';

export type RunSuccess = Extract<RunOutcome, { success: true }>;

export interface Proposal {
  outcome: RunSuccess;
  /** The request as sent, without messages: the audit record and export use it. */
  request: RunSettings;
  policy: Policy;
  analysis: Analysis;
  probs: ReturnType<typeof probabilitiesOf>;
  /** keep_result of the evaluated candidates in 10 bins; fixed per run (the threshold only marks it). */
  histogram: HistogramBin[];
  sizes: SizeModel;
  overrides: Record<string, Action>;
  actions: Map<string, Action>;
  rows: AlignedRow[];
  charsAfter: number;
  curve: CurvePoint[];
  startedAt: string;
  finishedAt: string;
  tokens: { before: number | null; after: number | null };
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
  startRun(): Promise<void>;
  cancelRun(): Promise<void>;
  rederive(): void;
  setOverride(pairId: string, override: Action | null): void;
  clearProposal(): void;
  refreshTokens(): Promise<void>;
}

const IDLE: RunState = { state: 'idle', runId: null, progress: null, elapsedMs: 0, error: null };

export function requestFrom(state: AppState): RunSettings {
  return {
    goal: state.goal,
    eligible_tool_names: state.eligible,
    protected_message_ids: state.protectedMessageIds,
    protected_call_ids: state.protectedCallIds,
    ...(state.tools ? { tools: state.tools } : {}),
    archive_ref: DEFAULT_ARCHIVE_REF,
    options: state.options,
  };
}

/** Re-derives actions and everything that follows from them; no model call (R15). */
function derive(
  p: Omit<Proposal, 'actions' | 'rows' | 'charsAfter' | 'curve'> & Partial<Proposal>,
  threshold: number,
  recomputeCurve: boolean,
  messages: AppState['snapshot'],
): Proposal {
  const actions = deriveActions(p.analysis.pairs, p.probs, threshold, p.overrides);
  const rows = alignRows(messages?.messages ?? [], p.analysis, actions, p.sizes.truncated);
  const curve = recomputeCurve || !p.curve ? thresholdCurve(p.sizes, p.probs, p.overrides) : p.curve;
  return { ...p, actions, rows, charsAfter: charsAfter(p.sizes, actions), curve } as Proposal;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const createProposalSlice: Slice<ProposalSlice> = (set, get) => ({
  run: IDLE,
  proposal: null,

  async startRun() {
    const state = get();
    if (!state.snapshot || state.run.state === 'running') return;
    const snapshot = state.snapshot;
    const request = requestFrom(state);
    const startedAt = (state.deps.now?.() ?? new Date()).toISOString();
    set({ run: { ...IDLE, state: 'running', progress: { phase: 'queued', batchesDone: 0, batchesTotal: 0 } } });
    let status: RunStatus;
    try {
      const { runId } = await state.deps.bridge['run.start']({
        request: { ...request, messages: snapshot.messages },
        backend: state.backend,
      });
      set({ run: { ...get().run, runId } });
      for (;;) {
        status = await state.deps.bridge['run.status']({ runId });
        set({ run: { ...get().run, progress: status.progress, elapsedMs: status.elapsedMs } });
        if (status.state === 'finished') break;
        await sleep(state.deps.pollMs ?? 150);
      }
    } catch (error) {
      const e = error as { code?: string; message?: string };
      set({
        run: {
          ...get().run,
          state: 'failed',
          error: { code: (e.code ?? 'internal') as HostError['code'], message: e.message ?? String(error) },
        },
      });
      return;
    }
    const outcome = status.outcome as RunOutcome;
    if (!outcome.success) {
      set({ run: { ...get().run, state: 'failed', error: outcome.error } });
      return;
    }
    if (get().snapshot !== snapshot) return; // a new file was opened meanwhile
    // The analysis of the policy the run used, not whatever the form holds now.
    const policy = policyFrom({
      eligible: request.eligible_tool_names,
      protectedMessageIds: request.protected_message_ids,
      protectedCallIds: request.protected_call_ids,
      options: request.options,
    });
    const analysis = analyze(snapshot.messages, policy);
    const sizes = buildSizeModel(snapshot.messages, analysis.pairs, rebuildOptionsOf(request));
    const probs = probabilitiesOf(outcome.decisions);
    const histogram = probabilityHistogram([...probs.values()].map((p) => p.keepResult));
    const base = {
      outcome,
      request,
      policy,
      analysis,
      probs,
      histogram,
      sizes,
      overrides: {},
      startedAt,
      finishedAt: (state.deps.now?.() ?? new Date()).toISOString(),
      tokens: { before: get().proposal?.tokens.before ?? null, after: null },
    };
    set({ proposal: derive(base, get().options.keep_threshold, true, snapshot), run: { ...get().run, state: 'done' } });
    get().setTab('audit');
    void get().refreshTokens();
  },

  async cancelRun() {
    const { run, deps } = get();
    if (run.state === 'running' && run.runId) await deps.bridge['run.cancel']({ runId: run.runId });
  },

  rederive() {
    const { proposal, snapshot, options } = get();
    if (!proposal) return;
    set({
      proposal: derive(
        { ...proposal, tokens: { ...proposal.tokens, after: null } },
        options.keep_threshold,
        false,
        snapshot,
      ),
    });
    void get().refreshTokens();
  },

  setOverride(pairId, override) {
    const { proposal, snapshot, options } = get();
    if (!proposal) return;
    const overrides = { ...proposal.overrides };
    if (override === null) delete overrides[pairId];
    else overrides[pairId] = override;
    set({
      proposal: derive(
        { ...proposal, overrides, tokens: { ...proposal.tokens, after: null } },
        options.keep_threshold,
        true,
        snapshot,
      ),
    });
    void get().refreshTokens();
  },

  clearProposal: () => set({ proposal: null, run: IDLE }),

  async refreshTokens() {
    const { proposal, deps, snapshot } = get();
    if (!proposal || !snapshot) return;
    const asked = proposal.actions;
    const request = proposal.request;
    const counted = await deps.parser
      .tokens({
        policy: proposal.policy,
        actions: [...asked],
        rebuildOptions: rebuildOptionsOf(request),
      })
      .catch(() => null);
    const now = get().proposal;
    // Only the latest threshold's count is shown; stale answers are dropped.
    if (!counted || !now || now.actions !== asked) return;
    set({ proposal: { ...now, tokens: { before: counted.before, after: counted.after } } });
  },
});
