/**
 * `compaction-inspector eval` through the built command line: exit codes, the `--json`
 * document, the self-contained `--html` report, folders with files that are not histories.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLI, cleanEnv, runCli, tempDir } from './support.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { debuggingSession } from '../../core/eval/fixtures.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const figures = z.object({
  reduction: z.number(),
  recall: z.number().nullable(),
  precision: z.number().nullable(),
  kept: z.number(),
  used: z.number(),
  candidates: z.number(),
  charsBefore: z.number(),
  charsAfter: z.number(),
});
const pooledSchema = z.object({
  cuts: z.number(),
  failed: z.number(),
  policies: z.object({ model: figures, masking: figures, random: figures, keepAll: figures }),
  sweep: z.array(figures.extend({ threshold: z.number() })).length(19),
  maskCurve: z.array(figures.extend({ m: z.number() })),
  randomCurve: z.array(figures.extend({ share: z.number() })),
});
const byLabel = <T extends z.ZodType>(schema: T) => z.object({ 'later-use': schema, strict: schema });
const tallies = byLabel(figures.omit({ reduction: true, recall: true, precision: true }));
const ReportSchema = z.object({
  schema: z.literal('compaction-inspector/eval@2'),
  backend: z.string(),
  settings: z.object({
    cuts: z.number(),
    maskM: z.number(),
    seeds: z.number(),
    maxRecallLoss: z.number(),
    threshold: z.number().nullable(),
    crossValidated: z.boolean(),
  }),
  labels: z.tuple([z.literal('later-use'), z.literal('strict')]),
  cuts: z.array(
    z.object({
      source: z.string(),
      cut: z.number(),
      error: z.null(),
      policies: z.object({ model: tallies, masking: tallies, random: tallies, keepAll: tallies }),
      sweep: z.array(z.object({ threshold: z.number(), tally: tallies })).length(19),
    }),
  ),
  pooled: byLabel(pooledSchema),
  transcripts: z.array(z.object({ source: z.string(), pooled: byLabel(pooledSchema) })),
  advice: byLabel(
    z.object({
      maxRecallLoss: z.number(),
      baselineRecall: z.number().nullable(),
      threshold: z.number().nullable(),
    }),
  ),
  notes: z.array(z.string()),
});

function historyFolder(): string {
  tmp = tempDir();
  tmp.write('session.json', JSON.stringify(debuggingSession().messages, null, 1));
  tmp.write(
    'session.jsonl',
    debuggingSession()
      .messages.map((m) => JSON.stringify(m))
      .join('\n'),
  );
  tmp.write('notes.json', '{"not": "a history"}');
  return tmp.dir;
}

describe('eval command', () => {
  it('prints the pooled table, the sweep and the advice for a folder, skipping files that are not histories (exit 0)', async () => {
    const dir = historyFolder();
    const result = await runCli(['eval', dir, '--cuts', '2'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/POOLED over 4 cuts/);
    expect(result.stdout).toMatch(/masking M=10/);
    expect(result.stdout).toMatch(/SWEEP/);
    expect(result.stdout).toMatch(/ADVICE \(later-use\): /);
    expect(result.stdout).toMatch(/ADVICE \(strict\): /);
    expect(result.stdout).toMatch(/BY TRANSCRIPT/);
    expect(result.stdout).toMatch(/later-use label +strict label/);
    expect(result.stderr).toMatch(/skipping .*notes\.json/);
    expect(result.stderr).toMatch(/\[4\/4\]/);
  });

  it('--json prints one document that matches the report schema', async () => {
    const dir = historyFolder();
    const result = await runCli(
      ['eval', join(dir, 'session.json'), '--json', '--cuts', '1', '--seeds', '2', '--mask-m', '3'],
      { cwd: dir },
    );
    expect(result.code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(result.stdout));
    expect(report.settings).toMatchObject({
      cuts: 1,
      maskM: 3,
      seeds: 2,
      maxRecallLoss: 0.05,
      threshold: 0.5,
      crossValidated: false,
    });
    expect(report.transcripts.map((t) => t.source)).toEqual([join(dir, 'session.json')]);
    expect(report.backend).toBe('offline');
  });

  it('--html writes a self-contained report with an inline SVG curve', async () => {
    const dir = historyFolder();
    const out = join(dir, 'report.html');
    const result = await runCli(['eval', dir, '--cuts', '1', '--html', out], { cwd: dir });
    expect(result.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/<svg[^>]+viewBox/);
    expect(html).not.toMatch(/<script|\bsrc=|<link/);
    expect(html).not.toMatch(/href="http/);
  });

  it('exits 2 with one line and nothing on stdout for bad usage or a named file that is not a history', async () => {
    const dir = historyFolder();
    for (const args of [
      ['eval'],
      ['eval', dir, '--cuts', '0'],
      ['eval', dir, '--max-recall-loss', '2'],
      ['eval', join(dir, 'missing.json')],
      ['eval', join(dir, 'notes.json')],
      ['eval', dir, '--options', '{"keep_threshold":3}'],
      ['eval', dir, '--nope'],
    ]) {
      const result = await runCli(args, { cwd: dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });

  it('exits 1 and reports the failure when a compaction fails on a cut', async () => {
    const dir = historyFolder();
    const result = await runCli(
      ['eval', join(dir, 'session.json'), '--cuts', '1', '--options', '{"max_state_tokens":1}'],
      { cwd: dir },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/failed: observation_too_large/);
  });

  it('stops cleanly on Ctrl-C: exit 130, a note on stderr, nothing on stdout', async () => {
    tmp = tempDir();
    // Enough cuts that the run is still going when the first progress line arrives.
    const long = Array.from({ length: 12 }, () => debuggingSession().messages)
      .flat()
      .map((m, i) => ({ ...m, id: `m${i}` }));
    for (let i = 0; i < 10; i++) tmp.write(`s${i}.json`, JSON.stringify(long));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, [CLI, 'eval', tmp.dir, '--cuts', '20'], { cwd: tmp.dir, env: cleanEnv() });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => {
        if (stderr === '' && d.toString().includes('[1/')) child.kill('SIGINT');
        stderr += d.toString();
      });
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/interrupted after \d+ of 200 cuts/);
  });

  it('--cv refuses transcripts that are one conversation (the same session in two containers) and backends it cannot fit', async () => {
    const dir = historyFolder();
    const same = await runCli(['eval', dir, '--cv'], { cwd: dir });
    expect(same.code).toBe(2);
    expect(same.stdout).toBe('');
    expect(same.stderr).toMatch(
      /--cv needs conversations from at least two repositories \(or, where none is known, two different conversations\) with a cut point; found 1/,
    );
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ answers: {}, default: { call: 0.5, result: 0.5 } }));
    const scripted = await runCli(['eval', dir, '--cv'], {
      cwd: dir,
      env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: script },
    });
    expect(scripted.code).toBe(2);
    expect(scripted.stderr).toMatch(/--cv fits the offline model's weights; the configured backend is scripted/);
  });

  const corpus = sharedPath('corpus');
  it.skipIf(corpus === null)(
    corpus === null
      ? `--cv ${sharedSkipReason('corpus')}`
      : '§7 --cv on the corpus holds each repository out whole and reports held-out figures per repository and format, the ablation and the weights of every fold',
    async () => {
      tmp = tempDir();
      const result = await runCli(['eval', corpus as string, '--cv', '--json'], { cwd: tmp.dir });
      expect(result.code).toBe(0);
      const report = ReportSchema.extend({
        folds: z
          .array(
            z.object({
              repository: z.string(),
              heldOut: z.array(z.string()),
              result: z.record(z.string(), z.number()),
            }),
          )
          .length(4),
        groups: z.object({
          repository: z.array(z.object({ name: z.string(), transcripts: z.number() })),
          format: z.array(z.object({ name: z.string() })),
        }),
      }).parse(JSON.parse(result.stdout));
      expect(report.settings.crossValidated).toBe(true);
      expect(report.notes[0]).toMatch(/cross-validated/);
      // The corpus's index.json names four repositories; the two cctrace sessions go out together.
      const cctrace = report.folds.find((f) => f.repository === 'jimmc414/cctrace');
      expect(cctrace?.heldOut).toHaveLength(2);
      expect(report.groups.repository.map((g) => [g.name, g.transcripts])).toEqual([
        ['gruckion/mini-swe-agent', 2],
        ['jimmc414/cctrace', 2],
        ['sierra-research/tau-bench', 1],
        ['xlang-ai/spider2', 1],
      ]);
      expect(JSON.parse(result.stdout).pooled['later-use'].policies).toHaveProperty('ablation');
      const table = await runCli(['eval', corpus as string, '--cv', '--cuts', '1'], { cwd: tmp.dir });
      expect(table.stdout).toMatch(/without shared-extractor signals/);
      expect(table.stdout).toMatch(/WEIGHTS PER FOLD/);
      expect(table.stdout).toMatch(/cross-validated \(each of 4 repositories held out whole\)/);
      expect(table.stdout).toMatch(/BY REPOSITORY[^\n]*\n[^\n]*\n {2}gruckion\/mini-swe-agent +2 /);
    },
    300_000,
  );
});
