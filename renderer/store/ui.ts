/** View state: tab, filter, find, selection, reveal requests, the decisions table's sort and filter, raw-JSON toggles, pending confirmation. */
import type { DecisionFilter, DecisionSort } from '../../core/inspect/decisionTable.js';
import type { Slice, UiSlice } from './state.js';

const NO_SORT: DecisionSort = { column: null, dir: 'ascending' };
const NO_FILTER: DecisionFilter = { text: '', action: 'all' };

/** The slice's state without its actions. */
type StateOf<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };
type View = Omit<StateOf<UiSlice>, 'notice'>;

/** The view of a newly opened history; new sets each time (zustand compares by reference). */
function freshView(): View {
  return {
    tab: 'summary',
    filter: 'all',
    query: '',
    findTerm: '',
    findCurrent: null,
    selected: null,
    reveal: null,
    decisionSort: NO_SORT,
    decisionFilter: NO_FILTER,
    rawBlocks: new Set(),
    expanded: new Set(),
    confirm: null,
  };
}

/** A new set (zustand compares by reference) with `key` flipped. */
function toggled(keys: Set<string>, key: string): Set<string> {
  const next = new Set(keys);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export const createUiSlice: Slice<UiSlice> = (set, get) => ({
  ...freshView(),
  notice: null,
  setTab: (tab) => set({ tab }),
  setFilter: (filter) => set({ filter }),
  setQuery: (query) => set({ query }),
  setFindTerm: (findTerm) => set({ findTerm, findCurrent: null }),
  setFindCurrent: (findCurrent) => set({ findCurrent }),
  select: (selected) => set({ selected }),
  revealMessage: (index) => set({ tab: 'audit', selected: index, reveal: { index } }),
  revealed: () => set({ reveal: null }),
  sortDecisionsBy(column) {
    const { decisionSort: sort } = get();
    const dir = sort.column === column && sort.dir === 'ascending' ? 'descending' : 'ascending';
    set({ decisionSort: { column, dir } });
  },
  setDecisionFilter: (filter) => set({ decisionFilter: { ...get().decisionFilter, ...filter } }),
  toggleRaw: (key) => set({ rawBlocks: toggled(get().rawBlocks, key) }),
  toggleExpanded: (key) => set({ expanded: toggled(get().expanded, key) }),
  ask: (confirm) => set({ confirm }),
  setNotice: (notice) => set({ notice }),
  // A notice outlives the view it was raised in (it may say why the view was reset).
  resetUi: () => set(freshView()),
});
