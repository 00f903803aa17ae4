/**
 * The `offline` backend: a deterministic, explainable local model. It is not a language
 * model. Because it runs in-process it reads the unfitted history view (`batch.history`: the
 * observation before R7 shortened anything, so the budget never changes its decisions) and the
 * core's evidence links (`batch.evidenceLinks`, core/evidence.ts), whose facts may derive from
 * result bodies. Per candidate:
 *
 * - goal overlap: IDF-weighted terms of the call's input that occur in the goal (not the
 *   tool name, not 1–2 digit numbers; terms from goal clauses that call work finished or
 *   irrelevant count against it);
 * - later use: the same terms in conversation text and call inputs after the call;
 * - recency: the call's position in the conversation (0 oldest, 1 newest);
 * - exactness: whether the goal asks for exact evidence (patch, verbatim, log lines, …);
 * - evidence signals (signals.ts): recently quoted by the agent, goal names content first
 *   seen in the result, how much new content it brought (none: nothing to keep), superseded
 *   by a later read, write receipts, result size (large results are served by the archive,
 *   small ones cost nothing to keep).
 *
 * Scores saturate as s = x / (x + 2) and map to probabilities with p = 1 / (1 + e^-z):
 *   z_call   = -2.2 + 4.0·goal + 1.5·later + 1.0·recency − 3.0·dismissed + signals.call
 *   z_result = -3.0 + 3.0·goal + 0.8·later + 0.6·recency + 2.2·exact·goal − 3.0·dismissed + signals.result
 * Every term that moved a probability is named in the decision's `evidence`. Measured on
 * ../shared/corpus with `compaction-inspector eval` (DEVELOPMENT.md, Evaluation).
 */
import type { CandidateEvidence } from '../evidence.js';
import type { DecisionBatch, DecisionModel, DecisionResult } from '../model.js';
import { zeroUsage } from '../model.js';
import type { ObservationView, ObservedCall } from '../observation.js';
import { evidenceSignals } from './signals.js';
import { readGoal } from './goal.js';
import { extractTerms } from './terms.js';

export const OFFLINE_MODEL_VERSION = 'offline-evidence-2';

const logistic = (z: number) => 1 / (1 + Math.exp(-z));
const saturate = (x: number) => x / (x + 2);
const round = (x: number) => Math.round(x * 1000) / 1000;
/** Logit of `p_result` with no signal at all: an unremarkable old result is truncated. */
export const BIAS = { result: -3.0 };

interface Corpus {
  idf: (term: string) => number;
  /** Index of the last message that mentions the term. */
  lastSeen: Map<string, number>;
  goalTerms: Set<string>;
  dismissedTerms: Set<string>;
  exactCues: string[];
  calls: Map<string, { call: ObservedCall; messageIndex: number; position: number }>;
  messageCount: number;
}

/** Everything per observation, computed once and shared by the batches of one run. */
function index(view: ObservationView): Corpus {
  const df = new Map<string, number>();
  const lastSeen = new Map<string, number>();
  const calls = new Map<string, { call: ObservedCall; messageIndex: number; position: number }>();
  view.messages.forEach((message, position) => {
    const parts: string[] = [];
    for (const item of message.items) {
      if (item.kind === 'text') parts.push(item.text);
      if (item.kind === 'call') {
        parts.push(item.input);
        if (item.pairId) calls.set(item.pairId, { call: item, messageIndex: position, position: 0 });
      }
    }
    for (const term of new Set(extractTerms(parts.join('\n')))) {
      df.set(term, (df.get(term) ?? 0) + 1);
      lastSeen.set(term, position);
    }
  });
  const n = Math.max(1, view.messages.length);
  for (const entry of calls.values()) entry.position = n > 1 ? entry.messageIndex / (n - 1) : 1;

  const goal = readGoal(view.goal);
  return {
    idf: (term) => Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5)),
    lastSeen,
    goalTerms: goal.terms,
    dismissedTerms: goal.dismissed,
    exactCues: goal.exactCues,
    calls,
    messageCount: n,
  };
}

export interface OfflineScore {
  keepCall: number;
  keepResult: number;
  evidence: string[];
}

