/**
 * `eval PATH…`: measures the configured decision model on real transcripts against both
 * later-use labels, next to observation masking and a random policy, with a threshold sweep.
 * `--cv` measures the offline model cross-validated instead: each repository's transcripts with
 * weights fitted on the other repositories (core/eval/crossval.ts).
 * Exit 0 when every cut ran, 1 when a compaction failed on some cut (reported in the table),
 * 2 on bad usage or an unreadable named file, 130 when interrupted (nothing on stdout then).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDefaultRegistry } from '../../core/engine/backends.js';
import type { DecisionModel } from '../../core/engine/model.js';
import { OFFLINE_MODEL_VERSION } from '../../core/engine/offline/model.js';
import type { OptionsInput } from '../../core/engine/schema.js';
import { describeZodError, OptionsSchema } from '../../core/engine/schema.js';
import { CrossValidationError, crossValidate } from '../../core/eval/crossval.js';
import type { CutResult } from '../../core/eval/evaluate.js';
import { EVAL_CUTS } from '../../core/eval/cuts.js';
import { inSampleNotes, measureTranscripts } from '../../core/eval/measureAll.js';
import { renderHtml } from '../../core/eval/html.js';
import { LABELS, labelContext } from '../../core/eval/labels.js';
import type { PeerId, PeerRun } from '../../core/policies/peers/index.js';
import { PEER_IDS, PEERS, peerRuns } from '../../core/policies/peers/index.js';
import type { PeerParams } from '../../core/inspect/peerParams.js';
import { changedParams, describeChanges } from '../../core/inspect/peerParams.js';
import type { FoldReport, Provenance } from '../../core/eval/report.js';
import { provenanceOf } from '../../core/eval/report.js';
import { ABLATION_NAME, buildReport, renderTable } from '../../core/eval/report.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { classify, EXIT } from '../host/errors.js';
import { UsageError } from './args.js';
import type { EvalShard } from './evalShard.js';
import type { FileSlice, Transcript } from './transcripts.js';
import { mergeShards, parseShard, parseShardFlag, shardDocument } from './evalShard.js';
import { readPolicyFlag } from './policy.js';
import { countFiles, readTranscripts } from './transcripts.js';

const USAGE = `usage: compaction-inspector eval PATH… [--cuts 3] [--mask-m 10] [--seeds 5] [--max-recall-loss 0.05]
                                  [--options JSON] [--json] [--html FILE] [--cv [--one-scale]] [--policies [LIST]]
                                  [--peer-params JSON] [--shard K/N] [--policy FILE]
       compaction-inspector eval merge SHARD.json… [--json] [--html FILE]
  PATH      a history file in any format of "formats" (each conversation of a file is a
            transcript) or a folder of them (*.json, *.jsonl, *.traj; recursive)
  --cuts    cut points per transcript, spread evenly (history | next action = goal | future)
  --mask-m  observation masking keeps the last M tool results in full
  --seeds   random-policy runs averaged (same number of results kept as the model)
  --options request options (SPEC §5) for every cut, e.g. '{"keep_threshold":0.4}'
  --json    the full report as JSON on stdout instead of the table
  --html    also write a self-contained HTML report: recall-vs-reduction curves, reliability diagram,
            and with --policies the peer table
  --cv      offline backend only: hold each repository out whole (named by the folder's
            index.json or SOURCES.md; a conversation alone where none is) — fit the weights on
            the others, measure it with them (and refitted without the signals sharing the
            later-use label's extractor); the figures are held out, never in-sample
  --one-scale with --cv: fit each fold with keep_call and keep_result on one scale (npm run
            fit -- --one-scale): each calibrated on held-out logits, one shared shift
  --policies the peer policies (other frameworks' defaults) beside the model: LIST is
            comma-separated ids of ${PEER_IDS.join(', ')}
            (default: all); trigger-based peers also run always on
  --peer-params with --policies: parameters over a peer's documented defaults, by peer id,
            e.g. '{"clear_tool_uses":{"keep":5}}' (masking's M is --mask-m)
  --policy  an approved compaction-policy.json: its options under --options (key by key) and,
            when it names any, its eligible tools instead of every tool a history calls
  --shard   measure only the files whose place in the whole list is K−1 modulo N and print the
            shard (JSON) for "eval merge"; every shard gets the same PATHs and flags
  merge     pool the shards 1…N of one evaluation into exactly the report one run prints
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
  cv: boolean;
  /** `--one-scale`: each fold fitted with both questions on one scale (select.ts). */
  oneScale: boolean;
  /** `--policies`: the peers measured beside the model; null without the flag. */
  policies: PeerId[] | null;
  /** `--peer-params`: each listed peer's full parameters (its defaults under the given ones), checked by its schema. */
  peerParams: PeerOverrides;
  /** `--shard K/N`: the slice of files this run measures; null for all of them. */
  shard: FileSlice | null;
  /** `--policy`: the tools it makes eligible; null to make every tool a history calls eligible. */
  eligibleToolNames: string[] | null;
}

