/**
 * What every slice is made with: the host bridge, the parser and the settings the store was
 * created with (`Deps`), and the creator type each slice file exports.
 */
import type { StateCreator } from 'zustand';
import type { Bridge } from '../bridge/types.js';
import type { SnapshotParser } from '../worker/client.js';
import type { OpenLimit } from './openLimit.js';

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
  /**
   * The largest file this page opens (openLimit.ts), and why the address's setting of it was
   * ignored, shown once the page has started; unset: no limit, as in tests.
   */
  openLimit?: OpenLimit & { error?: string };
}

/**
 * A slice's creator: it builds `T` and may read and call `Needs`, what it uses of the other
 * slices. A slice file imports the interfaces of the slices it builds on and names the few
 * members it calls of the slices that build on it, so no import runs both ways (lint:cycles);
 * index.ts composes them, where the compiler checks that the whole store provides every need.
 */
export type Slice<T, Needs = unknown> = StateCreator<T & Needs & { deps: Deps }, [], [], T>;
