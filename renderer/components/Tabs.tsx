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

export function Tabs() {
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  return (
    <div className="tabs" role="tablist" aria-label="Views">
      {TABS.map(([id, label]) => (
        <button
          key={id}
          role="tab"
          aria-selected={tab === id}
          className={tab === id ? 'tab active' : 'tab'}
          onClick={() => setTab(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
