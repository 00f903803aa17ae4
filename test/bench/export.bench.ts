/**
 * Byte-preserving export (SPEC §9) of large documents: a generated ~20 MB history (1,000 calls,
 * our own message array, read as the agentscope format) with every unguarded result but each
 * tenth dropped, exported in the source's format — the edits spliced into the original text
 * (core/formats/splice.ts) — against JSON.stringify of the same edited messages, the writer a
 * parse-and-stringify export would be. Median of 7 alternating runs after a warm-up, both
 * layouts. Writes bench-results/export.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../core/engine/guards.js';
import type { Action } from '../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../core/engine/schema.js';
import { exportSource, openSource, proposalFor } from '../../core/formats/index.js';
import { GENERATED_TOOLS, generateHistory } from '../support/generate.js';

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const rows: string[] = [];
for (const layout of ['same_message', 'next_message'] as const) {
  const text = JSON.stringify(generateHistory({ calls: 1000, targetBytes: 20_000_000, layout }));
  const source = openSource(text, {});
  const messages = source.read.messages;
  const analysis = analyze(messages, {
    eligibleToolNames: [...GENERATED_TOOLS],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map<string, Action>(
    analysis.pairs.map((p, i) => [p.pairId, p.guard === null && i % 10 !== 0 ? 'drop_result' : 'keep']),
  );
  const proposal = proposalFor(
    messages,
    analysis.pairs,
    actions,
    { options: DEFAULT_OPTIONS, archive_ref: 'a' },
    source,
  );
  exportSource(source, proposal);
  const spliced: number[] = [];
  const stringified: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    spliced.push(timed(() => exportSource(source, proposal)));
    stringified.push(timed(() => JSON.stringify(proposal.messages)));
  }
  const [splice, stringify] = [median(spliced), median(stringified)];
  rows.push(
    `| generated, results in the ${layout === 'same_message' ? 'same' : 'next'} message | ${(text.length / 1e6).toFixed(1)} MB | ${proposal.edits.length} | ${splice.toFixed(0)} | ${stringify.toFixed(0)} | ${(splice / stringify).toFixed(1)} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}

const table = [
  `Export in the source's format (splice) vs JSON.stringify of the edited messages, median of ${RUNS} alternating runs, node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| history | size | edits | export ms | JSON.stringify ms | ratio |',
  '|---|---|---:|---:|---:|---:|',
  ...rows,
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'export.md'), `${table}\n`);
