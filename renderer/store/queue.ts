/**
 * The approval queue (core/approvals/entry.ts): proposals live agents wait on. The list is polled
 * from the host; opening one shows its session and its decisions in the audit view as a run's
 * would be (the model is not asked again: the probabilities are the entry's, R15), where the
 * threshold and per-call overrides work as always; Approve sends them, with the reviewer, to the
 * host, which writes the approved history where the agent resumes it; Reject lets the agent
 * compact as it would have.
 */
import type { ApprovalDecision, ApprovalEntry, ApprovalSummary } from '../../core/approvals/entry.js';
import type { Example } from '../../core/ipc/contract.js';
import type { ApprovalSlice } from './approval.js';
import type { PolicySlice } from './policy.js';
import { requestFrom } from './policy.js';
import type { ProposalSlice } from './proposal.js';
import type { Slice } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';
import type { UiSlice } from './ui.js';
import type { WorkspaceSlice } from './workspace.js';

export interface QueueState {
  queueDir: string | null;
  entries: ApprovalSummary[];
  /** Why the last refresh failed; the last good list stays. */
  error: string | null;
}

/** The queued proposal open in the inspector, and its decision once there is one. */
export interface QueuedProposal {
  entry: ApprovalEntry;
  decision: ApprovalDecision | null;
}

export interface QueueSlice {
  queue: QueueState;
  queued: QueuedProposal | null;
  deciding: boolean;
  refreshQueue(): Promise<void>;
  showApprovals(): void;
  /** Opens proposal `id`'s session with its policy and decisions; false when it could not. */
  openQueued(id: string): Promise<boolean>;
  /** Approves the open proposal at the current threshold with the current overrides, or rejects it. */
  decideQueued(verdict: 'approve' | 'reject', options?: { autoApplyNext?: boolean }): Promise<void>;
  /** Another file was opened: the queued proposal is no longer what the inspector shows. */
  closeQueued(): void;
}

/** The entry's policy as the form takes it (the bundled example's shape). */
function policyOfEntry(entry: ApprovalEntry, text: string): Example {
  const { request } = entry;
  return {
    fileName: entry.original.name,
    text,
    goal: request.goal,
    eligible_tool_names: request.eligible_tool_names,
    protected_message_ids: request.protected_message_ids,
    protected_call_ids: request.protected_call_ids,
    ...(request.tools ? { tools: request.tools } : {}),
    options: { ...request.options },
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createQueueSlice: Slice<
  QueueSlice,
  Pick<SnapshotSlice, 'openSnapshot' | 'snapshot'> &
    PolicySlice &
    Pick<ProposalSlice, 'adoptOutcome' | 'proposal'> &
    Pick<ApprovalSlice, 'reviewer'> &
    Pick<UiSlice, 'setNotice'> &
    Pick<WorkspaceSlice, 'view'>
> = (set, get) => ({
  queue: { queueDir: null, entries: [], error: null },
  queued: null,
  deciding: false,

  async refreshQueue() {
    try {
      const { queueDir, entries } = await get().deps.bridge['approvals.list']({});
      set({ queue: { queueDir, entries, error: null } });
    } catch (error) {
      set({ queue: { ...get().queue, error: messageOf(error) } });
    }
  },

  showApprovals() {
    set({ view: 'approvals' });
    void get().refreshQueue();
  },

  async openQueued(id) {
    let opened;
    try {
      opened = await get().deps.bridge['approvals.open']({ id });
    } catch (error) {
      set({ queue: { ...get().queue, error: messageOf(error) } });
      return false;
    }
    const { entry, decision, text } = opened;
    const ok = await get().openSnapshot({ fileName: entry.original.name, text }, policyOfEntry(entry, text));
    if (!ok) return false;
    // What the form cannot take from an example: the markers' archive and the shell patterns the hook used.
    get().setArchiveRef(entry.request.archive_ref);
    get().setDropReceipts(entry.request.drop_receipts === true);
    get().setShellPatterns('allow', entry.request.shell_read_only.allow);
    get().setShellPatterns('deny', entry.request.shell_read_only.deny);
    // The model that answered: the form names it, so a run from here would ask the same one.
    get().setBackend({ name: entry.outcome.backend, model: entry.outcome.model ?? undefined });
    const { outcome } = entry;
    await get().adoptOutcome(
      {
        success: true,
        changed: true,
        reason: 'compacted',
        decisions: outcome.decisions,
        stats: outcome.stats,
        observation: null,
        batches: [],
        attempts: [],
        backend: outcome.backend,
        model: outcome.model,
      },
      requestFrom(get()),
      get().backend,
      entry.created_at,
    );
    set({ queued: { entry, decision }, view: 'inspector' });
    return true;
  },

  async decideQueued(verdict, options = {}) {
    const { queued, proposal, options: policyOptions, reviewer, deps } = get();
    if (!queued || queued.decision !== null || get().deciding) return;
    set({ deciding: true });
    try {
      const decision =
        verdict === 'approve'
          ? await deps.bridge['approvals.decide']({
              id: queued.entry.id,
              verdict: 'approve',
              threshold: policyOptions.keep_threshold,
              overrides: { ...(proposal?.overrides ?? {}) },
              reviewer,
              autoApplyNext: options.autoApplyNext ?? false,
            })
          : await deps.bridge['approvals.decide']({
              id: queued.entry.id,
              verdict: 'reject',
              reviewer: reviewer.trim() === '' ? null : reviewer,
            });
      set({ queued: { ...queued, decision } });
      get().setNotice(
        decision.verdict === 'rejected'
          ? 'Rejected: Claude Code compacts as it would have'
          : `Approved: the approved history is session ${decision.applied?.session.session_id}`,
      );
    } catch (error) {
      get().setNotice(`The decision was not recorded: ${messageOf(error)}`);
    } finally {
      set({ deciding: false });
      void get().refreshQueue();
    }
  },

  closeQueued() {
    if (get().queued !== null) set({ queued: null });
  },
});
