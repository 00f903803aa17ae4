/**
 * `npm run fit` — fits the offline model's weights on labelled cuts of real transcripts
 * (core/eval/fit.ts) and writes them to core/engine/offline/weights.ts, the one file the model
 * loads. Reproducible: the same transcripts give the same file (no dates, sorted sources, the
 * weights' own content hash as id). `--check` fits and compares instead of writing (exit 1
 * when the file is stale). Adding transcripts is a data change: name more files or folders.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FEATURE_NAMES } from '../../core/engine/offline/features.js';
import type { OfflineWeights } from '../../core/engine/offline/features.js';
import { EVAL_CUTS, pickCuts } from '../../core/eval/cuts.js';
import { compareFamilies, FAMILIES, FLOORS } from '../../core/eval/families.js';
import { FIT_CUTS, fitOfflineWeights } from '../../core/eval/fit.js';
import { labelContext } from '../../core/eval/labels.js';
import type { CalibrationReport } from '../../core/eval/calibrate.js';
import { calibrateOnReviews } from '../../core/eval/calibrate.js';
import type { ReviewedPair } from '../../core/eval/reviewLabels.js';
import { reviewedPairs } from '../../core/eval/reviewLabels.js';
import { selectCostWeights } from '../../core/eval/select.js';
import type { Sample } from '../../core/eval/training.js';
import { groupConversations, groupSamples, heldOutUnits, unitSamples } from '../../core/eval/training.js';
import { UsageError } from './args.js';
import { readReviewedExports } from './audits.js';
import type { Transcript } from './transcripts.js';
import { readTranscripts } from './transcripts.js';

const WEIGHTS_FILE = fileURLToPath(new URL('../../core/engine/offline/weights.ts', import.meta.url));
/**
 * What the shipped weights are fitted on: the corpus and the native-format files. The next-wave
 * corpus (../shared/corpus-next) fits too, and `eval --cv` measures it held out by repository,
 * but fitted with it the model learns that a result read just before the cut is less likely
 * used (`recent` < 0) and drops the critical recent log of R12's seed-shaped scenarios
 * (test/core/engine/offline/finishedWork.test.ts): docs/decision-model.md has the figures.
 */
export const DEFAULT_PATHS = ['../shared/corpus', '../shared/formats'];

const USAGE = `usage: npm run fit -- [PATH…] [--audits DIR] [--one-scale] [--out FILE] [--check] [--compare]
  PATH     history files or folders to fit on (default: ${DEFAULT_PATHS.join(' ')})
  --audits exported audit records (*.audit.json, each beside its archive): the reviewers'
           overrides and pair comments calibrate the fitted weights, cross-validated by
           leaving one record out; a question changes only when its held-out loss improves
  --one-scale  put keep_call and keep_result on one scale: each calibrated on held-out logits
           against its own label, both raised by one shift chosen for the recall floor at §5's
           threshold (docs/decision-model.md; not the default: it costs reduction)
  --out    where to write the weights module (default: core/engine/offline/weights.ts)
  --check  fit and compare with the file instead of writing it; exit 1 when it is stale
  --compare  fit every model family of core/eval/families.ts with each repository held out
           and print the reduction each keeps at 0.80 and 0.90 recall; writes nothing
`;

/** The reviewers' judgments of every record in `dir`, then the calibration (core/eval/calibrate.ts). */
async function calibrateOnAudits(
  dir: string,
  weights: OfflineWeights,
  err: (line: string) => void,
): Promise<CalibrationReport> {
  const pairs: ReviewedPair[] = [];
  for (const { name, record, archiveText } of readReviewedExports(dir, (line) => err(`skipping ${line}`))) {
    const read = await reviewedPairs(name, record, archiveText).catch((error: unknown) => ({
      pairs: [],
      skipped: (error as Error).message.split('\n')[0],
    }));
    if (read.skipped) err(`skipping ${name}: ${read.skipped}`);
    else
      err(
        `${name}: ${read.pairs.length} judged pairs (${read.pairs.filter((p) => p.from === 'override').length} overrides)`,
      );
    pairs.push(...read.pairs);
  }
  let report: CalibrationReport;
  try {
    report = calibrateOnReviews(pairs, weights);
  } catch (error) {
    throw new UsageError(`fit --audits: ${(error as Error).message}`);
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  for (const question of ['result', 'call'] as const) {
    const q = report.questions[question];
    err(
      `keep_${question}: ${q.labels} judgments (${q.positives} needed), held out by record: log loss ${q.before.logLoss.toFixed(3)} → ${q.after.logLoss.toFixed(3)}, agreement ${pct(q.before.agreement)} → ${pct(q.after.agreement)}; ` +
        (q.applied
          ? `calibrated: logit × ${q.calibration.slope.toFixed(3)} ${q.calibration.shift >= 0 ? '+' : '−'} ${Math.abs(q.calibration.shift).toFixed(3)}`
          : 'unchanged (no held-out gain)'),
    );
  }
  return report;
}

/** `--compare`: each family of families.ts held out by repository, one line each, with its fitting time. */
function compareTable(
  units: readonly Sample[][],
  scored: readonly Sample[][],
  formatOf: (source: string) => string,
): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [
    `model family (keep_result), ${units.length} held-out units | terms | reduction at recall ${FLOORS.join(' / ')} | log loss | fit, all folds`,
  ];
  for (const family of FAMILIES) {
    const started = performance.now();
    const [score] = compareFamilies(units, scored, formatOf, [family]);
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `${score.name} | ${score.terms} | ${FLOORS.map((f) => pct(score.reduction[f])).join(' / ')} | ${score.logLoss.toFixed(4)} | ${seconds.toFixed(1)} s`,
    );
  }
  return lines.join('\n') + '\n';
}

