import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import type { Tab } from '../store/ui.js';
import { useApp } from '../store/index.js';

const TABS: Array<[Tab, string]> = [
  ['summary', 'Summary'],
  ['audit', 'Audit'],
  ['decisions', 'Decisions'],
  ['compare', 'Compare'],
  ['cache', 'Cache'],
  ['observation', 'Observation'],
  ['requests', 'Requests'],
];

/** The one tab panel's id, which every tab controls (App.tsx renders it). */
export const TAB_PANEL_ID = 'view-panel';
export const tabId = (tab: Tab) => `tab-${tab}`;

/**
 * The view tabs, as the WAI-ARIA tabs pattern has them: only the selected tab is in the Tab
 * order, arrow keys move between tabs (and select, since a view opens at once), Home and End
 * jump to the ends.
 */
export function Tabs() {
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());
  const go = (to: Tab) => {
    setTab(to);
    buttons.current.get(to)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.findIndex(([id]) => id === tab);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    go(TABS[to][0]);
  };
  return (
    <div className="tabs" role="tablist" aria-label="Views" onKeyDown={onKeyDown}>
      {TABS.map(([id, label]) => (
        <button
          key={id}
          ref={(el) => {
            if (el) buttons.current.set(id, el);
            else buttons.current.delete(id);
          }}
          id={tabId(id)}
          role="tab"
          aria-selected={tab === id}
          aria-controls={TAB_PANEL_ID}
          tabIndex={tab === id ? 0 : -1}
          className={tab === id ? 'tab active' : 'tab'}
          onClick={() => setTab(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
