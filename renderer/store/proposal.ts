/**
 * A run and the proposal it produced. Everything derived (actions at the current threshold,
 * the side-by-side rows, characters after, the curve) comes from core's pure functions
 * through derive.ts; this slice holds the state, asks for token counts and polls the run.
 * A new run's proposal is built a stage at a time (runResult.ts), so the page answers meanwhile.
 * A failed or cancelled run leaves the previous proposal in place.
 */
import { rebuildOptionsOf } from '../../core/engine/rebuild.js';
import { buildSizeModel } from '../../core/inspect/sizeModel.js';
import type { CurvePoint } from '../../core/inspect/curve.js';
import { modelNeedingChanges } from '../../core/inspect/policyChange.js';
import { cacheFriendlyActions } from '../../core/inspect/cacheView.js';
import type { Action } from '../../core/engine/schema.js';
import type { HostError, RunOutcome, RunStatus } from '../../core/ipc/contract.js';
import type { CacheSlice } from './cache.js';
import { nextTask } from '../nextTask.js';
import type { Derivable, Proposal } from './derive.js';
import { actionsAt, derive, listsOf, narrowed, samePolicy } from './derive.js';
import type { PolicySlice } from './policy.js';
import { buildRunResult } from './runResult.js';
import { requestFrom } from './policy.js';
import type { Deps, Slice } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';
import type { UiSlice } from './ui.js';

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
  /**
   * Shows a finished run's outcome as the proposal of the opened snapshot: a run's own, or one
   * computed elsewhere (a live agent's proposal in the approval queue, store/queue.ts).
   */
  adoptOutcome(
    outcome: Extract<RunOutcome, { success: true }>,
    request: ReturnType<typeof requestFrom>,
    backend: PolicySlice['backend'],
    startedAt: string,
  ): Promise<void>;
  cancelRun(): Promise<void>;
  rederive(): void;
  setOverride(pairId: string, override: Action | null): void;
  clearProposal(): void;
  /** A failed run's error belongs to the backend and file it ran with: forgotten when either changes. */
  clearRunError(): void;
  refreshTokens(): Promise<void>;
  /** Re-derives the proposal's R13 markers for another `archive_ref`; no model call. */
  retarget(archiveRef: string): void;
  /** Re-derives the proposal with or without §9 drop receipts; no model call. */
  rereceipt(on: boolean): void;
  /**
   * After any policy edit: re-derives the proposal when the edit only removes candidates (no
   * model call), else lists what changed in `outOfDate`.
   */
  followPolicy(): void;
}

