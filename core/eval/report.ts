/**
 * The readable tables `eval` prints on stdout, and the machine document behind `--json`.
 * Every table shows both labels side by side (reduction does not depend on the label).
 */
import type { CutResult } from './evaluate.js';
import type { LabelName } from './labels.js';
import { LABELS } from './labels.js';
import type { Figures, Tallies } from './measure.js';
import { figures, perLabel } from './measure.js';
import type { Advice, CallFigures, Pooled, PooledByLabel } from './pool.js';
import { advise, callFigures, frontier, pool, poolBy, poolBySource, versusBaselines } from './pool.js';
import type { Ceiling } from './ceiling.js';
import { CEILING_TITLE, ceilingRows, poolCeiling } from './ceiling.js';
import type { PeerPoolReport } from './peerReport.js';
import { poolPolicies, renderPolicies } from './peerReport.js';
import type { ShiftOf } from './questionCalibration.js';
import { calibrationLines } from './questionCalibration.js';
import { MIN_RECALL } from './select.js';
import { OptionsSchema } from '../engine/schema.js';
import { FITTED_WEIGHTS } from '../engine/offline/weights.js';

/** §5's default keep_threshold: where the frontier says the default sits. */
const DEFAULT_THRESHOLD = OptionsSchema.parse({}).keep_threshold;

/** One fold of `eval --cv`: the transcripts held out and the weights fitted without them. */
export interface FoldReport {
  /** The repository held out whole (crossval.ts); null for a conversation whose repository no manifest names. */
  repository: string | null;
  heldOut: string[];
  trainCandidates: number;
  /** The fit's setting, chosen by cross-validation on this fold's training conversations. */
  keepCostWeight: number;
  callCostWeight: number;
  /** The shared recall-first shift of the fold's calibration (calibration.ts), in logits. */
  shift?: number;
  /** Feature name → fitted logit weight, per question; `bias` is the intercept. */
  result: Record<string, number>;
  call: Record<string, number>;
}

export interface EvalReport {
  schema: 'compaction-inspector/eval@2';
  backend: string;
  model: string | null;
  settings: {
    cuts: number;
    maskM: number;
    seeds: number;
    maxRecallLoss: number;
    threshold: number | null;
    /** Leave-one-transcript-out: each cut measured with weights fitted without its transcript. */
    crossValidated: boolean;
  };
  labels: readonly LabelName[];
  cuts: CutResult[];
  pooled: PooledByLabel;
  transcripts: Array<{ source: string; pooled: PooledByLabel }>;
  /**
   * Pooled per repository and per format (the transcripts' provenance, given by the caller):
   * where the model holds and where it does not. Absent when no provenance was given (`eval merge`).
   */
  groups?: { repository: PooledGroup[]; format: PooledGroup[] };
  advice: Record<LabelName, Advice>;
  /** The model's drop_call decisions against the keep_call label (callLabel.ts), pooled. */
  calls: Record<LabelName, CallFigures>;
  /** What a policy that knew every label reaches on the same cuts (ceiling.ts), pooled. */
  ceiling: Ceiling;
  /** `--cv` only. */
  folds?: FoldReport[];
  /** `--policies` only: the peer policies pooled beside the model. */
  peerPolicies?: PeerPoolReport;
  /** What the model row means when it is not self-evident (in-sample weights, ablation). */
  notes: string[];
}

/** One repository's or one format's cuts pooled; `transcripts` counts the conversations measured. */
export interface PooledGroup {
  name: string;
  transcripts: number;
  pooled: PooledByLabel;
}

/** Where a transcript came from: its format, and the repository its folder's manifest names (provenance.ts). */
export interface Provenance {
  source: string;
  format: string;
  repository: string | null;
}

/** The provenance of each transcript, where every one says its format (shards written before it was kept do not). */
export function provenanceOf(
  transcripts: ReadonlyArray<{ source: string; format?: string; repository?: string | null }>,
): Provenance[] | undefined {
  if (transcripts.some((t) => t.format === undefined)) return undefined;
  return transcripts.map(({ source, format, repository }) => ({
    source,
    format: format as string,
    repository: repository ?? null,
  }));
}

