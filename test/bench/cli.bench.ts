/**
 * Whole-process cost of `compact_context`: wall time and peak memory (max RSS) of the
 * built CLI next to the floor — a node process that reads the same file, JSON.parses and
 * JSON.stringifies it. Inputs: a generated ~20 MB history with 1,000 eligible calls
 * (scripted backend, most results dropped) in both layouts, and every corpus transcript
 * (offline backend). Targets: the 20 MB histories ≤ 1.5× floor time, the corpus ≤ 2×, peak
 * ≤ 4× the file size. Start-up, first: a tiny history (offline backend) against a bare node
 * process that reads and parses the same file, ≤ 2×, in more runs (a run is ~0.1 s).
 * Run: `npm run bench` or `npx tsx test/bench/cli.bench.ts`.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CLI, cleanEnv, ROOT } from '../app/cli/support.js';
import { buildDist } from '../support/build.js';
import { corpusFiles, sharedPath, sharedSkipReason } from '../support/shared.js';
import { GENERATED_TOOLS, generateHistory } from '../support/generate.js';
import { benchWorkspace, range } from './processRuns.js';

// Median of 5 after one unmeasured warm-up (page cache, lazy compile of node itself): the
// machine is shared, and single runs swing by a third.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FLOOR =
  "const f=require('fs');process.stdout.write(JSON.stringify(JSON.parse(f.readFileSync(process.argv[1],'utf8'))))";
/** Start-up's floor: node itself, reading and parsing the file. */
const BARE = "const f=require('fs');JSON.parse(f.readFileSync(process.argv[1],'utf8'))";
const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 20);
const GOAL = 'goal=Continue the task and finish the payment retry fix';

const bench = benchWorkspace('ci-bench-');
const work = bench.dir;
const bestPair = (
  floorArgs: string[],
  cliArgs: string[],
  env: Record<string, string>,
  cwd: string,
  label: string,
  runs = RUNS,
) => bench.bestPair(floorArgs, cliArgs, env, cwd, label, runs);

interface Case {
  name: string;
  file: string;
  args: string[];
  env: Record<string, string>;
  /** The most CLI time per floor time. */
  target: number;
}

function toolNames(path: string): string[] {
  const names = new Set<string>();
  const text = readFileSync(path, 'utf8');
  for (const match of text.matchAll(/"type"\s*:\s*"tool_call"[^{}]*?"name"\s*:\s*"([^"]+)"/g)) names.add(match[1]);
  return [...names].sort();
}

function generatedCases(): Case[] {
  const script = join(work, 'script.json');
  // Most results dropped; every tenth call keeps its result so both paths of rebuild run.
  const answers: Record<string, { call: number; result: number }> = {};
  for (let i = 0; i < 1000; i += 10) answers[`call_${String(i).padStart(5, '0')}`] = { call: 0.9, result: 0.9 };
  writeFileSync(script, JSON.stringify({ answers, default: { call: 0.9, result: 0.1 } }));
  const env = cleanEnv({ DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: script });
  return (['same_message', 'next_message'] as const).map((layout) => {
    const file = join(work, `generated-20mb-${layout}.json`);
    writeFileSync(file, JSON.stringify(generateHistory({ calls: 1000, targetBytes: 20_000_000, layout })));
    // 1,000 calls need a larger observation budget than the default 25,000 tokens.
    const options = '{"max_state_tokens":100000,"max_request_tokens":120000}';
    return {
      name: basename(file),
      file,
      env,
      args: [`eligible_tool_names=${JSON.stringify(GENERATED_TOOLS)}`, `options=${options}`],
      target: 1.5,
    };
  });
}

function corpusCases(): Case[] {
  const corpus = sharedPath('corpus');
  if (corpus === null) {
    process.stderr.write(`corpus rows ${sharedSkipReason('corpus')}\n`);
    return [];
  }
  return corpusFiles(corpus).map((f) => {
    const file = join(corpus, f);
    return {
      name: f,
      file,
      env: cleanEnv(),
      args: [`eligible_tool_names=${JSON.stringify(toolNames(file))}`, 'options={"preserve_recent_messages":2}'],
      target: 2,
    };
  });
}

