/** View state: tab, filter, find, selection, reveal requests, the decisions table's sort and filter, raw-JSON toggles, pending confirmation. */
import type { DecisionColumn, DecisionFilter, DecisionSort } from '../../core/inspect/decisionTable.js';
import type { RowFilter } from '../../core/inspect/filter.js';
import type { FindResult } from '../../core/inspect/find.js';
import type { Slice } from './slice.js';

export type Tab = 'summary' | 'audit' | 'decisions' | 'compare' | 'cache' | 'observation' | 'requests';

/** The hit Find stands on: which of a result's hits, and where it sits. */
export interface FindCurrent {
  /** The hits it was counted among (selectors.ts `selectFindResult`); a new result stands on none. */
  result: FindResult;
  index: number;
  /** The field (display.ts `fieldKey`) and the hit's range there; components open collapsed text at it. */
  key: string;
  start: number;
  end: number;
}

export interface UiSlice {
  tab: Tab;
  filter: RowFilter;
  query: string;
  /** The query as highlighted and matched: trimmed and debounced, so rows repaint once per pause, not per key. */
  findTerm: string;
  /** The hit Find stands on, the only record of it: the count, the current <mark> and what opens follow it. */
  findCurrent: FindCurrent | null;
  /** Message index of the selected row (j/k, find, clicks). */
  selected: number | null;
  /** A message to bring into view in the audit (a decisions-table row, an evidence link), until the audit view has. */
  reveal: { index: number } | null;
  decisionSort: DecisionSort;
  decisionFilter: DecisionFilter;
  rawBlocks: Set<string>;
  /** Result blocks whose full output is shown (same keys as rawBlocks). */
  expanded: Set<string>;
  confirm: null | { title: string; body: string; action: string; onConfirm: () => void };
  notice: string | null;
  setTab(tab: Tab): void;
  setFilter(filter: RowFilter): void;
  setQuery(query: string): void;
  setFindTerm(term: string): void;
  setFindCurrent(current: FindCurrent | null): void;
  select(index: number | null): void;
  /** Opens the audit at message `index`: selected and scrolled to, the row filter cleared if it hides it. */
  revealMessage(index: number): void;
  /** The audit view brought the requested message into view. */
  revealed(): void;
  /** Sorts the decisions table by `column`: ascending, or descending when it was ascending by it already. */
  sortDecisionsBy(column: DecisionColumn): void;
  setDecisionFilter(filter: Partial<DecisionFilter>): void;
  toggleRaw(key: string): void;
  toggleExpanded(key: string): void;
  ask(confirm: UiSlice['confirm']): void;
  setNotice(notice: string | null): void;
  resetUi(): void;
}

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
