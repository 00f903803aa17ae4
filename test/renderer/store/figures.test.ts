/**
 * One proposal, one set of figures: every screen that shows a figure of the current proposal —
 * the header, the Cache tab, both Compare tables, the peer comparison and the HTML report —
 * reads it from the one computation (core/inspect/figures.ts, guardCounts.ts) over the same
 * token counts, on the bundled example after a goal edit and on a real Claude Code session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { costOf, countActions, prefixTokensOf } from '../../../core/inspect/figures.js';
import { keptByReason } from '../../../core/inspect/guardCounts.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { selectKept } from '../../../renderer/store/selectors.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { storeOver } from './directBridge.js';

const makeStore = () =>
  storeOver(setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' })).store;

/** Runs, pins, edits the goal, runs again and picks a peer; waits until every count is in. */
async function everyScreen(store: AppStore, peer: 'clear_tool_uses' | 'masking') {
  await store.getState().startRun();
  store.getState().pinProposal();
  store.getState().setGoal(`${store.getState().goal} and explain the fix`);
  await store.getState().startRun();
  store.getState().setPeer(peer);
  await vi.waitFor(
    () => {
      const s = store.getState();
      expect(s.proposal?.tokens.after).not.toBeNull();
      expect(s.peerComparison?.b.tokensAfter).not.toBeNull();
      expect(s.comparison?.b.tokensAfter).not.toBeNull();
    },
    { timeout: 30_000, interval: 20 },
  );
  return store.getState();
}

function expectOneSetOfFigures(s: ReturnType<AppStore['getState']>) {
  const p = s.proposal!;
  const tokens = p.tokens;
  const actions = countActions(p.analysis.pairs.map((pair) => p.actions.get(pair.pairId) ?? 'keep'));
  const peer = s.peerComparison!;
  // Tokens after: the header, the pinned table's current row, the peer table's current row.
  expect(peer.a.tokensAfter).toBe(tokens.after);
  expect(s.comparison!.b.tokensAfter).toBe(tokens.after);
  expect(peer.tokensBefore).toBe(tokens.before);
  // The unchanged prefix and the next request: the Cache tab and the peer table's current row.
  expect(peer.a.unchangedPrefixTokens).toBe(prefixTokensOf(tokens));
  expect(s.cache!.costs.current).toEqual(costOf(tokens, s.prices));
  expect(peer.a.cost).toEqual(s.cache!.costs.current);
  // Characters after and the action counts: header, both Compare tables.
  expect(peer.a.charsAfter).toBe(p.charsAfter);
  expect(s.comparison!.b.charsAfter).toBe(p.charsAfter);
  expect(peer.a.actions).toEqual(actions);
  expect(s.comparison!.b.actions).toEqual(actions);
  expect(actions.keep + actions.drop_result + actions.drop_call).toBe(p.analysis.pairs.length);
  // The peer's own count: the actions it takes, its note naming any pair a guard keeps here.
  const cleared = peer.b.actions.drop_result + peer.b.actions.drop_call;
  const said = /: (\d+) tool uses cleared(?: \((\d+) of them kept here by a guard\))?/.exec(peer.peer.note);
  if (said) expect(Number(said[1]) - Number(said[2] ?? 0)).toBe(cleared);
  // Guard counts: the header and the report's line come from one function over the same analysis.
  expect(selectKept(s)).toEqual(keptByReason(p.analysis, p.request.options.preserve_recent_messages));
  const kept = selectKept(s)!.reduce((n, k) => n + k.count, 0);
  expect(kept).toBe((p.outcome.stats.protected ?? 0) + (p.outcome.stats.ineligible ?? 0));
}

describe('every screen shows one set of figures', () => {
  it('§9 the example after a goal edit: header, Cache and Compare agree on tokens, prefix, cost and counts', async () => {
    const store = makeStore();
    await store.getState().openExample();
    const s = await everyScreen(store, 'masking');
    expectOneSetOfFigures(s);
  });

  it('§9 a peer that leaves the history unchanged shows the header’s tokens before as its tokens after', async () => {
    const store = makeStore();
    await store.getState().openExample();
    const s = await everyScreen(store, 'clear_tool_uses');
    expect(s.peerComparison!.peer.fired).toBe(false);
    expect(s.peerComparison!.b.tokensAfter).toBe(s.proposal!.tokens.before);
    expect(s.peerComparison!.b.unchangedPrefixTokens).toBe(s.proposal!.tokens.before);
    expectOneSetOfFigures(s);
  });

  const dir = sharedPath('formats');
  it.skipIf(!dir)(
    `§9 a real Claude Code session: the same figures on every screen ${dir ? '' : sharedSkipReason('formats')}`,
    async () => {
      const file = join(dir!, 'claude-code-jsonl', 'cctrace-phase0-investigation-main.jsonl');
      const store = makeStore();
      await store.getState().openSnapshot({ fileName: 'session.jsonl', text: readFileSync(file, 'utf8') });
      for (const tool of store.getState().snapshot!.summary.tools) store.getState().toggleTool(tool.name, true);
      store.getState().setGoal('Finish the task');
      const s = await everyScreen(store, 'masking');
      expect(s.proposal!.analysis.candidates.length).toBeGreaterThan(0);
      expectOneSetOfFigures(s);
    },
  );
});