type PeerOverrides = Partial<Record<PeerId, PeerParams>>;

/**
 * `--peer-params`: a JSON object by peer id, each value checked by that peer's own schema (the
 * one `proposePeer` applies), so a bad value is a usage error before any transcript is read.
 * Masking's M stays `--mask-m`'s, which the masking baseline reads too: one flag for one value.
 */
function peerParamsOf(raw: string | undefined, policies: PeerId[] | null): PeerOverrides {
  if (raw === undefined) return {};
  if (policies === null) throw new UsageError('--peer-params: only with --policies');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError('--peer-params: not JSON');
  }
  const byPeer = z.record(z.string(), z.unknown()).safeParse(parsed);
  if (!byPeer.success) throw new UsageError('--peer-params: expected an object of parameters by peer id');
  const overrides: PeerOverrides = {};
  for (const [id, params] of Object.entries(byPeer.data)) {
    if (!isPeerId(id))
      throw new UsageError(`--peer-params: unknown peer "${id}"; expected one of ${PEER_IDS.join(', ')}`);
    if (!policies.includes(id)) throw new UsageError(`--peer-params: ${id} is not among --policies`);
    if (id === 'masking') throw new UsageError("--peer-params: masking's M is --mask-m");
    const checked = PEERS[id].params.safeParse(params);
    if (!checked.success) throw new UsageError(`--peer-params: ${describeZodError(checked.error, id)}`);
    overrides[id] = checked.data as PeerParams;
  }
  return overrides;
}

const isPeerId = (id: string): id is PeerId => (PEER_IDS as readonly string[]).includes(id);
const isPeerList = (value: string) => value === 'all' || value.split(',').every(isPeerId);

/**
 * `--policies` takes an optional list: the next argument is its list when it names only peers
 * (or is `all`); otherwise the flag stands alone and means every peer.
 */