export function weightsModule(weights: OfflineWeights): string {
  return `/**
 * The offline model's fitted weights (features.ts names each one). Generated by \`npm run fit\`
 * (app/cli/fit.ts) from labelled cuts of the transcripts in \`fitted.on\`: do not edit by hand,
 * refit. \`eval --cv\` measures the same fit with each transcript held out.
 */
import type { OfflineWeights } from './features.js';

export const FITTED_WEIGHTS: OfflineWeights = ${JSON.stringify(weights, null, 2)};
`;
}

async function formatted(source: string, file: string): Promise<string> {
  // Prettier is a development dependency, like this command: the file is checked by `npm test`.
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(source, { ...config, filepath: file });
}

export async function run(argv: string[]): Promise<number> {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        check: { type: 'boolean' },
        audits: { type: 'string' },
        'one-scale': { type: 'boolean' },
        compare: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const paths = positionals.length > 0 ? positionals : DEFAULT_PATHS;
    const out = resolve(values.out ?? WEIGHTS_FILE);
    const transcripts = readTranscripts(paths, err).sort((a, b) => a.source.localeCompare(b.source));
    if (transcripts.length === 0) throw new UsageError('fit: no transcripts found');
    const groups = groupConversations(transcripts, (t) => labelContext(t.messages));
    for (const group of groups)
      for (const duplicate of group.transcripts.slice(1))
        err(`${duplicate.source}: same conversation as ${group.transcripts[0].source}, fitted once`);
    // The settings are chosen holding whole repositories out, as `eval --cv` measures (crossval.ts).
    const units = heldOutUnits(groups);
    const perUnit = unitSamples(units, await groupSamples(groups, FIT_CUTS, pickCuts, { progress: err }));
    const samples = perUnit.flat();
    // Scored on the cuts `eval` measures by default, fitted on FIT_CUTS.
    const scored = unitSamples(units, await groupSamples(groups, EVAL_CUTS, pickCuts, {}));
    if (values.compare) {
      const formats = new Map(transcripts.map((t) => [t.source, t.format]));
      process.stdout.write(compareTable(perUnit, scored, (source) => formats.get(source) ?? 'unknown'));
      return 0;
    }
    const selection = selectCostWeights(perUnit, scored, {}, values['one-scale'] === true);
    for (const score of selection.scores)
      err(
        `keep cost weight ${score.keepCostWeight}: cross-validated recall ${score.recall.toFixed(3)}, reduction ${score.reduction.toFixed(3)} (shift ${score.shift})`,
      );
    for (const score of selection.callScores)
      err(
        `call cost weight ${score.callCostWeight}: cross-validated call recall ${score.callRecall.toFixed(3)}, reduction ${score.reduction.toFixed(3)} (shift ${score.shift})`,
      );
    const { calibration } = selection;
    if (calibration)
      err(
        `on one scale, calibrated on held-out logits: keep_result × ${calibration.result.slope} + ${calibration.result.intercept}, keep_call × ${calibration.call.slope} + ${calibration.call.intercept}, shared shift ${calibration.shift}`,
      );
    const on = groups
      .map((g) => g.transcripts[0])
      .map((t) => ({
        source: basename(t.source),
        sha256: (t as Transcript).sha256,
      }));
    const fitted = fitOfflineWeights(samples, {
      on,
      cutsPerTranscript: FIT_CUTS,
      keepCostWeight: selection.keepCostWeight,
      callCostWeight: selection.callCostWeight,
      operatingPoint: selection.operatingPoint,
      ...(calibration ? { calibration } : {}),
    });
    const weights = values.audits ? (await calibrateOnAudits(values.audits, fitted, err)).weights : fitted;
    const text = await formatted(weightsModule(weights), out);
    for (const question of ['result', 'call'] as const) {
      err(`keep_${question}: bias ${weights[question].bias}`);
      for (const name of FEATURE_NAMES) err(`  ${name.padEnd(20)} ${weights[question].weights[name]}`);
    }
    err(
      `${samples.length} candidates from ${groups.length} conversations of ${units.length} held-out units (repositories, or conversations no manifest names), ${FIT_CUTS} cuts each; weights ${weights.id}`,
    );
    if (values.check) {
      let current = '';
      try {
        current = readFileSync(out, 'utf8');
      } catch {
        // A missing file is stale.
      }
      if (current === text) return 0;
      err(`${out} is stale: run npm run fit`);
      return 1;
    }
    writeFileSync(out, text);
    err(`wrote ${out}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      err((error as Error).message.split('\n')[0]);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`fit failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
