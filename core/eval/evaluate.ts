/**
 * Runs one cut through the real core (compactDetailed) with the configured model, then scores
 * the model's actions, the baselines and a threshold sweep against the later-use labels. The
 * sweep and every curve re-derive actions from the one set of probabilities (R15): one model
 * call per cut, whatever is measured.
 */
import type { CompactOptions } from '../engine/compact.js';
import { compactDetailed, decisionsFor } from '../engine/compact.js';
import type { DecisionModel } from '../engine/model.js';
import { callKey, resultKey } from '../engine/questions.js';
import type { Action, CompactRequestInput, Decision, Message, OptionsInput } from '../engine/schema.js';
import { blocksOf } from '../engine/pairing.js';
import { rebuildOptionsOf } from '../engine/rebuild.js';
import { labelCallUse } from './callLabel.js';
import type { Cut } from './cuts.js';
import type { LabelContext, LabelName } from './labels.js';
import { LABELS, labelCut } from './labels.js';
import type { CutSubject, Tallies } from './measure.js';
import { meanTallies, perLabel, tally, ZERO_TALLY } from './measure.js';
import type { Actions } from '../policies/baselines.js';
import { keepAll, masking, randomLike, randomShare } from '../policies/baselines.js';
import type { PoliciesCut } from './peerEval.js';
import { measurePolicies } from './peerEval.js';
import type { PeerRun } from '../policies/peers/index.js';
import type { CutCeiling } from './ceiling.js';
import { labelledActions, usedSavings } from './ceiling.js';

export const SWEEP_THRESHOLDS = Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100);
export const MASK_CURVE = [0, 1, 2, 3, 5, 10, 15, 20, 30, 50];
export const RANDOM_SHARES = Array.from({ length: 11 }, (_, i) => i / 10);

export interface EvalSettings {
  maskM: number;
  seeds: number;
  /** Request options (SPEC §5) for every cut; defaults otherwise. */
  options?: OptionsInput;
  /** The tools a policy makes eligible (R5); every tool the history calls when absent. */
  eligibleToolNames?: readonly string[];
  signal?: AbortSignal;
  settings?: CompactOptions['settings'];
  /**
   * A second model measured on the same cuts (its actions only, as `policies.ablation`):
   * `eval --cv` uses it for the model refitted without the signals that share a label's extractor.
   */
  ablation?: DecisionModel;
  /** `eval --policies`: the peer policies measured on every cut beside the model. */
  peers?: readonly PeerRun[];
}

export interface CutResult {
  source: string;
  cut: number;
  historyMessages: number;
  goal: string;
  error: { code: string; message: string } | null;
  threshold: number;
  policies: { model: Tallies; masking: Tallies; random: Tallies; keepAll: Tallies; ablation?: Tallies };
  sweep: Array<{ threshold: number; tally: Tallies }>;
  maskCurve: Array<{ m: number; tally: Tallies }>;
  randomCurve: Array<{ share: number; tally: Tallies }>;
  /** `eval --policies` only. */
  peerPolicies?: PoliciesCut;
  /** The label ceiling's parts (ceiling.ts): each labelled rebuild's length and what each used result saves. */
  ceiling: CutCeiling;
  /** Per candidate, for auditing a label or a decision. */
  candidates: Array<{
    call_id: string;
    tool_name: string;
    used: Record<LabelName, boolean>;
    reused: Record<LabelName, string[]>;
    /** The keep_call label's naming half (callLabel.ts): the input or target is named again. */
    call_named: boolean;
    action: Action;
    keep_result: number | null;
    keep_call: number | null;
  }>;
}

/** Every tool name the history calls: an evaluation asks about every call (R5 needs them listed). */
export function toolNames(messages: CompactRequestInput['messages']): string[] {
  const names = new Set<string>();
  for (const message of messages)
    for (const block of blocksOf(message))
      if (block.type === 'tool_call' && typeof block.name === 'string') names.add(block.name);
  return [...names].sort();
}

/** The request a cut makes: the history before it, its goal, and `eligible` or every tool it calls eligible. */
export function cutRequest(
  messages: readonly Message[],
  cut: Cut,
  options: OptionsInput = {},
  eligible?: readonly string[],
): CompactRequestInput {
  const history = messages.slice(0, cut.index);
  return { messages: history, goal: cut.goal, eligible_tool_names: [...(eligible ?? toolNames(history))], options };
}

function probabilitiesOf(decisions: readonly Decision[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of decisions) {
    if (d.keep_call !== null) out.set(callKey(d.pair_id), d.keep_call);
    if (d.keep_result !== null) out.set(resultKey(d.pair_id), d.keep_result);
  }
  return out;
}

