/**
 * Stage 3 of a pass (R12–R15, §6): decide every pair, rebuild the messages and measure them,
 * and wrap it all in the §6 envelope. A pass that failed while preparing or asking gets the
 * failure envelope with the stats it had reached.
 */
import type { Answers } from './ask.js';
import { decide } from './decide.js';
import type { CandidateEvidence } from './evidence.js';
import { publicLink } from './evidence.js';
import type { Analysis } from './guards.js';
import { jsonArrayLength, unchangedPrefix } from './measure.js';
import type { PassFailure, Prepared } from './prepare.js';
import { callKey, resultKey } from './questions.js';
import type { Rebuilt } from './rebuild.js';
import { rebuild, rebuildOptionsOf } from './rebuild.js';
import { SCHEMA_VERSION } from './constants.js';
import type { Action, CompactResponse, Decision, Stats } from './schema.js';

export interface AssembleOptions {
  /** `Date.now()` when the pass started, for `elapsed_ms`. */
  startedAt: number;
  promptVersion?: string;
  /** `shared`: unchanged messages of the result are the input's own objects (see rebuild). */
  copy?: 'deep' | 'shared';
}

export function assemble(prepared: Prepared, answers: Answers, options: AssembleOptions): CompactResponse {
  const failure = prepared.failure ?? answers.failure;
  if (failure) return failed(statsOf(prepared, answers, null, options), failure);
  const { request, analysis } = prepared;
  const decisions = decisionsFor(
    analysis,
    answers.probabilities,
    request.options.keep_threshold,
    answers.evidence,
    prepared.links,
  );
  const rebuilt = rebuild(
    request.messages,
    analysis.pairs,
    new Map<string, Action>(decisions.map((d) => [d.pair_id, d.action])),
    rebuildOptionsOf(request),
    options.copy !== 'shared',
  );
  const stats = statsOf(prepared, answers, rebuilt, options);
  return {
    success: true,
    answer: {
      schema_version: SCHEMA_VERSION,
      messages: rebuilt.messages,
      changed: rebuilt.changed,
      reason: analysis.candidates.length === 0 ? 'no_candidates' : rebuilt.changed ? 'compacted' : 'no_change',
      decisions,
      stats,
    },
    metadata: { compaction: stats },
  };
}

function failed(stats: Stats, error: PassFailure): CompactResponse {
  return {
    success: false,
    answer: { schema_version: SCHEMA_VERSION, error },
    metadata: { compaction: stats },
  };
}

/** §6 stats; `rebuilt` is null for a failed pass, whose "after" figures are null. */
function statsOf(prepared: Prepared, answers: Answers, rebuilt: Rebuilt | null, options: AssembleOptions): Stats {
  const { analysis, messageLengths, observation } = prepared;
  const stats: Stats = {
    messages_before: messageLengths.length,
    messages_after: rebuilt ? rebuilt.messages.length : null,
    chars_before: jsonArrayLength(messageLengths),
    chars_after: rebuilt ? jsonArrayLength(rebuiltLengths(rebuilt, messageLengths)) : null,
    ...(rebuilt
      ? unchangedPrefix(prepared.request.messages, rebuilt.firstChanged, messageLengths)
      : { first_changed_message_id: null, unchanged_prefix_chars: null, unchanged_prefix_tokens: null }),
    candidates: analysis.counts.candidates,
    protected: analysis.counts.protected,
    ineligible: analysis.counts.ineligible,
    observation_tokens: observation?.tokens ?? 0,
    fitting_stage: observation?.view.stage ?? 0,
    requests: answers.tally.requests,
    usage: answers.tally.usage,
    elapsed_ms: Date.now() - options.startedAt,
  };
  if (options.promptVersion) stats.prompt_version = options.promptVersion;
  return stats;
}

/** Unchanged messages keep their measured length: only rebuilt ones are serialized again. */
function rebuiltLengths(rebuilt: Rebuilt, messageLengths: readonly number[]): number[] {
  return rebuilt.origins.map((origin, i) =>
    origin === null ? JSON.stringify(rebuilt.messages[i]).length : messageLengths[origin],
  );
}

/** One decision per well-formed pair (R2 blocks have none), derived with `decide` (R12, R15). */
export function decisionsFor(
  analysis: Analysis,
  probabilities: ReadonlyMap<string, number>,
  threshold: number,
  evidence?: ReadonlyMap<string, string[]>,
  links?: ReadonlyMap<string, CandidateEvidence>,
): Decision[] {
  return analysis.pairs.map((pair) => {
    const keepCall = pair.guard === null ? (probabilities.get(callKey(pair.pairId)) ?? null) : null;
    const keepResult = pair.guard === null ? (probabilities.get(resultKey(pair.pairId)) ?? null) : null;
    const verdict = decide(
      keepCall === null || keepResult === null ? null : { keepCall, keepResult },
      threshold,
      pair.guard,
    );
    const decision: Decision = {
      pair_id: pair.pairId,
      call_id: pair.callId,
      tool_name: pair.toolName,
      action: verdict.action,
      reason: verdict.reason,
      keep_call: keepCall,
      keep_result: keepResult,
    };
    const terms = evidence?.get(pair.pairId);
    if (terms) decision.evidence = terms;
    const link = links?.get(pair.pairId);
    if (link) decision.evidence_links = publicLink(link);
    return decision;
  });
}
