/**
 * Real size: the command line on Claude Code sessions of 20 MB and 100 MB, built from the shared
 * real session repeated with fresh ids (test/support/bigSession.ts), every tool eligible, offline
 * backend, and a Codex rollout of 50 MB built the same way from the shared Codex fixture. The floor
 * is what any reader pays: node reads the JSONL, `JSON.parse`s each line and `JSON.stringify`s it
 * back. Targets: ≤ 1.5× the floor in time, peak ≤ 4× the file.
 * Run: `npm run bench realsize` (sizes: BENCH_REAL_SIZES_MB, default "20,100"; the Codex rollout's:
 * BENCH_REAL_CODEX_MB, default "50", empty for none).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, ROOT } from '../app/cli/support.js';
import { buildDist } from '../support/build.js';
import { repeatClaudeCodeSession, repeatCodexRollout } from '../support/bigSession.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { benchWorkspace, range } from './processRuns.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES_MB = (process.env.BENCH_REAL_SIZES_MB ?? '20,100').split(',').map(Number);
const CODEX_SIZES_MB = (process.env.BENCH_REAL_CODEX_MB ?? '50').split(',').filter(Boolean).map(Number);
const SESSION = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';
// The larger of the two shared rollouts: user turns, reasoning, shell calls and their outputs.
const ROLLOUT = 'codex-rollout-jsonl/agent-history-codex-with-escalation.jsonl';
const FLOOR =
  "const f=require('fs');process.stdout.write(f.readFileSync(process.argv[1],'utf8').split('\\n').filter(l=>l.trim()).map(l=>JSON.stringify(JSON.parse(l))).join('\\n'))";
const GOAL = 'goal=Continue the investigation and write the phase 0 report';
// A day-long session's observation is far past the default 25,000 tokens (R7): the budget a
// user would set to compact it in one pass.
const BUDGET = 'options={"max_state_tokens":2000000,"max_request_tokens":2100000}';

const formats = sharedPath('formats');
if (formats === null) {
  process.stdout.write(`real size ${sharedSkipReason('formats')}\n`);
  process.exit(0);
}
buildDist();
const bench = benchWorkspace('ci-realsize-');
const source = readFileSync(join(formats, SESSION), 'utf8');
const tools = [...new Set([...source.matchAll(/"type":"tool_use","id":"[^"]+","name":"([^"]+)"/g)].map((m) => m[1]))];

const rows: string[] = [];
const misses: string[] = [];
const cases = [
  ...SIZES_MB.map((mb) => ({ mb, label: 'Claude Code session', file: `claude-code-${mb}mb.jsonl`, tools })),
  ...CODEX_SIZES_MB.map((mb) => ({ mb, label: 'Codex rollout', file: `codex-${mb}mb.jsonl`, tools: ['shell'] })),
];
const rollout = readFileSync(join(formats, ROLLOUT), 'utf8');
for (const { mb, label, file: name, tools: eligible } of cases) {
  const file = join(bench.dir, name);
  const bytes =
    label === 'Codex rollout'
      ? repeatCodexRollout(rollout, mb * 1_000_000)
      : repeatClaudeCodeSession(source, mb * 1_000_000);
  writeFileSync(file, bytes);
  const sizeMB = statSync(file).size / 1024 / 1024;
  const { floor, cli } = bench.bestPair(
    ['-e', FLOOR, file],
    [CLI, 'compact_context', GOAL, `messages=@${file}`, `eligible_tool_names=${JSON.stringify(eligible)}`, BUDGET],
    cleanEnv(),
    bench.dir,
    `${label} ${mb} MB`,
    RUNS,
  );
  const ratio = cli.ms / floor.ms;
  const perSize = cli.peakMB / sizeMB;
  if (ratio > 1.5) misses.push(`${label} ${mb} MB: time ${ratio.toFixed(2)}× floor`);
  if (perSize > 4) misses.push(`${label} ${mb} MB: peak ${perSize.toFixed(1)}× the file`);
  rows.push(
    `| ${label}, ${mb} MB | ${sizeMB.toFixed(1)} MB | ${floor.ms.toFixed(0)} (${range(floor)}) | ${cli.ms.toFixed(0)} (${range(cli)}) | ${ratio.toFixed(2)} | ${floor.peakMB.toFixed(0)} | ${cli.peakMB.toFixed(0)} | ${perSize.toFixed(1)} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}

const table = [
  `CLI \`compact_context\` (offline, every tool eligible: ${tools.join(', ')}) on the shared Claude Code session repeated with fresh ids (the Codex rollout: \`shell\` eligible, the shared rollout repeated with fresh call ids), vs the floor (read the JSONL, JSON.parse and JSON.stringify each line), median of ${RUNS} alternating runs after a warm-up (fastest–slowest in brackets), node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Targets: ≤ 1.5× the floor, peak ≤ 4× the file.`,
  '',
  '| history | size | floor ms | CLI ms | ratio | floor peak MB | CLI peak MB | peak/file-size |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  misses.length === 0 ? 'All targets met.' : `Targets missed: ${misses.join('; ')}.`,
  '',
].join('\n');
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results/realsize.md'), table);
process.stdout.write(table);
bench.remove();
