/**
 * SPEC §9 "Restore server": a regular-expression search cannot stall the server. `^(a+)+$`
 * over a 35-character result backtracks for minutes in JavaScript's engine; the search runs in
 * a worker thread stopped at its time budget, with a one-sentence tool error, while the server
 * answers other requests; a pattern longer than the limit is refused before it runs. Through
 * the SDK's own client over stdio against the built command line.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGEX_BUDGET_MS, REGEX_MAX_CHARS } from '../../../core/restore/tools.js';
import { ensureBuilt } from '../cli/support.js';
import type { Exported } from './fixture.js';
import { connectRestoreServer, exportHistory, GREP, HISTORY, pairMessage } from './fixture.js';

const EVIL_TEXT = `${'a'.repeat(34)}!`;
let exported: Exported;
let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as CallToolResult;
}

beforeAll(async () => {
  ensureBuilt();
  const history = [
    ...HISTORY.slice(0, 3),
    pairMessage('m2b', 'c3', 'bash', { command: 'cat a.txt' }, EVIL_TEXT),
    HISTORY[3],
  ];
  exported = await exportHistory([], history);
  client = await connectRestoreServer(exported.dir, 'regex-budget-test');
}, 60_000);

afterAll(async () => {
  await client?.close();
  exported?.cleanup();
});

describe('§9 search_archive: a regular expression has a time budget and a length limit', () => {
  it('§9 a catastrophic regex is stopped at its budget with one sentence, and ping and restore_result answer meanwhile', async () => {
    const archive = exported.archive;
    // Warm the archive cache, so what is timed below is the search and the answers beside it.
    expect((await call('restore_result', { archive, call_id: 'c2' })).isError).toBeFalsy();
    const started = performance.now();
    let searchDone = Infinity;
    const evil = call('search_archive', { archive, query: '^(a+)+$', regex: true, call_id: 'c3' }).then((r) => {
      searchDone = performance.now();
      return r;
    });
    await client.ping();
    const pinged = performance.now();
    const restored = await call('restore_result', { archive, call_id: 'c2' });
    const restoredAt = performance.now();
    expect(restored.structuredContent).toMatchObject({ text: GREP, next_offset: null });
    // Both answered while the search was still running.
    expect(searchDone).toBe(Infinity);
    const result = await evil;
    expect(result.isError).toBe(true);
    const sentence = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(sentence).toMatch(/^search_archive: the regular expression ran longer than \d+ s and was stopped; .*\.$/);
    expect(sentence).not.toContain('\n');
    expect(searchDone - started).toBeGreaterThanOrEqual(REGEX_BUDGET_MS - 50);
    console.log(
      `§9 regex budget: ping ${Math.round(pinged - started)} ms, restore_result ${Math.round(restoredAt - pinged)} ms, search stopped after ${Math.round(searchDone - started)} ms`,
    );
    // The server goes on searching.
    const after = await call('search_archive', { archive, query: 'TODO\\(\\w+\\)', regex: true });
    expect(after.structuredContent).toMatchObject({ matches: [{ call_id: 'c2', line: 4 }], truncated: false });
  });

  it(`§9 a regular expression longer than ${REGEX_MAX_CHARS} characters is refused; a literal query that long is not`, async () => {
    const long = `(${'a'.repeat(REGEX_MAX_CHARS - 1)})`;
    const refused = await call('search_archive', { archive: exported.archive, query: long, regex: true });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([
      { type: 'text', text: `search_archive: a regular expression must be at most ${REGEX_MAX_CHARS} characters.` },
    ]);
    const literal = await call('search_archive', { archive: exported.archive, query: long });
    expect(literal.structuredContent).toEqual({ matches: [], truncated: false });
  });
});