function takePolicies(argv: string[]): { rest: string[]; policies: PeerId[] | null } {
  const at = argv.findIndex((a) => a === '--policies' || a.startsWith('--policies='));
  if (at === -1) return { rest: argv, policies: null };
  const inline = argv[at].startsWith('--policies=') ? argv[at].slice('--policies='.length) : null;
  const next = argv[at + 1];
  const list = inline ?? (next !== undefined && isPeerList(next) ? next : 'all');
  if (!isPeerList(list))
    throw new UsageError(`--policies: expected peer ids from ${PEER_IDS.join(', ')}, got "${list}"`);
  const rest = argv.filter((_, i) => i !== at && !(inline === null && list === next && i === at + 1));
  return { rest, policies: list === 'all' ? [...PEER_IDS] : [...new Set(list.split(','))].map((id) => id as PeerId) };
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function parseSettings(argv: string[]): Settings | 'help' {
  const { rest, policies } = takePolicies(argv);
  if (rest.filter((a) => a === '--policies' || a.startsWith('--policies=')).length > 0)
    throw new UsageError('--policies: given twice');
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        cuts: { type: 'string' },
        'mask-m': { type: 'string' },
        seeds: { type: 'string' },
        'max-recall-loss': { type: 'string' },
        options: { type: 'string' },
        json: { type: 'boolean' },
        html: { type: 'string' },
        cv: { type: 'boolean' },
        'one-scale': { type: 'boolean' },
        'peer-params': { type: 'string' },
        shard: { type: 'string' },
        policy: { type: 'string' },
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
  const shard = values.shard === undefined ? null : parseShardFlag(values.shard);
  const policy = values.policy === undefined ? null : readPolicyFlag(values.policy);
  if (policy !== null && values.cv === true)
    throw new UsageError('--policy: not with --cv (cross-validation refits the weights the policy was tuned with)');
  if (policy !== null) options = { ...policy.options, ...options };
  if (shard !== null && values.cv === true)
    throw new UsageError('--shard: not with --cv (each held-out transcript is fitted on all the others)');
  if (values['one-scale'] === true && values.cv !== true)
    throw new UsageError('--one-scale: only with --cv (it changes how each fold is fitted)');
  if (shard !== null && values.html !== undefined) throw new UsageError('--shard: write --html with eval merge');
  return {
    paths: positionals,
    cuts: integer('cuts', values.cuts, EVAL_CUTS, 1, 20),
    maskM: integer('mask-m', values['mask-m'], 10, 0, 100_000),
    seeds: integer('seeds', values.seeds, 5, 1, 1000),
    maxRecallLoss: loss,
    options,
    json: values.json === true,
    html: values.html ?? null,
    cv: values.cv === true,
    oneScale: values['one-scale'] === true,
    policies,
    peerParams: peerParamsOf(values['peer-params'], policies),
    shard,
    eligibleToolNames: policy === null || policy.eligible_tool_names.length === 0 ? null : policy.eligible_tool_names,
  };
}

/** The peer runs of `--policies` (masking at `--mask-m`, the others at `--peer-params`); undefined without the flag. */
function peersOf(settings: Settings): PeerRun[] | undefined {
  if (settings.policies === null) return undefined;
  return peerRuns(settings.policies, { ...settings.peerParams, masking: { m: settings.maskM } });
}

/** The report names the parameters that are not a peer's documented defaults. */
function peerParamsNotes(settings: Pick<Settings, 'peerParams'>): string[] {
  return Object.entries(settings.peerParams).map(([id, params]) => {
    const changes = changedParams(id as PeerId, params);
    return `${id} at ${changes.length === 0 ? 'its documented defaults' : describeChanges(changes)} (--peer-params)`;
  });
}

interface Measured {
  results: CutResult[];
  folds?: FoldReport[];
  notes: string[];
  /** Each transcript's format and repository, for the per-repository and per-format tables. */
  provenance?: Provenance[];
}

type Progress = (line: string) => void;

/** Every cut of every transcript through the configured model; null when interrupted. */
async function measureCuts(
  transcripts: readonly Transcript[],
  model: DecisionModel,
  settings: Settings,
  config: ReturnType<typeof loadConfig>,
  signal: AbortSignal,
  err: Progress,
): Promise<Measured | null> {
  const measured = await measureTranscripts(
    transcripts,
    model,
    settings.cuts,
    {
      maskM: settings.maskM,
      seeds: settings.seeds,
      options: settings.options,
      eligibleToolNames: settings.eligibleToolNames ?? undefined,
      signal,
      settings: config.request,
      peers: peersOf(settings),
    },
    {
      skipped: (source, reason) => err(`skipping ${source}: ${reason}`),
      cut: (done, total, result, ms) => {
        const status = result.error
          ? `failed: ${result.error.code}`
          : `${result.policies.model[LABELS[0]].candidates} candidates`;
        err(`[${done}/${total}] ${result.source} @ m${result.cut}: ${status} (${ms} ms)`);
      },
    },
  );
  if (measured.stopped) {
    err(`interrupted after ${measured.results.length} of ${measured.total} cuts; no report written`);
    return null;
  }
  if (measured.total === 0) throw new UsageError('eval: no transcript has a cut point');
  return {
    results: measured.results,
    notes: inSampleNotes(transcripts, model.backend),
    provenance: provenanceOf(transcripts),
  };
}

async function measureCrossValidated(
  transcripts: readonly Transcript[],
  settings: Settings,
  config: ReturnType<typeof loadConfig>,
  signal: AbortSignal,
  err: Progress,
): Promise<Measured | null> {
  const cv = await crossValidate(transcripts, (t) => labelContext(t.messages), {
    cuts: settings.cuts,
    maskM: settings.maskM,
    seeds: settings.seeds,
    options: settings.options,
    signal,
    settings: config.request,
    peers: peersOf(settings),
    progress: err,
    oneScale: settings.oneScale,
  }).catch((error: unknown) => {
    if (error instanceof CrossValidationError) throw new UsageError(error.message);
    throw error;
  });
  if (signal.aborted) {
    err(`interrupted after ${cv.results.length} cuts; no report written`);
    return null;
  }
  if (cv.results.length === 0) throw new UsageError('eval: no transcript has a cut point');
  return {
    results: cv.results,
    folds: cv.folds,
    provenance: provenanceOf(transcripts),
    notes: [
      `cross-validated: each transcript measured with ${OFFLINE_MODEL_VERSION} weights fitted without its repository (or, where no manifest names one, without its conversation)`,
      `"${ABLATION_NAME}": refitted per fold without the features computed from the later-use label's own term extractor`,
      ...cv.duplicates.map((d) => `${d.source} holds the same conversation as ${d.sameAs}: measured and fitted once`),
    ],
  };
}

/** The report one run prints, from its cut results: the single run and `eval merge` both come here. */
function reportOf(
  settings: Pick<Settings, 'cuts' | 'maskM' | 'seeds' | 'maxRecallLoss' | 'cv'>,
  model: { backend: string; model: string | null },
  measured: Measured,
) {
  return buildReport({
    backend: model.backend,
    model: model.model,
    settings: {
      cuts: settings.cuts,
      maskM: settings.maskM,
      seeds: settings.seeds,
      maxRecallLoss: settings.maxRecallLoss,
      crossValidated: settings.cv,
    },
    results: measured.results,
    folds: measured.folds,
    notes: measured.notes,
    provenance: measured.provenance,
  });
}

/** Writes the report: the table or `--json` on stdout, and `--html FILE`; the exit code says whether every cut ran. */
function emit(report: ReturnType<typeof buildReport>, output: { json: boolean; html: string | null }, err: Progress) {
  if (output.html !== null) {
    writeFileSync(output.html, renderHtml(report));
    err(`wrote ${output.html}`);
  }
  process.stdout.write(output.json ? `${JSON.stringify(report, null, 1)}\n` : renderTable(report));
  return report.pooled[LABELS[0]].failed > 0 ? EXIT.failed : EXIT.success;
}

/** `eval merge SHARD.json… [--json] [--html FILE]`. */
async function runMerge(argv: string[], err: Progress): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, html: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { readInputText } = await import('../inputFiles.js');
  const shards: Array<{ name: string; shard: EvalShard }> = parsed.positionals.map((name) => {
    let text: string;
    try {
      text = readInputText(name).text;
    } catch (error) {
      throw new UsageError(`eval merge: ${(error as Error).message.split('\n')[0]}`);
    }
    return { name, shard: parseShard(name, text) };
  });
  const { run, transcripts, results } = mergeShards(shards);
  const notes = [
    ...peerParamsNotes({ peerParams: run.peerParams as PeerOverrides }),
    ...inSampleNotes(transcripts, run.backend),
  ];
  const report = reportOf({ ...run, cv: false }, run, { results, notes, provenance: provenanceOf(transcripts) });
  return emit(report, { json: parsed.values.json === true, html: parsed.values.html ?? null }, err);
}

