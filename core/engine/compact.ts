/**
 * One compaction pass (SPEC §2–§6): validate, guard, observe, batch, ask, decide, rebuild.
 * Returns the §6 envelope; bad input throws `RequestError` (it is the caller's mistake,
 * not a failed compaction).
 */
import { planBatches } from './batching.js';
import { decide } from './decide.js';
import { exceedsNesting, NESTING_MESSAGE } from './depth.js';
import type { CandidateEvidence } from './evidence.js';
import { computeEvidence, publicLink } from './evidence.js';
import type { Analysis, Policy } from './guards.js';
import { analyze } from './guards.js';
import type { DecisionBatch, DecisionModel, RequestSettings } from './model.js';
import { DEFAULT_REQUEST_SETTINGS } from './model.js';
import type { Observation } from './observation.js';
import { buildView, fitObservation } from './observation.js';
import { callKey, resultKey } from './questions.js';
import { rebuild, rebuildOptionsOf } from './rebuild.js';
import type { AttemptRecord, Tally } from './runner.js';
import { CompactionError, runBatches } from './runner.js';
import type { Action, CompactRequest, CompactResponse, Decision, ErrorCode, Stats } from './schema.js';
import { describeZodError, RequestSchema, SCHEMA_VERSION } from './schema.js';

/** Bad input: the request does not satisfy SPEC §1/§5. Code `invalid_input`. */
export class RequestError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'RequestError';
  }
}

export interface Progress {
  phase: 'observing' | 'asking' | 'rebuilding' | 'done';
  batchesDone: number;
  batchesTotal: number;
}

export interface CompactOptions {
  model: DecisionModel;
  signal?: AbortSignal;
  settings?: Partial<RequestSettings>;
  onProgress?: (progress: Progress) => void;
  /** `shared`: unchanged messages of the result are the input's own objects (see rebuild). */
  copy?: 'deep' | 'shared';
}

/** Everything a run learned, for the inspector: the response plus what led to it. */
export interface CompactDetails {
  response: CompactResponse;
  request: CompactRequest | null;
  analysis: Analysis | null;
  observation: Observation | null;
  batches: Array<Pick<DecisionBatch, 'index' | 'questionText'> & { keys: string[] }>;
  attempts: AttemptRecord[];
}

/** Parses a request, throwing `RequestError` with a one-line reason. */
export function parseRequest(input: unknown): CompactRequest {
  const parsed = RequestSchema.safeParse(input);
  if (!parsed.success) throw new RequestError(describeZodError(parsed.error));
  // Deep or circular messages would crash JSON.stringify/structuredClone later with a RangeError.
  if (exceedsNesting((input as { messages: unknown }).messages)) throw new RequestError(`messages: ${NESTING_MESSAGE}`);
  // Keep the caller's message objects: zod's copies would not keep key order.
  return { ...parsed.data, messages: (input as { messages: CompactRequest['messages'] }).messages };
}

export function policyOf(request: CompactRequest): Policy {
  return {
    eligibleToolNames: request.eligible_tool_names,
    protectedMessageIds: request.protected_message_ids,
    protectedCallIds: request.protected_call_ids,
    preserveRecentMessages: request.options.preserve_recent_messages,
  };
}

export async function compactContext(input: unknown, options: CompactOptions): Promise<CompactResponse> {
  return (await compactDetailed(input, options)).response;
}

