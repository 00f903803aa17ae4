/** Entry: pick the host's bridge, create the store with it, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createElectronBridge } from './bridge/electron.js';
import { createHttpBridge } from './bridge/http.js';
import type { Bridge } from './bridge/types.js';
import { App } from './components/App.js';
import { createAppStore, StoreContext } from './store/index.js';
import { openLimitOf, pageMemory } from './store/openLimit.js';
import type { SnapshotParser } from './worker/client.js';
import { createWorkerParser } from './worker/client.js';
import { installZstd } from './zstd.js';
import './styles/index.css';

function pickBridge(parser: SnapshotParser): Bridge {
  if (window.inspector) return createElectronBridge(window.inspector);
  const token = new URLSearchParams(location.search).get('token') ?? sessionStorage.getItem('inspector-token') ?? '';
  // Keep the token for reloads but take it out of the address bar (and of screenshots).
  sessionStorage.setItem('inspector-token', token);
  history.replaceState(null, '', location.pathname);
  return createHttpBridge(token, '', parser.json);
}

/** The page's local storage for settings such as the price table; none where the page may not have it. */
function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// Read before pickBridge takes the parameters out of the address.
const openLimit = openLimitOf(pageMemory(), location.search);
// A threshold step waits up to 12 ms (under one frame) to show both header figures at once.
const parser = createWorkerParser();
const store = createAppStore({
  bridge: pickBridge(parser),
  parser,
  storage: localStore(),
  holdStepMs: 12,
  openLimit,
});
// Exports of zstd `.eval` logs need it; loaded beside the app, not before it.
void installZstd();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  </StrictMode>,
);
