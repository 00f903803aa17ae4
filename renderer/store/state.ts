/**
 * The one store's shape: nine slices, each declared beside its creator, plus the deps it was
 * created with. Components, selectors and tests read the whole store through this type; no
 * slice imports it (each names what it needs of the others, slice.ts), so it imports no cycle.
 */
import type { ApprovalSlice } from './approval.js';
import type { CacheSlice } from './cache.js';
import type { CompareSlice } from './compare.js';
import type { PolicySlice } from './policy.js';
import type { ProposalSlice } from './proposal.js';
import type { QueueSlice } from './queue.js';
import type { Deps } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';
import type { UiSlice } from './ui.js';
import type { WorkspaceSlice } from './workspace.js';

export type AppState = SnapshotSlice &
  PolicySlice &
  ProposalSlice &
  CompareSlice &
  CacheSlice &
  ApprovalSlice &
  QueueSlice &
  UiSlice &
  WorkspaceSlice & { deps: Deps };
