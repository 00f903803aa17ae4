/** View state: tab, filter, find, selection, raw-JSON toggles, pending confirmation. */
import type { Slice, UiSlice } from './state.js';

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
  findCurrent: null,
  selected: null,
  rawBlocks: new Set(),
  expanded: new Set(),
  confirm: null,
  notice: null,
  setTab: (tab) => set({ tab }),
  setFilter: (filter) => set({ filter }),
  setQuery: (query) => set({ query }),
  setFindTerm: (findTerm) => set({ findTerm, findCurrent: null }),
  setFindCurrent: (findCurrent) => set({ findCurrent }),
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
      findCurrent: null,
      selected: null,
      rawBlocks: new Set(),
      expanded: new Set(),
      confirm: null,
    }),
});
