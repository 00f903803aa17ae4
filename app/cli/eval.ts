/**
 * `eval PATH…`: measures the configured decision model on real transcripts against
 * later-use labels, next to observation masking and a random policy, with a threshold sweep.
 * Exit 0 when every cut ran, 1 when a compaction failed on some cut (reported in the table),
 * 2 on bad usage or an unreadable named file, 130 when interrupted (nothing on stdout then).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Message, OptionsInput } from '../../core/engine/schema.js';
import { describeZodError, OptionsSchema } from '../../core/engine/schema.js';
import type { CutResult } from '../../core/eval/evaluate.js';
import type { InspectedSource } from '../../core/formats/index.js';
import { FormatError, inspectSource, openConversation } from '../../core/formats/index.js';
import { evaluateCut } from '../../core/eval/evaluate.js';
import { pickCuts } from '../../core/eval/cuts.js';
import { renderHtml } from '../../core/eval/html.js';
import { LABELS, labelContext } from '../../core/eval/labels.js';
import { perLabel } from '../../core/eval/measure.js';
import { advise, pool, poolBySource } from '../../core/eval/pool.js';
import type { EvalReport } from '../../core/eval/report.js';
import { renderTable } from '../../core/eval/report.js';
import { createDecisionModel, loadConfig, redact } from '../config.js';
import { classify, EXIT } from '../host/errors.js';
import { UsageError } from './args.js';

const USAGE = `usage: compaction-inspector eval PATH… [--cuts 3] [--mask-m 10] [--seeds 5] [--max-recall-loss 0.05]
                                  [--options JSON] [--json] [--html FILE]
  PATH      a history file in any format of "formats" (each conversation of a file is a
            transcript) or a folder of them (*.json, *.jsonl, *.traj; recursive)
  --cuts    cut points per transcript, spread evenly (history | next action = goal | future)
  --mask-m  observation masking keeps the last M tool results in full
  --seeds   random-policy runs averaged (same number of results kept as the model)
  --options request options (SPEC §5) for every cut, e.g. '{"keep_threshold":0.4}'
  --json    the full report as JSON on stdout instead of the table
  --html    also write a self-contained HTML report with the recall-vs-reduction curves
`;

interface Settings {
  paths: string[];
  cuts: number;
  maskM: number;
  seeds: number;
  maxRecallLoss: number;
  options: OptionsInput;
  json: boolean;
  html: string | null;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function parseSettings(argv: string[]): Settings | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        cuts: { type: 'string' },
        'mask-m': { type: 'string' },
        seeds: { type: 'string' },
        'max-recall-loss': { type: 'string' },
        options: { type: 'string' },
        json: { type: 'boolean' },
        html: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('eval: give at least one history file or folder');
  const loss = values['max-recall-loss'] === undefined ? 0.05 : Number(values['max-recall-loss']);
  if (!Number.isFinite(loss) || loss < 0 || loss > 1)
    throw new UsageError(`--max-recall-loss: expected a number from 0 to 1, got "${values['max-recall-loss']}"`);
  let options: OptionsInput = {};
  if (values.options !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(values.options);
    } catch {
      throw new UsageError('--options: not JSON');
    }
    const checked = OptionsSchema.safeParse(raw);
    if (!checked.success) throw new UsageError(`--options: ${describeZodError(checked.error)}`);
    options = raw as OptionsInput;
  }
  return {
    paths: positionals,
    cuts: integer('cuts', values.cuts, 3, 1, 20),
    maskM: integer('mask-m', values['mask-m'], 10, 0, 100_000),
    seeds: integer('seeds', values.seeds, 5, 1, 1000),
    maxRecallLoss: loss,
    options,
    json: values.json === true,
    html: values.html ?? null,
  };
}

interface Transcript {
  source: string;
  format: string;
  messages: Message[];
}

/** Files a folder holds that may be histories, recursively, in a stable order (dot folders skipped). */
function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : historyFiles(path);
      return /\.(jsonl?|ndjson|traj)$/i.test(entry.name) ? [path] : [];
    });
}

/**
 * Every conversation of every file, in any native format (SPEC §9): a file with several
 * conversations gives one transcript each (`file#key`). Named files must load; files found in
 * a folder that are not histories are skipped with a note, and so are empty conversations.
 */