export function scoreCall(corpus: Corpus, pairId: string, links?: CandidateEvidence): OfflineScore {
  const entry = corpus.calls.get(pairId);
  if (!entry) return { keepCall: 0.5, keepResult: 0.5, evidence: ['not found in the observation'] };
  const { call, messageIndex, position } = entry;
  // The input only: a tool name (`read_file`) is shared by many calls and points at none of
  // them; short numbers (`12`) match dates and counts by chance.
  const terms = extractTerms(call.input).filter((t) => !/^\d{1,2}$/.test(t));
  let goalWeight = 0;
  let laterWeight = 0;
  let dismissedWeight = 0;
  const goalHits: string[] = [];
  const laterHits: string[] = [];
  const dismissedHits: string[] = [];
  for (const term of terms) {
    const idf = corpus.idf(term);
    if (corpus.goalTerms.has(term)) {
      goalWeight += idf;
      goalHits.push(term);
    }
    if (corpus.dismissedTerms.has(term)) {
      dismissedWeight += idf;
      dismissedHits.push(term);
    }
    if ((corpus.lastSeen.get(term) ?? -1) > messageIndex) {
      laterWeight += idf;
      laterHits.push(term);
    }
  }
  const goal = saturate(goalWeight);
  const later = saturate(laterWeight);
  const dismissed = dismissedWeight > goalWeight ? saturate(dismissedWeight) : 0;
  const exact = corpus.exactCues.length > 0 ? 1 : 0;
  const signals = links
    ? evidenceSignals(
        { toolName: call.toolName, input: call.input, resultMessage: messageIndex, messageCount: corpus.messageCount },
        links,
      )
    : null;
  const zCall = -2.2 + 4.0 * goal + 1.5 * later + 1.0 * position - 3.0 * dismissed + (signals?.call ?? 0);
  const zResult =
    BIAS.result +
    3.0 * goal +
    0.8 * later +
    0.6 * position +
    2.2 * exact * goal -
    3.0 * dismissed +
    (signals?.result ?? 0);

  const evidence: string[] = [];
  if (goalHits.length) evidence.push(`goal: ${goalHits.slice(0, 6).join(', ')}`);
  if (dismissedHits.length) evidence.push(`goal calls finished/irrelevant: ${dismissedHits.slice(0, 6).join(', ')}`);
  if (laterHits.length) evidence.push(`later: ${laterHits.slice(0, 6).join(', ')}`);
  if (exact && goal > 0) evidence.push(`goal asks for exact evidence: ${corpus.exactCues.slice(0, 3).join(', ')}`);
  evidence.push(`recency ${round(position)}`);
  if (signals) evidence.push(...signals.evidence);
  return { keepCall: round(logistic(zCall)), keepResult: round(logistic(zResult)), evidence };
}

export function createOfflineModel(): DecisionModel {
  // The view is shared by every batch of a run: index it once.
  let cached: { view: ObservationView; corpus: Corpus } | null = null;
  return {
    backend: 'offline',
    model: OFFLINE_MODEL_VERSION,
    deterministic: true,
    promptVersion: OFFLINE_MODEL_VERSION,
    // Local: it may read facts derived from result bodies; they never leave the process.
    acceptsEvidenceLinks: true,
    async decide(batch: DecisionBatch): Promise<DecisionResult> {
      // Evidence comes from the history, not from the fitted observation (R7 shortens inputs
      // into invalid JSON and omits old text): the budget must not change local decisions.
      const view = batch.history ?? batch.view;
      if (cached?.view !== view) cached = { view, corpus: index(view) };
      const { corpus } = cached;
      const probabilities: Record<string, number> = {};
      const evidence: Record<string, string[]> = {};
      for (const question of batch.questions) {
        if (question.kind !== 'call') continue;
        const score = scoreCall(corpus, question.pairId, batch.evidenceLinks?.[question.pairId]);
        probabilities[question.key] = score.keepCall;
        probabilities[`result_${question.pairId}`] = score.keepResult;
        evidence[question.pairId] = score.evidence;
      }
      return { probabilities, usage: zeroUsage(), evidence };
    },
  };
}