/** A dozen messages with six eligible calls: what an agent hook sends on a short task. */
function startup(): { row: string; miss: string | null } {
  const file = join(work, 'tiny.json');
  writeFileSync(file, JSON.stringify(generateHistory({ calls: 6, targetBytes: 6_000, layout: 'same_message' })));
  const args = [
    CLI,
    'compact_context',
    GOAL,
    `messages=@${file}`,
    `eligible_tool_names=${JSON.stringify(GENERATED_TOOLS)}`,
  ];
  const { floor, cli } = bestPair(['-e', BARE, file], args, cleanEnv(), work, 'start-up', STARTUP_RUNS);
  const ratio = cli.ms / floor.ms;
  const row = `| ${(statSync(file).size / 1024).toFixed(1)} KB | ${floor.ms.toFixed(0)} (${range(floor)}) | ${cli.ms.toFixed(0)} (${range(cli)}) | ${ratio.toFixed(2)} |`;
  process.stderr.write(`start-up ${row}\n`);
  return { row, miss: ratio > 2 ? `start-up: ${ratio.toFixed(2)}× bare node` : null };
}

buildDist();
const rows: string[] = [];
const misses: string[] = [];
const start = startup();
if (start.miss !== null) misses.push(start.miss);
for (const c of [...generatedCases(), ...corpusCases()]) {
  const size = statSync(c.file).size;
  const { floor, cli } = bestPair(
    ['-e', FLOOR, c.file],
    [CLI, 'compact_context', GOAL, `messages=@${c.file}`, ...c.args],
    c.env,
    work,
    c.name,
  );
  const sizeMB = size / 1024 / 1024;
  const ratio = cli.ms / floor.ms;
  const perSize = cli.peakMB / sizeMB;
  if (ratio > c.target) misses.push(`${c.name}: time ${ratio.toFixed(2)}× floor (target ${c.target}×)`);
  // The floor's own peak shows what any whole-file JSON.parse costs in V8 at this size.
  if (perSize > 4)
    misses.push(`${c.name}: peak ${perSize.toFixed(1)}× file size (floor ${(floor.peakMB / sizeMB).toFixed(1)}×)`);
  rows.push(
    `| ${c.name} | ${sizeMB.toFixed(2)} MB | ${floor.ms.toFixed(0)} (${range(floor)}) | ${cli.ms.toFixed(0)} (${range(cli)}) | ${ratio.toFixed(2)} (≤ ${c.target}) | ${floor.peakMB.toFixed(0)} | ${cli.peakMB.toFixed(0)} | ${perSize.toFixed(1)} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}

const table = [
  `CLI \`compact_context\` start-up on a tiny history (offline backend) vs a bare node process that reads and JSON.parses the same file, median of ${STARTUP_RUNS} alternating runs after a warm-up (fastest–slowest in brackets), node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Target: ≤ 2×.`,
  '',
  '| history | bare node ms | CLI ms | ratio |',
  '|---|---|---|---|',
  start.row,
  '',
  `CLI \`compact_context\` vs floor (read + JSON.parse + JSON.stringify), median of ${RUNS} alternating runs after a warm-up (fastest–slowest in brackets).`,
  'Targets: the generated 20 MB histories ≤ 1.5× floor time, the corpus ≤ 2× (small files are dominated by start-up); CLI peak ≤ 4× file size.',
  '',
  '| file | size | floor ms | CLI ms | ratio | floor peak MB | CLI peak MB | peak/file-size |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  misses.length === 0 ? 'All targets met.' : `Targets missed: ${misses.join('; ')}.`,
  '',
].join('\n');
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results/cli.md'), table);
process.stdout.write(table);
bench.remove();