function actionsOf(decisions: readonly Decision[]): Actions {
  return new Map(decisions.map((d) => [d.pair_id, d.action]));
}

export async function evaluateCut(
  source: string,
  context: LabelContext,
  cut: Cut,
  model: DecisionModel,
  settings: EvalSettings,
): Promise<CutResult> {
  const history = context.messages.slice(0, cut.index);
  const request = cutRequest(context.messages, cut, settings.options, settings.eligibleToolNames);
  const details = await compactDetailed(request, {
    model,
    signal: settings.signal,
    settings: settings.settings,
    copy: 'shared',
  });
  const base = { source, cut: cut.index, historyMessages: history.length, goal: cut.goal };
  const parsed = details.request;
  const analysis = details.analysis;
  if (!details.response.success || parsed === null || analysis === null) {
    const error = details.response.success
      ? { code: 'internal', message: 'no analysis' }
      : details.response.answer.error;
    const empty = perLabel(() => ZERO_TALLY);
    return {
      ...base,
      error,
      threshold: 0,
      policies: { model: empty, masking: empty, random: empty, keepAll: empty },
      sweep: [],
      maskCurve: [],
      randomCurve: [],
      ceiling: { charsBefore: 0, charsAfter: { keepingNeededCalls: 0, droppingCalls: 0 }, used: [] },
      candidates: [],
    };
  }
  const { decisions } = details.response.answer;
  const labels = labelCut(context, cut);
  const calls = labelCallUse(context, cut);
  const subject: CutSubject = {
    history,
    analysis,
    labels,
    rebuildOptions: rebuildOptionsOf(parsed),
    charsBefore: JSON.stringify(history).length,
  };
  const modelActions = actionsOf(decisions);
  const probabilities = probabilitiesOf(decisions);
  const seeds = Array.from({ length: Math.max(1, settings.seeds) }, (_, i) => i + 1);
  const randomMean = (make: (seed: number) => Actions) => meanTallies(seeds.map((seed) => tally(subject, make(seed))));
  const ablation = settings.ablation ? await ablationActions(request, settings.ablation, settings) : null;
  return {
    ...base,
    error: null,
    threshold: parsed.options.keep_threshold,
    policies: {
      model: tally(subject, modelActions),
      masking: tally(subject, masking(analysis, settings.maskM)),
      random: randomMean((seed) => randomLike(analysis, modelActions, seed)),
      keepAll: tally(subject, keepAll(analysis)),
      ...(ablation ? { ablation: tally(subject, ablation) } : {}),
    },
    sweep: SWEEP_THRESHOLDS.map((threshold) => ({
      threshold,
      tally: tally(subject, actionsOf(decisionsFor(analysis, probabilities, threshold))),
    })),
    maskCurve: MASK_CURVE.map((m) => ({ m, tally: tally(subject, masking(analysis, m)) })),
    randomCurve: RANDOM_SHARES.map((share) => ({
      share,
      tally: randomMean((seed) => randomShare(analysis, share, seed)),
    })),
    ...(settings.peers ? { peerPolicies: measurePolicies(subject, settings.peers, modelActions, probabilities) } : {}),
    ceiling: {
      charsBefore: subject.charsBefore,
      charsAfter: {
        keepingNeededCalls: tally(subject, labelledActions(analysis, labels, calls, 'keepingNeededCalls'))[LABELS[0]]
          .charsAfter,
        droppingCalls: tally(subject, labelledActions(analysis, labels, calls, 'droppingCalls'))[LABELS[0]].charsAfter,
      },
      used: usedSavings(analysis, labels, calls, subject.rebuildOptions),
    },
    candidates: decisions
      .filter((d) => d.keep_result !== null)
      .map((d) => ({
        call_id: d.call_id,
        tool_name: d.tool_name,
        used: perLabel((label) => labels[label].get(d.call_id)?.used === true),
        reused: perLabel((label) => labels[label].get(d.call_id)?.terms ?? []),
        call_named: calls.get(d.call_id)?.needed === true,
        action: d.action,
        keep_result: d.keep_result,
        keep_call: d.keep_call,
      })),
  };
}

/** The actions a second model proposes for the same request (its failure fails the cut's comparison loudly). */
async function ablationActions(
  request: CompactRequestInput,
  model: DecisionModel,
  settings: EvalSettings,
): Promise<Actions> {
  const details = await compactDetailed(request, {
    model,
    signal: settings.signal,
    settings: settings.settings,
    copy: 'shared',
  });
  if (!details.response.success) throw new Error(`ablation model failed: ${details.response.answer.error.message}`);
  return actionsOf(details.response.answer.decisions);
}
