/** View state: tab, filter, find, selection, raw-JSON toggles, pending confirmation. */
import type { Slice } from './types.js';

export type Tab = 'summary' | 'audit' | 'observation' | 'requests';
export type Filter = 'all' | 'changed' | 'kept' | 'protected' | 'ineligible' | `tool:${string}`;

export interface UiSlice {
  tab: Tab;
  filter: Filter;
  query: string;
  /** Message index of the selected row (j/k, find, clicks). */
  selected: number | null;
  rawBlocks: Set<string>;
  confirm: null | { title: string; body: string; action: string; onConfirm: () => void };
  notice: string | null;
  setTab(tab: Tab): void;
  setFilter(filter: Filter): void;
  setQuery(query: string): void;
  select(index: number | null): void;
  toggleRaw(key: string): void;
  ask(confirm: UiSlice['confirm']): void;
  setNotice(notice: string | null): void;
  resetUi(): void;
}

export const createUiSlice: Slice<UiSlice> = (set, get) => ({
  tab: 'summary',
  filter: 'all',
  query: '',
  selected: null,
  rawBlocks: new Set(),
  confirm: null,
  notice: null,
  setTab: (tab) => set({ tab }),
  setFilter: (filter) => set({ filter }),
  setQuery: (query) => set({ query }),
  select: (selected) => set({ selected }),
  toggleRaw(key) {
    const rawBlocks = new Set(get().rawBlocks);
    if (rawBlocks.has(key)) rawBlocks.delete(key);
    else rawBlocks.add(key);
    set({ rawBlocks });
  },
  ask: (confirm) => set({ confirm }),
  setNotice: (notice) => set({ notice }),
  resetUi: () => set({ tab: 'summary', filter: 'all', query: '', selected: null, rawBlocks: new Set(), confirm: null }),
});