export function readTranscripts(paths: readonly string[], warn: (line: string) => void): Transcript[] {
  const out: Transcript[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    for (const file of isDir ? historyFiles(path) : [path]) {
      let source: InspectedSource;
      try {
        source = inspectSource(readFileSync(file, 'utf8'));
      } catch (error) {
        const reason =
          error instanceof FormatError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
        if (!isDir) throw new UsageError(`${file}: ${reason.split('\n')[0]}`);
        warn(`skipping ${file}: ${reason.split('\n')[0]}`);
        continue;
      }
      for (const { key } of source.conversations) {
        const name = source.conversations.length > 1 ? `${file}#${key}` : file;
        try {
          const { read } = openConversation(source, key);
          if (read.messages.length === 0) warn(`skipping ${name}: no messages (${read.notes.kept})`);
          else out.push({ source: name, format: source.format, messages: read.messages });
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          warn(`skipping ${name}: ${error.message.split('\n')[0]}`);
        }
      }
    }
  }
  return out;
}

export async function run(argv: string[]): Promise<number> {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let apiKey: string | null = null;
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const settings = parseSettings(argv);
    if (settings === 'help') {
      process.stdout.write(USAGE);
      return EXIT.success;
    }
    const config = loadConfig();
    apiKey = config.settings.apiKey;
    for (const warning of config.warnings) err(warning);
    const model = createDecisionModel(config);
    const transcripts = readTranscripts(settings.paths, err);
    const plan = transcripts.map((t) => ({
      ...t,
      context: labelContext(t.messages),
      cuts: pickCuts(t.messages, settings.cuts),
    }));
    for (const t of plan)
      if (t.cuts.length === 0)
        err(`skipping ${t.source}: no cut point (needs an assistant message after at least 8 messages)`);
    const total = plan.reduce((n, t) => n + t.cuts.length, 0);
    if (total === 0) throw new UsageError('eval: no transcript has a cut point');
    const results: CutResult[] = [];
    for (const t of plan) {
      for (const cut of t.cuts) {
        // A local model answers in microtasks only: yield so a pending Ctrl-C is seen between cuts.
        await new Promise((done) => setImmediate(done));
        if (controller.signal.aborted) break;
        const started = Date.now();
        const result = await evaluateCut(t.source, t.context, cut, model, {
          maskM: settings.maskM,
          seeds: settings.seeds,
          options: settings.options,
          signal: controller.signal,
          settings: config.request,
        });
        if (controller.signal.aborted) break;
        results.push(result);
        const status = result.error
          ? `failed: ${result.error.code}`
          : `${result.policies.model[LABELS[0]].candidates} candidates`;
        err(`[${results.length}/${total}] ${t.source} @ m${cut.index}: ${status} (${Date.now() - started} ms)`);
      }
    }
    if (controller.signal.aborted) {
      err(`interrupted after ${results.length} of ${total} cuts; no report written`);
      return EXIT.interrupted;
    }
    const pooled = pool(results);
    const report: EvalReport = {
      schema: 'compaction-inspector/eval@2',
      backend: model.backend,
      model: model.model ?? null,
      settings: {
        cuts: settings.cuts,
        maskM: settings.maskM,
        seeds: settings.seeds,
        maxRecallLoss: settings.maxRecallLoss,
        threshold: results.find((r) => r.error === null)?.threshold ?? null,
        crossValidated: false,
      },
      labels: LABELS,
      cuts: results,
      pooled,
      transcripts: poolBySource(results),
      advice: perLabel((label) => advise(pooled[label], settings.maxRecallLoss)),
      notes: [],
    };
    if (settings.html !== null) {
      writeFileSync(settings.html, redact(renderHtml(report), apiKey));
      err(`wrote ${settings.html}`);
    }
    process.stdout.write(redact(settings.json ? `${JSON.stringify(report, null, 1)}\n` : renderTable(report), apiKey));
    return pooled[LABELS[0]].failed > 0 ? EXIT.failed : EXIT.success;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw new Error(redact(failure.message, apiKey));
    err(redact(failure.message, apiKey));
    return failure.exit;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
