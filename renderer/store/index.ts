/**
 * One store from nine slices, created with a Bridge (STYLE.md): the hosts and tests decide
 * the transport, the store never knows which it has.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { createApprovalSlice, initialReviewer } from './approval.js';
import { createCacheSlice, initialPrices } from './cache.js';
import { createCompareSlice } from './compare.js';
import { createPolicySlice } from './policy.js';
import { createProposalSlice } from './proposal.js';
import { createQueueSlice } from './queue.js';
import { createSnapshotSlice } from './snapshot.js';
import type { Deps } from './slice.js';
import type { AppState } from './state.js';
import { createUiSlice } from './ui.js';
import { createWorkspaceSlice } from './workspace.js';

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: Deps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createSnapshotSlice(...a),
    ...createPolicySlice(...a),
    ...createProposalSlice(...a),
    ...createCompareSlice(...a),
    ...createCacheSlice(...a),
    ...initialPrices(deps.storage),
    ...createApprovalSlice(...a),
    ...initialReviewer(deps.storage),
    ...createQueueSlice(...a),
    ...createUiSlice(...a),
    ...createWorkspaceSlice(...a),
    deps,
  }));
}

export const StoreContext = createContext<AppStore | null>(null);

export function useApp<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside StoreContext');
  return useStore(store, selector);
}

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore outside StoreContext');
  return store;
}