export async function compactDetailed(input: unknown, options: CompactOptions): Promise<CompactDetails> {
  const started = Date.now();
  const request = parseRequest(input);
  const { messages } = request;
  const opts = request.options;
  const analysis = analyze(messages, policyOf(request));
  const tally: Tally = { requests: 0, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } };
  // §6 measures the compact JSON of the message array; per-message lengths let chars_after reuse them.
  const messageLengths = messages.map((message) => JSON.stringify(message).length);
  const stats: Stats = {
    messages_before: messages.length,
    messages_after: null,
    chars_before: jsonArrayLength(messageLengths),
    chars_after: null,
    candidates: analysis.counts.candidates,
    protected: analysis.counts.protected,
    ineligible: analysis.counts.ineligible,
    observation_tokens: 0,
    fitting_stage: 0,
    requests: 0,
    usage: tally.usage,
    elapsed_ms: null,
  };
  if (options.model.promptVersion) stats.prompt_version = options.model.promptVersion;
  const details: CompactDetails = {
    response: null as unknown as CompactResponse,
    request,
    analysis,
    observation: null,
    batches: [],
    attempts: [],
  };
  const fail = (code: ErrorCode, message: string): CompactDetails => {
    stats.requests = tally.requests;
    stats.elapsed_ms = Date.now() - started;
    details.response = {
      success: false,
      answer: { schema_version: SCHEMA_VERSION, error: { code, message } },
      metadata: { compaction: stats },
    };
    return details;
  };

  const probabilities = new Map<string, number>();
  const evidence = new Map<string, string[]>();
  let links = new Map<string, CandidateEvidence>();
  if (analysis.candidates.length > 0) {
    links = computeEvidence(messages, analysis, request.goal);
    options.onProgress?.({ phase: 'observing', batchesDone: 0, batchesTotal: 0 });
    const full = buildView(messages, analysis, request.goal, request.tools ?? [], opts.preserve_recent_messages);
    const { observation, fitted } = fitObservation(full, opts.max_state_tokens);
    details.observation = observation;
    stats.observation_tokens = observation.tokens;
    stats.fitting_stage = observation.view.stage;
    if (!fitted) {
      return fail(
        'observation_too_large',
        `the observation needs about ${observation.tokens} tokens even after every fitting stage; max_state_tokens is ${opts.max_state_tokens}`,
      );
    }
    const planned = planBatches(analysis.candidates, {
      observationTokens: observation.tokens,
      maxRequestTokens: opts.max_request_tokens,
      instructionTokens: options.model.instructionTokens ?? 0,
      maxKeysPerRequest: options.model.maxKeysPerRequest ?? Number.POSITIVE_INFINITY,
    });
    if (planned === null) {
      return fail(
        'question_does_not_fit',
        `the observation (about ${observation.tokens} tokens) plus one question pair does not fit max_request_tokens (${opts.max_request_tokens}, 256 reserved)`,
      );
    }
    const local = options.model.acceptsEvidenceLinks === true;
    const evidenceLinks = local ? Object.fromEntries(links) : undefined;
    const batches: DecisionBatch[] = planned.map((b, index) => ({
      index,
      total: planned.length,
      observation: observation.text,
      view: observation.view,
      questions: b.questions,
      questionText: b.questionText,
      evidenceLinks,
      history: local ? full : undefined,
    }));
    details.batches = batches.map((b) => ({
      index: b.index,
      questionText: b.questionText,
      keys: b.questions.map((q) => q.key),
    }));
    options.onProgress?.({ phase: 'asking', batchesDone: 0, batchesTotal: batches.length });
    try {
      const run = await runBatches(batches, options.model, {
        maxConcurrency: opts.max_concurrency,
        totalTimeoutMs: opts.total_timeout_seconds * 1000,
        settings: { ...DEFAULT_REQUEST_SETTINGS, ...options.settings },
        signal: options.signal,
        tally,
        onBatchDone: (done, total) => options.onProgress?.({ phase: 'asking', batchesDone: done, batchesTotal: total }),
        onAttempt: (record) => details.attempts.push(record),
      });
      for (const [key, value] of run.probabilities) probabilities.set(key, value);
      for (const result of run.results)
        for (const [pairId, terms] of Object.entries(result.evidence ?? {})) evidence.set(pairId, terms);
    } catch (error) {
      if (error instanceof CompactionError) return fail(error.code, error.message);
      throw error;
    }
  }

  options.onProgress?.({
    phase: 'rebuilding',
    batchesDone: details.batches.length,
    batchesTotal: details.batches.length,
  });
  const decisions = decisionsFor(analysis, probabilities, opts.keep_threshold, evidence, links);
  const actions = new Map<string, Action>(decisions.map((d) => [d.pair_id, d.action]));
  const rebuilt = rebuild(messages, analysis.pairs, actions, rebuildOptionsOf(request), options.copy !== 'shared');
  stats.messages_after = rebuilt.messages.length;
  // Unchanged messages keep their measured length: only rebuilt ones are serialized again.
  stats.chars_after = jsonArrayLength(
    rebuilt.origins.map((origin, i) =>
      origin === null ? JSON.stringify(rebuilt.messages[i]).length : messageLengths[origin],
    ),
  );
  stats.requests = tally.requests;
  stats.elapsed_ms = Date.now() - started;
  const reason = analysis.candidates.length === 0 ? 'no_candidates' : rebuilt.changed ? 'compacted' : 'no_change';
  details.response = {
    success: true,
    answer: {
      schema_version: SCHEMA_VERSION,
      messages: rebuilt.messages,
      changed: rebuilt.changed,
      reason,
      decisions,
      stats,
    },
    metadata: { compaction: stats },
  };
  options.onProgress?.({ phase: 'done', batchesDone: details.batches.length, batchesTotal: details.batches.length });
  return details;
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

/** Length of `JSON.stringify` of an array whose elements serialize to these lengths: `[a,b,c]`. */
function jsonArrayLength(lengths: readonly number[]): number {
  let total = 2 + Math.max(0, lengths.length - 1);
  for (const length of lengths) total += length;
  return total;
}