export async function run(argv: string[]): Promise<number> {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    if (argv[0] === 'merge') return await runMerge(argv.slice(1), err);
    const settings = parseSettings(argv);
    if (settings === 'help') {
      process.stdout.write(USAGE);
      return EXIT.success;
    }
    const config = loadConfig();
    for (const warning of config.warnings) err(warning);
    const model = createDecisionModel(config, createDefaultRegistry());
    if (settings.cv && model.backend !== 'offline')
      throw new UsageError(`--cv fits the offline model's weights; the configured backend is ${model.backend}`);
    const transcripts = readTranscripts(settings.paths, err, settings.shard ?? undefined);
    const measured = settings.cv
      ? await measureCrossValidated(transcripts, settings, config, controller.signal, err)
      : await measureCuts(transcripts, model, settings, config, controller.signal, err);
    if (measured === null) return EXIT.interrupted;
    if (settings.shard !== null) {
      const run = {
        cuts: settings.cuts,
        maskM: settings.maskM,
        seeds: settings.seeds,
        maxRecallLoss: settings.maxRecallLoss,
        options: settings.options,
        eligibleToolNames: settings.eligibleToolNames,
        policies: settings.policies,
        peerParams: settings.peerParams,
        backend: model.backend,
        model: model.model ?? null,
        promptVersion: model.promptVersion ?? null,
        files: countFiles(settings.paths),
      };
      process.stdout.write(`${JSON.stringify(shardDocument(settings.shard, run, transcripts, measured.results))}\n`);
      return measured.results.some((r) => r.error !== null) ? EXIT.failed : EXIT.success;
    }
    const report = reportOf(
      settings,
      { backend: model.backend, model: model.model ?? null },
      {
        ...measured,
        notes: [...peerParamsNotes(settings), ...measured.notes],
      },
    );
    return emit(report, settings, err);
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    err(failure.message);
    return failure.exit;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
