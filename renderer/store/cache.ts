/**
 * The prompt-cache panel's state (SPEC §9): the price table (a preset or edited by hand, kept
 * in local storage), the cache-friendly toggle, and the figures core derives for the current
 * actions and for the cache-friendly variant, recomputed with every derive (R15, no model call).
 */
import type { BreakEvenChart, CacheCost, PriceTable } from '../../core/inspect/cache.js';
import { breakEvenChart, PRICE_PRESETS, PriceTableSchema } from '../../core/inspect/cache.js';
import { costOf } from '../../core/inspect/figures.js';
import type { CacheView } from '../../core/inspect/cacheView.js';
import { cacheFriendlyActions, cacheView } from '../../core/inspect/cacheView.js';
import type { Action } from '../../core/engine/schema.js';
import type { ProposalTokens } from '../worker/snapshot.js';
import type { Proposal } from './derive.js';
import type { Deps, Slice } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';

export interface CacheFigures {
  /** The current actions (threshold and overrides included). */
  current: CacheView;
  /** The cache-friendly variant when it is on: only changes after message `after`. */
  friendly: (CacheView & { after: number; actions: ReadonlyMap<string, Action> }) | null;
  /** The next request's cost and the break-even at `prices`; null until the BPE counts arrive. */
  costs: { current: CacheCost | null; friendly: CacheCost | null };
  /** The break-even picture of the current cost; null until the BPE counts arrive. */
  breakEven: BreakEvenChart | null;
}

export interface CacheSlice {
  /** USD per million tokens; stored locally (Deps.storage) so they survive a restart. */
  prices: PriceTable;
  /** The preset the prices came from; null once a price was edited by hand. */
  presetId: string | null;
  cacheFriendly: { on: boolean; after: number };
  /** Derived on every change of the proposal or the toggle; null without a proposal. */
  cache: CacheFigures | null;
  /** BPE tokens of the cache-friendly variant; null until counted or when it is off. */
  friendlyTokens: ProposalTokens | null;
  /** Returns an error line for a price that is not a number ≥ 0 (nothing is clamped). */
  setPrice(key: keyof PriceTable, value: number): string | null;
  choosePreset(id: string): void;
  setCacheFriendly(change: Partial<CacheSlice['cacheFriendly']>): string | null;
  recache(): void;
}

/** What the figures are of, and the count they ask for (proposal.ts, which builds on this slice). */
interface Counts {
  proposal: Proposal | null;
  refreshTokens(): Promise<void>;
  /** The peer comparison quotes costs at these prices too (compare.ts). */
  recompare(): void;
}

const STORAGE_KEY = 'compaction-inspector.prices';
const DEFAULT_PRESET = PRICE_PRESETS[0];

/** The stored table if it is still a valid one; a damaged or foreign value is ignored, not trusted. */
function storedPrices(storage: Deps['storage']): Pick<CacheSlice, 'prices' | 'presetId'> | null {
  let stored: { input?: unknown; cacheWrite?: unknown; cacheRead?: unknown; presetId?: unknown };
  try {
    stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') ?? {};
  } catch {
    return null;
  }
  const prices = PriceTableSchema.safeParse({
    input: stored.input,
    cacheWrite: stored.cacheWrite,
    cacheRead: stored.cacheRead,
  });
  if (!prices.success) return null;
  const preset = PRICE_PRESETS.find((p) => p.id === stored.presetId);
  return { prices: prices.data, presetId: preset ? preset.id : null };
}

export const createCacheSlice: Slice<CacheSlice, Pick<SnapshotSlice, 'snapshot'> & Counts> = (set, get) => {
  const store = (prices: PriceTable, presetId: string | null) => {
    set({ prices, presetId });
    get().recache();
    get().recompare();
    try {
      get().deps.storage?.setItem(STORAGE_KEY, JSON.stringify({ ...prices, presetId }));
    } catch {
      // Storage full or disabled: the table still applies for this session.
    }
  };
  return {
    prices: DEFAULT_PRESET.prices,
    presetId: DEFAULT_PRESET.id,
    cacheFriendly: { on: false, after: 0 },
    cache: null,
    friendlyTokens: null,
    setPrice(key, value) {
      const parsed = PriceTableSchema.safeParse({ ...get().prices, [key]: value });
      if (!parsed.success) return 'a price in USD per million tokens, ≥ 0';
      store(parsed.data, null);
      return null;
    },
    choosePreset(id) {
      const preset = PRICE_PRESETS.find((p) => p.id === id);
      if (preset) store(preset.prices, preset.id);
    },
    setCacheFriendly(change) {
      const next = { ...get().cacheFriendly, ...change };
      const count = get().snapshot?.messages.length ?? 0;
      if (!Number.isInteger(next.after) || next.after < 0 || next.after >= Math.max(1, count))
        return `a message index from 0 to ${Math.max(0, count - 1)}`;
      set({ cacheFriendly: next, friendlyTokens: null });
      get().recache();
      void get().refreshTokens();
      return null;
    },
    recache() {
      const { proposal, cacheFriendly, prices, friendlyTokens } = get();
      if (!proposal) return set({ cache: null });
      const before = proposal.tokens.before;
      const current = cacheView(proposal.sizes, proposal.actions);
      let friendly = null;
      if (cacheFriendly.on) {
        const { after } = cacheFriendly;
        const actions = cacheFriendlyActions(proposal.analysis.pairs, proposal.actions, proposal.overrides, after);
        friendly = { ...cacheView(proposal.sizes, actions), after, actions };
      }
      const costs = {
        current: costOf(proposal.tokens, prices),
        friendly: friendly && friendlyTokens ? costOf({ before, ...friendlyTokens }, prices) : null,
      };
      const breakEven = costs.current ? breakEvenChart(costs.current) : null;
      set({ cache: { current, friendly, costs, breakEven } });
    },
  };
};

/** The price table a store starts with: the stored one, else the first preset. */
export function initialPrices(storage: Deps['storage']): Pick<CacheSlice, 'prices' | 'presetId'> {
  return storedPrices(storage) ?? { prices: DEFAULT_PRESET.prices, presetId: DEFAULT_PRESET.id };
}