const IDLE: RunState = { state: 'idle', runId: null, progress: null, elapsedMs: 0, error: null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CANCELLED: HostError = { code: 'cancelled', message: 'the run was cancelled' };

type Counted = Awaited<ReturnType<Deps['parser']['tokens']>>;
/** What a new proposal is shown with: run state, and a held step's cache-friendly count. */
type Extra = Partial<ProposalSlice & Pick<CacheSlice, 'friendlyTokens'>>;

/** Of compare.ts, which builds on this slice, a new proposal calls `recompare`. */
export const createProposalSlice: Slice<
  ProposalSlice,
  Pick<SnapshotSlice, 'snapshot'> & PolicySlice & CacheSlice & Pick<UiSlice, 'setTab'> & { recompare(): void }
> = (set, get) => {
  /** Every new proposal also re-derives what compares it with A and what it costs in the cache. */
  const setProposal = (proposal: Proposal | null, extra: Extra = {}) => {
    set({ proposal, ...extra });
    get().recompare();
    get().recache();
  };

  /**
   * Asks the worker for the BPE counts of `target`'s actions (and of their cache-friendly
   * variant when it is on). The answer is `null` when the count failed or the cache-friendly
   * settings changed meanwhile (their change asks again).
   */
  const askTokens = (target: Derivable): Promise<Counted | null> => {
    const { deps, cacheFriendly } = get();
    const variant = cacheFriendly.on
      ? cacheFriendlyActions(target.analysis.pairs, target.actions, target.overrides, cacheFriendly.after)
      : undefined;
    return deps.parser
      .tokens({
        policy: target.policy,
        actions: target.actions,
        rebuildOptions: rebuildOptionsOf(target.request),
        ...(variant ? { variant } : {}),
      })
      .then(
        (counted) => (get().cacheFriendly === cacheFriendly ? counted : null),
        () => null,
      );
  };

  /** Shows `counted` on the proposal shown now, unless a later derive replaced `actions` (stale answers are dropped). */
  const showTokens = (actions: Proposal['actions'], counted: Counted | null) => {
    const now = get();
    if (!counted || !now.proposal || now.proposal.actions !== actions) return;
    set({
      proposal: { ...now.proposal, tokens: { before: counted.before, after: counted.after, prefix: counted.prefix } },
      friendlyTokens: counted.variant,
    });
    get().recompare();
    get().recache();
  };

  const countTokens = async (target: Derivable) => showTokens(target.actions, await askTokens(target));

  /** The latest derive; a held threshold step that a later derive overtook is never shown. */
  let latest = 0;
  /** When the oldest threshold step not shown yet was derived (null: none is held). */
  let heldSince: number | null = null;

  /**
   * Derives and shows the proposal of `next`; the token count is asked for as soon as the
   * actions are known, so the worker counts while this thread derives the audit rows, reviews
   * and cache figures. A threshold step (`hold`) is shown together with its count when the
   * worker answers within `deps.holdStepMs`: shown at once, its frame would be laid out and painted
   * before the answer could be handled, and the answer would cost a second render; a slower
   * count (a step that changes many pairs) shows the characters first, "counting…" until then.
   * Every derive reads the threshold from the options, so a step that a later derive overtakes
   * loses nothing by never being shown.
   */
  const propose = (
    next: Derivable,
    tokens: Proposal['tokens'] | undefined,
    curve: CurvePoint[] | null,
    from?: Proposal,
    extra?: Extra,
    hold = false,
  ): Promise<void> | undefined => {
    const { snapshot, proposal } = get();
    if (!snapshot) return;
    const asked = askTokens(next);
    const derived: Proposal = {
      ...derive(next, snapshot.messages, curve, from),
      tokens: { ...(tokens ?? { before: proposal?.tokens.before ?? null }), after: null, prefix: null },
    };
    return present(derived, asked, extra, hold);
  };

  /** Shows `derived` (at once, or held for its count: see propose), then its token count. */
  const present = (derived: Proposal, asked: Promise<Counted | null>, extra?: Extra, hold = false) => {
    const generation = ++latest;
    let shown = false;
    const show = () => {
      if (shown || generation !== latest) return;
      shown = true;
      heldSince = null;
      setProposal(derived, extra);
    };
    const started = performance.now();
    heldSince ??= started;
    const wait = hold ? (get().deps.holdStepMs ?? 0) - (started - heldSince) : 0;
    if (wait <= 0) show();
    else setTimeout(show, wait);
    return asked.then((counted) => {
      if (!shown && generation === latest && counted) {
        shown = true;
        heldSince = null;
        setProposal(
          { ...derived, tokens: { before: counted.before, after: counted.after, prefix: counted.prefix } },
          { ...extra, friendlyTokens: counted.variant },
        );
      } else showTokens(derived.actions, counted);
    });
  };

  /**
   * The same decisions rebuilt under `request`, whose edit changes only what the rebuild writes
   * (the markers' archive, the §9 receipts): sizes and curve follow, no model call (R15).
   */
  const rebuildWith = (request: Proposal['request']) => {
    const { proposal, snapshot, options } = get();
    if (!proposal || !snapshot) return;
    const sizes = buildSizeModel(snapshot.messages, proposal.analysis.pairs, rebuildOptionsOf(request));
    void propose(
      actionsAt({ ...proposal, request, sizes }, proposal.overrides, options.keep_threshold),
      proposal.tokens,
      null,
    );
  };

  /** The run going now: Cancel aborts it, in the host and in what this thread builds from its answer. */
  let current: AbortController | null = null;

  return {
    run: IDLE,
    proposal: null,
    outOfDate: [],

    async startRun() {
      const state = get();
      if (!state.snapshot || state.run.state === 'running') return;
      const snapshot = state.snapshot;
      const request = requestFrom(state);
      const { deps } = state;
      const now = () => (deps.now?.() ?? new Date()).toISOString();
      const startedAt = now();
      const cancel = new AbortController();
      current = cancel;
      /** Still the run going: Cancel (which ends it at once) or a newer run has not taken over. */
      const live = () => current === cancel;
      const fail = (error: HostError) => {
        if (!live()) return;
        current = null;
        set({ run: { ...get().run, state: 'failed', error } });
      };
      set({ run: { ...IDLE, state: 'running', progress: { phase: 'queued', batchesDone: 0, batchesTotal: 0 } } });
      let status: RunStatus;
      try {
        const { runId } = await deps.bridge['run.start']({
          request: { ...request, messages: snapshot.messages },
          backend: state.backend,
          ...(state.baseUrlKey === '' ? {} : { apiKey: state.baseUrlKey }),
        });
        // Cancelled while the history was on its way: the host stops the run it just started.
        if (!live()) return void (await deps.bridge['run.cancel']({ runId }));
        set({ run: { ...get().run, runId } });
        for (;;) {
          status = await deps.bridge['run.status']({ runId });
          if (!live()) return;
          set({ run: { ...get().run, progress: status.progress, elapsedMs: status.elapsedMs } });
          if (status.state === 'finished') break;
          await sleep(deps.pollMs ?? 150);
        }
      } catch (error) {
        const e = error as { code?: string; message?: string };
        return fail({ code: (e.code ?? 'internal') as HostError['code'], message: e.message ?? String(error) });
      }
      const outcome = status.outcome as RunOutcome;
      if (!outcome.success) return fail(outcome.error);
      if (get().snapshot !== snapshot) return; // a new file was opened meanwhile
      // The host is done; this thread builds the proposal a stage at a time, and Cancel still stops it.
      const asked = { settings: request, backend: state.backend, outcome };
      const built = await buildRunResult(
        { messages: snapshot.messages, request, asked, startedAt, finishedAt: now() },
        deps.parser,
        cancel.signal,
      ).catch((error: unknown) => fail({ code: 'internal', message: String(error) }));
      if (!built || get().snapshot !== snapshot) return;
      const next = actionsAt(built.result, {}, get().options.keep_threshold);
      const asking = askTokens(next);
      await nextTask();
      if (!live() || get().snapshot !== snapshot) return;
      const derived: Proposal = {
        ...derive(next, snapshot.messages, built.curve),
        tokens: { before: get().proposal?.tokens.before ?? null, after: null, prefix: null },
      };
      await nextTask();
      if (!live() || get().snapshot !== snapshot) return;
      current = null;
      void present(derived, asking, { run: { ...get().run, state: 'done' } });
      // The threshold may have moved while the proposal was built.
      if (get().options.keep_threshold !== next.threshold) get().rederive();
      // The audit view mounts in a task of its own, after the proposal's.
      await nextTask();
      get().setTab('audit');
      // The form may have changed while the run was going.
      get().followPolicy();
    },

    async adoptOutcome(outcome, request, backend, startedAt) {
      const { snapshot, deps } = get();
      if (!snapshot) return;
      const asked = { settings: request, backend, outcome };
      const finishedAt = (deps.now?.() ?? new Date()).toISOString();
      const built = await buildRunResult(
        { messages: snapshot.messages, request, asked, startedAt, finishedAt },
        deps.parser,
        new AbortController().signal,
      );
      if (!built || get().snapshot !== snapshot) return;
      const next = actionsAt(built.result, {}, get().options.keep_threshold);
      const derived: Proposal = {
        ...derive(next, snapshot.messages, built.curve),
        tokens: { before: get().proposal?.tokens.before ?? null, after: null, prefix: null },
      };
      void present(derived, askTokens(next), { run: { ...IDLE, state: 'done' } });
      get().setTab('audit');
      get().followPolicy();
    },

    async cancelRun() {
      const { run, deps } = get();
      if (run.state !== 'running' || !current) return;
      current.abort();
      current = null;
      // The page is back at once, the previous proposal untouched; the host stops the run at its
      // next stage boundary (core/engine/pass.ts). A run it already forgot needs no stopping.
      set({ run: { ...run, state: 'failed', error: CANCELLED } });
      if (run.runId) await deps.bridge['run.cancel']({ runId: run.runId }).catch(() => undefined);
    },

    rederive() {
      const { proposal, snapshot, options } = get();
      if (!proposal || !snapshot) return;
      const next = actionsAt(proposal, proposal.overrides, options.keep_threshold, proposal);
      void propose(next, proposal.tokens, proposal.curve, proposal, undefined, true);
    },

    setOverride(pairId, override) {
      const { proposal, snapshot, options } = get();
      if (!proposal || !snapshot) return;
      const overrides = { ...proposal.overrides };
      if (override === null) delete overrides[pairId];
      else overrides[pairId] = override;
      void propose(actionsAt(proposal, overrides, options.keep_threshold), proposal.tokens, null);
    },

    clearProposal: () => setProposal(null, { run: IDLE, outOfDate: [] }),
    clearRunError: () => (get().run.state === 'failed' ? set({ run: IDLE }) : undefined),

    followPolicy() {
      const state = get();
      const { proposal, snapshot } = state;
      if (!proposal || !snapshot) return;
      const now = requestFrom(state);
      const outOfDate = modelNeedingChanges(proposal.asked, { settings: now, backend: state.backend });
      if (outOfDate.join('\n') !== state.outOfDate.join('\n')) set({ outOfDate });
      // Out of date: the proposal stays as last derived, and Export waits for a run or an undo.
      if (outOfDate.length > 0) return;
      // The run's options (its threshold is `keep_threshold_run`); the markers' archive_ref is retarget's.
      const { asked } = proposal;
      const lists = samePolicy(now, asked.settings) ? listsOf(asked.settings) : listsOf(now);
      const settings = { ...now, ...lists, options: asked.settings.options, archive_ref: proposal.request.archive_ref };
      if (JSON.stringify(listsOf(settings)) === JSON.stringify(listsOf(proposal.request))) return;
      const run = narrowed(proposal, snapshot.messages, settings);
      // R3: protection wins, so an override on a pair the edit now guards no longer applies.
      const candidates = new Set(run.analysis.candidates.map((p) => p.pairId));
      const overrides = Object.fromEntries(Object.entries(proposal.overrides).filter(([id]) => candidates.has(id)));
      void propose(actionsAt(run, overrides, state.options.keep_threshold), proposal.tokens, null);
    },

    retarget(archiveRef) {
      const { proposal } = get();
      if (!proposal || proposal.request.archive_ref === archiveRef) return;
      // Only the markers' text changes (R13), and with it which outputs get shorter: sizes and curve follow.
      rebuildWith({ ...proposal.request, archive_ref: archiveRef });
    },

    rereceipt(on) {
      const { proposal } = get();
      if (!proposal || (proposal.request.drop_receipts === true) === on) return;
      rebuildWith({ ...proposal.request, drop_receipts: on });
    },

    async refreshTokens() {
      const { proposal, snapshot } = get();
      if (proposal && snapshot) await countTokens(proposal);
    },
  };
};
