/**
 * `eval --html` with `--policies`: the page carries the peer table (every policy's reduction,
 * recall and destroyed results under both labels, prefix share, next request, and the model's
 * recall at the matched reduction, R15) with the pooled report's own figures, escapes what
 * came from a transcript, and has no peer section without peers.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { pickCuts } from '../../../core/eval/cuts.js';
import type { CutResult } from '../../../core/eval/evaluate.js';
import { evaluateCut } from '../../../core/eval/evaluate.js';
import { renderHtml } from '../../../core/eval/html.js';
import { LABELS, labelContext } from '../../../core/eval/labels.js';
import type { PooledPolicy } from '../../../core/eval/peerReport.js';
import type { PeerRun } from '../../../core/policies/peers/index.js';
import { PEER_IDS, peerRuns } from '../../../core/policies/peers/index.js';
import { questionCalibration } from '../../../core/eval/questionCalibration.js';
import { buildReport } from '../../../core/eval/report.js';
import { configReads } from './fixtures.js';

const SOURCE = 'team<b>&session.json';

async function reportOf(peers: PeerRun[] | undefined) {
  const { messages } = configReads();
  const context = labelContext(messages);
  const results: CutResult[] = [];
  for (const cut of pickCuts(messages, 2))
    results.push(
      await evaluateCut(SOURCE, context, cut, createOfflineModel(), {
        maskM: 2,
        seeds: 1,
        options: { preserve_recent_messages: 0 },
        peers,
      }),
    );
  return buildReport({
    backend: 'offline',
    model: null,
    settings: { cuts: 2, maskM: 2, seeds: 1, maxRecallLoss: 0.05, crossValidated: false },
    results,
  });
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

/** The cells a policy's row must show, in column order. */
function expectedCells(p: PooledPolicy, isModel: boolean): string[] {
  const own = LABELS.flatMap((l) => [pct(p.figures[l].recall), String(p.destroyed[l])]);
  const next = p.nextRequest === null ? '–' : `${p.nextRequest.toFixed(2)}×`;
  const m = p.matched;
  const matched = isModel
    ? ['–']
    : m === null
      ? [p.unreached ? 'the model never reduces this much' : 'no reduction to match']
      : [m.threshold.toFixed(2), pct(m.reduction), ...LABELS.map((l) => pct(m.recall[l]))];
  return [`${p.fired}/${p.cuts}`, pct(p.figures[LABELS[0]].reduction), ...own, pct(p.prefixShare), next, ...matched];
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The peer table's rows: the row header and its cells' text. */
function peerRows(html: string): Map<string, string[]> {
  const table = /<table aria-label="Peer policies beside the model">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(table)?.[1] ?? '';
  const rows = new Map<string, string[]>();
  for (const [, name, cells] of body.matchAll(/<tr><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g))
    rows.set(
      unescape(name),
      [...cells.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => unescape(c[1])),
    );
  return rows;
}

describe('eval --html peer table', () => {
  it('§9 R15 every policy’s row shows the pooled report’s figures under both labels and ours at the matched reduction', async () => {
    const report = await reportOf(peerRuns(PEER_IDS, { masking: { m: 2 } }));
    const peers = report.peerPolicies!;
    const html = renderHtml(report);
    const rows = peerRows(html);
    expect([...rows.keys()]).toEqual(peers.policies.map((p) => p.name));
    peers.policies.forEach((p, i) => expect(rows.get(p.name)).toEqual(expectedCells(p, i === 0)));
    // Something to match: at least one peer reduces and carries the model's matched threshold.
    expect(peers.policies.some((p) => p.matched !== null)).toBe(true);
    expect(html).toContain(`at ${peers.prices} cache prices`);
  });

  it('§9 triggers that never fired name their transcript, escaped; without --policies there is no peer section', async () => {
    const report = await reportOf(peerRuns(['clear_tool_uses']));
    expect(report.peerPolicies!.neverFired).toEqual([{ source: SOURCE, peers: ['clear_tool_uses'] }]);
    const html = renderHtml(report);
    expect(html).toContain('<h3>Triggers that never fired</h3>');
    expect(html).toContain('team&lt;b&gt;&amp;session.json: clear_tool_uses');
    expect(html).not.toContain('team<b>');
    const without = renderHtml(await reportOf(undefined));
    expect(without).not.toContain('Peer policies');
    expect(peerRows(without).size).toBe(0);
  });
});

describe('eval --html reliability', () => {
  it('R12 draws a reliability diagram and a table per question, each with its log loss, Brier score and median', async () => {
    const report = await reportOf(undefined);
    const html = renderHtml(report);
    const [result, call] = questionCalibration(report.cuts);
    expect(html).toContain('aria-label="Reliability diagram: predicted keep_result against observed later use"');
    expect(html).toContain('aria-label="Reliability diagram: predicted keep_call against observed still needed"');
    expect(html).toContain('<table aria-label="keep_call reliability">');
    for (const q of [result, call]) {
      expect(q.candidates).toBeGreaterThan(0);
      expect(html).toContain(`log loss ${q.logLoss!.toFixed(3)}, Brier ${q.brier!.toFixed(3)}`);
    }
  });
});
