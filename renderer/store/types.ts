/** The one store's shape: four slices plus the host bridge and parser it was created with. */
import type { StateCreator } from 'zustand';
import type { Bridge } from '../bridge/types.js';
import type { SnapshotParser } from '../worker/client.js';
import type { PolicySlice } from './policy.js';
import type { ProposalSlice } from './proposal.js';
import type { SnapshotSlice } from './snapshot.js';
import type { UiSlice } from './ui.js';

export interface Deps {
  bridge: Bridge;
  parser: SnapshotParser;
  /** Poll interval for run progress (ms). */
  pollMs?: number;
  now?: () => Date;
}

export type AppState = SnapshotSlice & PolicySlice & ProposalSlice & UiSlice & { deps: Deps };
export type Slice<T> = StateCreator<AppState, [], [], T>;