/** A name for transcripts no manifest places in a repository. */
export const NO_REPOSITORY = '(repository not named)';

export interface ReportInput {
  backend: string;
  model: string | null;
  settings: Omit<EvalReport['settings'], 'threshold'>;
  results: CutResult[];
  folds?: FoldReport[];
  notes?: string[];
  provenance?: readonly Provenance[];
}

function groupsOf(results: readonly CutResult[], provenance: readonly Provenance[]): EvalReport['groups'] {
  const of = new Map(provenance.map((p) => [p.source, p]));
  const rows = (key: (p: Provenance) => string) =>
    poolBy(results, (r) => {
      const p = of.get(r.source);
      return p === undefined ? null : key(p);
    })
      .map(({ key: name, sources, pooled }) => ({ name, transcripts: sources, pooled }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return { repository: rows((p) => p.repository ?? NO_REPOSITORY), format: rows((p) => p.format) };
}

/** The report of a run: pooled under each label, per transcript, with advice per label. */
export function buildReport(input: ReportInput): EvalReport {
  const pooled = pool(input.results);
  const peerPolicies = poolPolicies(input.results, modelName(input.backend, input.model));
  return {
    schema: 'compaction-inspector/eval@2',
    backend: input.backend,
    model: input.model,
    settings: { ...input.settings, threshold: input.results.find((r) => r.error === null)?.threshold ?? null },
    labels: LABELS,
    cuts: input.results,
    pooled,
    transcripts: poolBySource(input.results),
    ...(input.provenance ? { groups: groupsOf(input.results, input.provenance) } : {}),
    advice: perLabel((label) => advise(pooled[label], input.settings.maxRecallLoss)),
    calls: callFigures(input.results),
    ceiling: poolCeiling(
      input.results.filter((r) => r.error === null).map((r) => r.ceiling),
      MIN_RECALL,
    ),
    ...(input.folds ? { folds: input.folds } : {}),
    ...(peerPolicies ? { peerPolicies } : {}),
    notes: input.notes ?? [],
  };
}

const modelName = (backend: string, model: string | null) => `${backend}${model ? ` (${model})` : ''}`;

/** A transcript with fewer used results than this says little about recall: its verdict is left out. */
export const MIN_USED_TO_COMPARE = 5;

/** Ablation row name (eval --cv). */
export const ABLATION_NAME = 'without shared-extractor signals';

const pct = (x: number | null) => (x === null ? '   –  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
const count = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1)).padStart(6);
const NAME = 30;

const HEADER = [
  `${' '.repeat(NAME + 11)}${'later-use label'.padEnd(25)}strict label`,
  `  ${'policy'.padEnd(NAME)} reduct.  recall  precis.   used   recall  precis.   used    kept  cands`,
];

function row(label: string, byLabel: Record<LabelName, Figures>): string {
  const cells = LABELS.map((l) => `${pct(byLabel[l].recall)}  ${pct(byLabel[l].precision)} ${count(byLabel[l].used)}`);
  const any = byLabel[LABELS[0]];
  return `  ${label.padEnd(NAME)} ${pct(any.reduction)}  ${cells.join('  ')}  ${count(any.kept)} ${count(any.candidates)}`;
}

const cutFigures = (tallies: Tallies) => perLabel((label) => figures(tallies[label]));
const policy = (pooled: PooledByLabel, name: keyof Pooled['policies']) =>
  perLabel((label) => pooled[label].policies[name] as Figures);

function policyRows(pooled: PooledByLabel, name: string, maskM: number, seeds: number): string[] {
  const lines = [
    row(name, policy(pooled, 'model')),
    ...(pooled[LABELS[0]].policies.ablation ? [row(`  ${ABLATION_NAME}`, policy(pooled, 'ablation'))] : []),
    row(`masking M=${maskM}`, policy(pooled, 'masking')),
    row(`random ×${seeds}`, policy(pooled, 'random')),
  ];
  return lines;
}

function verdict(pooled: PooledByLabel): string {
  const parts = LABELS.map((label) => {
    const used = pooled[label].policies.model.used;
    if (used < MIN_USED_TO_COMPARE) return `${label}: ${used} used result${used === 1 ? '' : 's'}, too few to compare`;
    const v = versusBaselines(pooled[label]);
    const misses = [
      ...(v.masking.recall ? [] : ['recall ≤ masking']),
      ...(v.masking.reduction ? [] : ['reduction ≤ masking']),
      ...(v.random.recall ? [] : ['recall ≤ random']),
      ...(v.random.reduction ? [] : ['reduction ≤ random']),
    ];
    return `${label}: ${misses.length === 0 ? 'beats masking and random on both axes' : misses.join(', ')}`;
  });
  return `  ${parts.join('; ')}`;
}

export function renderTable(report: EvalReport): string {
  const { maskM, seeds } = report.settings;
  const lines: string[] = [];
  const name = modelName(report.backend, report.model);
  for (const cut of report.cuts) {
    lines.push(`${cut.source} @ message ${cut.cut} (${cut.historyMessages} messages of history)`);
    if (cut.error) {
      lines.push(`  failed: ${cut.error.code}: ${cut.error.message}`, '');
      continue;
    }
    lines.push(...HEADER);
    lines.push(row(name, cutFigures(cut.policies.model)));
    if (cut.policies.ablation) lines.push(row(`  ${ABLATION_NAME}`, cutFigures(cut.policies.ablation)));
    lines.push(row(`masking M=${maskM}`, cutFigures(cut.policies.masking)));
    lines.push(row(`random ×${seeds}`, cutFigures(cut.policies.random)));
    lines.push('');
  }
  const { pooled, advice } = report;
  const any = pooled[LABELS[0]];
  const how = report.settings.crossValidated ? `cross-validated (${heldOutBy(report.folds ?? [])}), ` : '';
  lines.push('BY TRANSCRIPT (its cuts pooled)');
  for (const { source, pooled: own } of report.transcripts) {
    lines.push(`${source} (${own[LABELS[0]].cuts} cuts)`, ...HEADER, ...policyRows(own, name, maskM, seeds));
    lines.push(verdict(own), '');
  }
  if (report.groups) lines.push(...groupLines('REPOSITORY', report.groups.repository, maskM), '');
  if (report.groups) lines.push(...groupLines('FORMAT', report.groups.format, maskM), '');
  lines.push(
    `POOLED over ${any.cuts} cut${any.cuts === 1 ? '' : 's'}${any.failed ? ` (${any.failed} failed)` : ''}, ${how}threshold ${report.settings.threshold ?? '–'}`,
  );
  lines.push(...HEADER, ...policyRows(pooled, name, maskM, seeds));
  lines.push(row('keep all', policy(pooled, 'keepAll')), verdict(pooled));
  lines.push('', 'SWEEP (same probabilities, R15)', ...HEADER);
  any.sweep.forEach((point, i) =>
    lines.push(
      row(
        `t = ${point.threshold.toFixed(2)}`,
        perLabel((label) => pooled[label].sweep[i]),
      ),
    ),
  );
  lines.push('', ...frontierLines(report), '', ...ceilingLines(report.ceiling));
  lines.push('', 'MASKING CURVE', ...HEADER);
  any.maskCurve.forEach((point, i) =>
    lines.push(
      row(
        `M=${point.m}`,
        perLabel((label) => pooled[label].maskCurve[i]),
      ),
    ),
  );
  lines.push('', 'RANDOM CURVE (share kept)', ...HEADER);
  any.randomCurve.forEach((point, i) =>
    lines.push(
      row(
        `${Math.round(point.share * 100)}% kept`,
        perLabel((label) => pooled[label].randomCurve[i]),
      ),
    ),
  );
  lines.push('', callsLine(report.calls), '', ...calibrationLines(report.cuts, shiftOf(report)));
  for (const label of LABELS) lines.push(adviceLine(label, advice[label]));
  if (report.peerPolicies) lines.push('', ...renderPolicies(report.peerPolicies));
  if (report.folds) lines.push('', ...foldTable(report.folds));
  for (const note of report.notes) lines.push(`NOTE: ${note}`);
  return lines.join('\n') + '\n';
}

/** One line per repository or format: the model at this run's threshold beside masking, both labels' recall. */
function groupLines(by: string, groups: readonly PooledGroup[], maskM: number): string[] {
  const width = Math.max(NAME, ...groups.map((g) => g.name.length));
  const recall = (f: Record<LabelName, Figures>) => LABELS.map((l) => pct(f[l].recall)).join(' ');
  return [
    `BY ${by} (its conversations' cuts pooled: reduction, then recall ${LABELS.join(' / ')}; used = results used later)`,
    `  ${by.toLowerCase().padEnd(width)} convs   cuts    used  model: reduct.  recall ${' '.repeat(9)}masking M=${maskM}: reduct.  recall`,
    ...groups.map(({ name, transcripts, pooled }) => {
      const model = policy(pooled, 'model');
      const masking = policy(pooled, 'masking');
      const any = pooled[LABELS[0]];
      return (
        `  ${name.padEnd(width)} ${String(transcripts).padStart(5)} ${String(any.cuts).padStart(6)} ${count(model[LABELS[0]].used)}` +
        `         ${pct(model[LABELS[0]].reduction)}  ${recall(model)}             ${pct(masking[LABELS[0]].reduction)}  ${recall(masking)}`
      );
    }),
  ];
}

function frontierLines(report: EvalReport): string[] {
  const threshold = report.settings.threshold;
  const recalls = (f: Record<LabelName, Figures>) => LABELS.map((l) => pct(f[l].recall).trim()).join(' / ');
  const isRun = (t: number) => threshold !== null && Math.abs(t - threshold) < 1e-9;
  const front = frontier(report.pooled);
  const sweep = report.pooled[LABELS[0]].sweep;
  const run = sweep.findIndex((p) => isRun(p.threshold));
  // The run's own threshold is shown even when another one beats it, so a user sees what moving buys.
  const shown =
    run === -1 || front.some((p) => isRun(p.threshold))
      ? front
      : [
          ...front,
          { threshold: sweep[run].threshold, byLabel: perLabel((l) => report.pooled[l].sweep[run] as Figures) },
        ].sort((a, b) => a.byLabel[LABELS[0]].reduction - b.byLabel[LABELS[0]].reduction);
  // The most reduction whose later-use recall holds the floor the default was fitted for (select.ts).
  const floor = front
    .filter((p) => (p.byLabel[LABELS[0]].recall ?? 0) >= MIN_RECALL)
    .reduce<(typeof front)[number] | null>(
      (a, b) => (a === null || b.byLabel[LABELS[0]].reduction > a.byLabel[LABELS[0]].reduction ? b : a),
      null,
    );
  const atDefault = sweep.findIndex((p) => Math.abs(p.threshold - DEFAULT_THRESHOLD) < 1e-9);
  const lines = [
    `FRONTIER (recall ${LABELS.join(' / ')} against reduction: the thresholds no other one beats on both)`,
    ...shown.map(
      (p) =>
        `  t = ${p.threshold.toFixed(2)}  reduction ${pct(p.byLabel[LABELS[0]].reduction)}  recall ${recalls(p.byLabel)}` +
        (isRun(p.threshold) ? (front.includes(p) ? '  ← this run' : '  ← this run (another threshold beats it)') : ''),
    ),
  ];
  if (atDefault !== -1) {
    const d = report.pooled[LABELS[0]].sweep[atDefault];
    lines.push(
      `DEFAULT: keep_threshold ${DEFAULT_THRESHOLD.toFixed(2)} (§5) keeps ${pct(d.recall).trim()} of the results used later (${LABELS[0]}) at ${pct(d.reduction).trim()} reduction; ` +
        (floor === null
          ? `no threshold keeps ${pct(MIN_RECALL).trim()}`
          : `the most reduction keeping at least ${pct(MIN_RECALL).trim()} is t = ${floor.threshold.toFixed(2)} (${pct(floor.byLabel[LABELS[0]].reduction).trim()})`),
    );
  }
  return lines;
}

function ceilingLines(ceiling: Ceiling): string[] {
  const recalls = (r: Record<LabelName, number | null>) => LABELS.map((l) => pct(r[l]).trim()).join(' / ');
  return [
    `CEILING (${CEILING_TITLE})`,
    ...ceilingRows(ceiling).map(
      ({ name, point }) => `  ${name.padEnd(50)} reduction ${pct(point.reduction)}  recall ${recalls(point.recall)}`,
    ),
  ];
}

function callsLine(calls: Record<LabelName, CallFigures>): string {
  const any = calls[LABELS[0]];
  const kept = LABELS.map((l) => `${pct(calls[l].recall).trim()} of ${calls[l].needed}`).join(' / ');
  return `CALLS: ${any.dropped} of ${any.candidates} candidates dropped whole (drop_call); calls still needed (input or target named again, or result used; ${LABELS.join(' / ')}) kept ${kept}`;
}

function adviceLine(label: LabelName, advice: Advice): string {
  if (advice.threshold === null)
    return `ADVICE (${label}): no threshold keeps recall within ${advice.maxRecallLoss} of keeping everything${advice.baselineRecall === null ? ' (no result was used later)' : ''}`;
  return (
    `ADVICE (${label}): keep_threshold ${advice.threshold.toFixed(2)} is the most compaction whose recall stays within ${advice.maxRecallLoss} of keeping everything ` +
    `(reduction ${pct(advice.figures?.reduction ?? null).trim()}, recall ${pct(advice.figures?.recall ?? null).trim()})`
  );
}

/**
 * The shared recall-first shift each cut's probabilities carry (calibration.ts): its fold's under
 * `--cv`, the fitted weights' for the offline backend otherwise; unknown for other backends.
 */
export function shiftOf(report: EvalReport): ShiftOf {
  if (report.folds) {
    const bySource = new Map(report.folds.flatMap((f) => f.heldOut.map((source) => [source, f.shift ?? null])));
    return (source) => bySource.get(source) ?? null;
  }
  const fitted = report.backend === 'offline' ? (FITTED_WEIGHTS.calibration?.shift ?? null) : null;
  return () => fitted;
}

/** How `eval --cv` held its folds out: whole repositories, single conversations, or both (crossval.ts). */
function heldOutBy(folds: readonly FoldReport[]): string {
  const repositories = folds.filter((f) => f.repository !== null).length;
  const alone = folds.length - repositories;
  if (alone === 0) return `each of ${repositories} repositories held out whole`;
  if (repositories === 0) return 'leave one conversation out: no manifest names a repository';
  return `${repositories} repositories held out whole, ${alone} conversation${alone === 1 ? '' : 's'} no manifest places held out alone`;
}

/** The fitted weights of every fold side by side, with their spread: how stable the fit is. */
function foldTable(folds: readonly FoldReport[]): string[] {
  const lines = ['WEIGHTS PER FOLD (logit terms; column = repository or conversation held out)'];
  for (const question of ['result', 'call'] as const) {
    const names = Object.keys(folds[0]?.[question] ?? {});
    lines.push(
      `  p_${question}`.padEnd(30) + folds.map((_, i) => `fold ${i + 1}`.padStart(8)).join('') + '     min     max',
    );
    for (const feature of names) {
      const values = folds.map((f) => f[question][feature] ?? 0);
      lines.push(
        `    ${feature}`.padEnd(30) +
          values.map((v) => v.toFixed(2).padStart(8)).join('') +
          Math.min(...values)
            .toFixed(2)
            .padStart(8) +
          Math.max(...values)
            .toFixed(2)
            .padStart(8),
      );
    }
  }
  folds.forEach((f, i) =>
    lines.push(
      `  fold ${i + 1}: held out ${f.repository === null ? '' : `${f.repository}: `}${f.heldOut.join(', ')} (${f.trainCandidates} training candidates, keep cost weight ${f.keepCostWeight}, call cost weight ${f.callCostWeight}${f.shift === undefined ? '' : `, shift ${f.shift}`})`,
    ),
  );
  return lines;
}
