/** View state: tab, filter, find, selection, raw-JSON toggles, pending confirmation. */
import type { Slice } from './types.js';

export type Tab = 'summary' | 'audit' | 'observation' | 'requests';
export type Filter = 'all' | 'changed' | 'kept' | 'protected' | 'ineligible' | `tool:${string}`;

export interface UiSlice {
  tab: Tab;
  filter: Filter;
  query: string;
  /** The query as highlighted and matched: trimmed and debounced, so rows repaint once per pause, not per key. */
  findTerm: string;
  /** Message index of the selected row (j/k, find, clicks). */
  selected: number | null;
  rawBlocks: Set<string>;
  /** Result blocks whose full output is shown (same keys as rawBlocks). */
  expanded: Set<string>;
  confirm: null | { title: string; body: string; action: string; onConfirm: () => void };
  notice: string | null;
  setTab(tab: Tab): void;
  setFilter(filter: Filter): void;
  setQuery(query: string): void;
  setFindTerm(term: string): void;
  select(index: number | null): void;
  toggleRaw(key: string): void;
  toggleExpanded(key: string): void;
  ask(confirm: UiSlice['confirm']): void;
  setNotice(notice: string | null): void;
  resetUi(): void;
}

/** A new set (zustand compares by reference) with `key` flipped. */
function toggled(keys: Set<string>, key: string): Set<string> {
  const next = new Set(keys);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export const createUiSlice: Slice<UiSlice> = (set, get) => ({
  tab: 'summary',
  filter: 'all',
  query: '',
  findTerm: '',
  selected: null,
  rawBlocks: new Set(),
  expanded: new Set(),
  confirm: null,
  notice: null,
  setTab: (tab) => set({ tab }),
  setFilter: (filter) => set({ filter }),
  setQuery: (query) => set({ query }),
  setFindTerm: (findTerm) => set({ findTerm }),
  select: (selected) => set({ selected }),
  toggleRaw: (key) => set({ rawBlocks: toggled(get().rawBlocks, key) }),
  toggleExpanded: (key) => set({ expanded: toggled(get().expanded, key) }),
  ask: (confirm) => set({ confirm }),
  setNotice: (notice) => set({ notice }),
  resetUi: () =>
    set({
      tab: 'summary',
      filter: 'all',
      query: '',
      findTerm: '',
      selected: null,
      rawBlocks: new Set(),
      expanded: new Set(),
      confirm: null,
    }),
});
