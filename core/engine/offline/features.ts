/**
 * The offline model's features: one number per candidate and feature, each with the words a
 * user reads in the decision's evidence. Both logits are linear in them (model.ts), with
 * weights fitted on labelled cuts (`npm run fit`, weights.ts). Lexical features read the
 * unfitted history view and the goal; evidence features read the core's evidence links
 * (core/engine/evidence.ts), whose facts may derive from result bodies.
 *
 * `sharesLaterUseExtractor` marks the features computed from the same term extractor as the
 * later-use label (core/engine/distinctive.ts, first-seen terms): `eval --cv` reports the
 * model refitted without them, since part of their agreement with that label is by construction.
 *
 * Past the ~300-line guideline because `FEATURES` is one table (name, value, evidence words) that
 * the weights, the fit and the evidence text all index: split, a feature's parts would drift apart.
 */
import type { CandidateEvidence } from '../evidence.js';
import { callInputText, readTargets } from '../evidence.js';
import { GENERIC_TERMS } from '../targetTerms.js';
import type { CallEntry, HistoryIndex } from './history.js';
import { inputTermsOf } from './history.js';
import type { TargetReading } from './mentions.js';
import { readTarget } from './mentions.js';
import { extractTerms, isNameTerm } from './terms.js';
import type { OfflineCalibration } from './calibration.js';
import { checkCalibration } from './calibration.js';

/** Messages after which a quote no longer marks the result as in the agent's working set. */
export const QUOTE_HALF_LIFE = 10;
/** Messages after which a result is half as likely to be in the working set by age alone. */
export const AGE_HALF_LIFE = 20;
/** Results this short cost almost nothing to keep (a truncation would barely shorten them). */
export const SMALL_RESULT_CHARS = 400;
/** Above this, the size term grows with log10(chars / LARGE_RESULT_CHARS). */
export const LARGE_RESULT_CHARS = 800;

/** Everything the features and their evidence lines read about one candidate. */
export interface CandidateFacts {
  entry: CallEntry;
  messageCount: number;
  goalNames: Hits;
  goalWords: Hits;
  /** The goal's asked-for and dismissed terms in the call's input or its message's narration (rules.ts). */
  workContext: { asked: number; dismissed: Hits };
  /** Who named the call's target later, by specificity, and whether its work was closed (mentions.ts). */
  target: TargetReading;
  exactCues: string[];
  isWrite: boolean;
  readsFile: boolean;
  resultChars: number;
  meanCandidateChars: number;
  goalNamedCalls: number;
  links: CandidateEvidence | null;
}

interface Hits {
  terms: string[];
  weight: number;
}

const saturate = (x: number) => x / (x + 2);
/** Short numbers (`12`) match dates and counts by chance. */
const isChanceNumber = (term: string) => /^\d{1,2}$/.test(term);

export function candidateFacts(
  index: HistoryIndex,
  pairId: string,
  links: CandidateEvidence | null,
): CandidateFacts | null {
  const entry = index.calls.get(pairId);
  if (!entry) return null;
  const { call, messageIndex } = entry;
  const hits = (): Hits => ({ terms: [], weight: 0 });
  const facts = { goalNames: hits(), goalWords: hits() };
  const add = (h: Hits, term: string, idf: number) => {
    h.terms.push(term);
    h.weight += idf;
  };
  // The input only: a tool name (`read_file`) is shared by many calls and points at none of them.
  const { terms: inputTerms, surfaces } = inputTermsOf(entry);
  const input = callInputText(call.input);
  // A generic word (`web`, `src`) shared with the goal points at no call in particular.
  const telling = (term: string) => !isChanceNumber(term) && !GENERIC_TERMS.has(term);
  for (const term of inputTerms.filter(telling)) {
    const written = surfaces.get(term) ?? term;
    if (index.goal.terms.has(term)) add(isNameTerm(term) ? facts.goalNames : facts.goalWords, written, index.idf(term));
  }
  // Which work a call belongs to shows in its input and in how the agent narrated it
  // ("Starting with the dark theme tokens."): the dismissal rule reads both.
  const narrated = new Map<string, string>();
  const workContext = { asked: 0, dismissed: hits() };
  for (const term of extractTerms(`${input}\n${index.narration[messageIndex] ?? ''}`, narrated)) {
    if (!telling(term)) continue;
    if (index.goal.terms.has(term)) workContext.asked += index.idf(term);
    if (index.goal.dismissed.has(term)) add(workContext.dismissed, narrated.get(term) ?? term, index.idf(term));
  }
  const targets = readTargets(call.toolName, call.input);
  return {
    entry,
    messageCount: index.messageCount,
    ...facts,
    workContext,
    target: readTarget(index, entry, links),
    exactCues: index.goal.exactCues,
    isWrite: targets.length === 0,
    readsFile: targets.some((t) => t.startsWith('file:')),
    resultChars: call.resultChars ?? 0,
    meanCandidateChars: index.meanCandidateChars,
    goalNamedCalls: index.goalNamedCalls,
    links,
  };
}

interface FeatureSpec {
  name: string;
  sharesLaterUseExtractor: boolean;
  value: (f: CandidateFacts) => number;
  /** What a user reads in the evidence when the feature moved a probability. */
  describe: (f: CandidateFacts) => string;
}

const list = (terms: readonly string[], n = 4) => terms.slice(0, n).join(', ');
const ageOf = (f: CandidateFacts) => Math.max(0, f.messageCount - 1 - f.entry.messageIndex);
const lastQuoteAge = (f: CandidateFacts) => {
  const at = f.links?.quotedAt ?? [];
  return at.length === 0 ? null : Math.max(0, f.messageCount - 1 - at[at.length - 1]);
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const FEATURES = [
  {
    name: 'goal_names',
    sharesLaterUseExtractor: false,
    value: (f) => saturate(f.goalNames.weight),
    describe: (f) => `the goal names what this call works on: ${list(f.goalNames.terms)}`,
  },
  {
    name: 'goal_words',
    sharesLaterUseExtractor: false,
    value: (f) => saturate(f.goalWords.weight),
    describe: (f) => `the goal shares words with this call's input: ${list(f.goalWords.terms)}`,
  },
  {
    name: 'goal_elsewhere',
    sharesLaterUseExtractor: false,
    value: (f) => (f.goalNames.weight === 0 && f.goalNamedCalls > 0 ? 1 : 0),
    describe: (f) =>
      `the goal names the work of ${f.goalNamedCalls} other call${f.goalNamedCalls === 1 ? '' : 's'}, not this one's`,
  },
  {
    name: 'goal_exact',
    sharesLaterUseExtractor: false,
    value: (f) => (f.exactCues.length > 0 ? saturate(f.goalNames.weight + f.goalWords.weight) : 0),
    describe: (f) => `the goal asks for exact evidence (${list(f.exactCues, 3)}) about this call`,
  },
  {
    name: 'later_user',
    sharesLaterUseExtractor: false,
    value: (f) => saturate(f.target.user.weight),
    describe: (f) => `the user named this call's target later (term, specificity): ${list(f.target.user.terms)}`,
  },
  {
    name: 'later_agent',
    sharesLaterUseExtractor: false,
    value: (f) => saturate(f.target.agent.weight),
    describe: (f) => `the agent named this call's target later (term, specificity): ${list(f.target.agent.terms)}`,
  },
  {
    name: 'later_output',
    sharesLaterUseExtractor: false,
    value: (f) => saturate(f.target.output.weight),
    describe: (f) =>
      `another tool's output named this call's target later (term, specificity): ${list(f.target.output.terms)}`,
  },
  {
    name: 'position',
    sharesLaterUseExtractor: false,
    value: (f) => f.entry.position,
    describe: (f) => `where it stands in the history: ${Math.round(f.entry.position * 100)} % of the way to the end`,
  },
  {
    name: 'recent',
    sharesLaterUseExtractor: false,
    value: (f) => 0.5 ** (ageOf(f) / AGE_HALF_LIFE),
    describe: (f) => `called ${plural(ageOf(f), 'message')} before the end of the history`,
  },
  {
    name: 'quoted_recently',
    sharesLaterUseExtractor: true,
    value: (f) => {
      const age = lastQuoteAge(f);
      return age === null ? 0 : 0.5 ** (age / QUOTE_HALF_LIFE);
    },
    describe: (f) =>
      `the agent repeated this result's content later (${list(f.links?.terms ?? [])}), last ${plural(lastQuoteAge(f) ?? 0, 'message')} ago`,
  },
  {
    name: 'quoted_often',
    sharesLaterUseExtractor: true,
    value: (f) => Math.min(1, (f.links?.quotedAt.length ?? 0) / 4),
    describe: (f) => `quoted in ${plural(f.links?.quotedAt.length ?? 0, 'later message')}`,
  },
  {
    name: 'restated',
    sharesLaterUseExtractor: true,
    value: (f) => f.links?.restated ?? 0,
    describe: (f) =>
      `the agent's next message repeated ${Math.round((f.links?.restated ?? 0) * 100)} % of what was new in it`,
  },
  {
    name: 'goal_names_content',
    sharesLaterUseExtractor: true,
    value: (f) => ((f.links?.goalTerms.length ?? 0) > 0 ? 1 : 0),
    describe: (f) => `the goal names content first seen in this result: ${list(f.links?.goalTerms ?? [])}`,
  },
  {
    name: 'nothing_new',
    sharesLaterUseExtractor: true,
    value: (f) => (f.links !== null && f.links.novelTerms === 0 ? 1 : 0),
    describe: () => 'the result brought no new paths, identifiers or numbers',
  },
  {
    name: 'new_content',
    sharesLaterUseExtractor: true,
    value: (f) => Math.min(1, Math.log10(1 + (f.links?.novelTerms ?? 0)) / 2),
    describe: (f) => `the result brought ${plural(f.links?.novelTerms ?? 0, 'new term')}`,
  },
  {
    name: 'superseded',
    sharesLaterUseExtractor: false,
    value: (f) => (f.links?.superseded_by ? 1 : 0),
    describe: (f) => `a later call read the same thing again (${f.links?.superseded_by ?? ''})`,
  },
  {
    name: 'write',
    sharesLaterUseExtractor: false,
    value: (f) => (f.isWrite ? 1 : 0),
    describe: () => 'a write or edit: its input is the change, its result a receipt',
  },
  {
    name: 'reads_file',
    sharesLaterUseExtractor: false,
    value: (f) => (f.readsFile ? 1 : 0),
    describe: () => 'it reads a whole file',
  },
  {
    name: 'large',
    sharesLaterUseExtractor: false,
    value: (f) => Math.max(0, Math.log10(Math.max(1, f.resultChars) / LARGE_RESULT_CHARS)),
    describe: (f) => `a large result (${f.resultChars} characters): the archive serves it`,
  },
  {
    name: 'long_input',
    sharesLaterUseExtractor: false,
    value: (f) => Math.log10(1 + f.entry.call.input.length / 100),
    describe: (f) => `its input is ${f.entry.call.input.length} characters long`,
  },
  {
    name: 'small',
    sharesLaterUseExtractor: false,
    value: (f) => (f.resultChars <= SMALL_RESULT_CHARS ? 1 : 0),
    describe: (f) => `a small result (${f.resultChars} characters): cheap to keep`,
  },
] as const satisfies readonly FeatureSpec[];

export type FeatureName = (typeof FEATURES)[number]['name'];
export const FEATURE_NAMES: readonly FeatureName[] = FEATURES.map((f) => f.name);

export type FeatureVector = Record<FeatureName, number>;

export function featureVector(facts: CandidateFacts): FeatureVector {
  return Object.fromEntries(FEATURES.map((f) => [f.name, f.value(facts)])) as FeatureVector;
}

/** The features computed from the later-use label's own extractor. */
export const SHARED_EXTRACTOR_FEATURES: readonly FeatureName[] = FEATURES.filter((f) => f.sharesLaterUseExtractor).map(
  (f) => f.name,
);

/** One logit: intercept plus one weight per feature. */
export interface Logit {
  bias: number;
  weights: FeatureVector;
}

/**
 * The default threshold's operating point as the fit's leave-one-conversation-out selection
 * measured it: the share of later-used results kept and the estimated character reduction, and
 * the recall floor the settings were chosen for. The inspector marks it on its curve, where a
 * single history has no labels to measure recall with.
 */
export interface OperatingPoint {
  threshold: number;
  recall: number;
  reduction: number;
  recallFloor: number;
}

/** The versioned file `npm run fit` writes (weights.ts) and the model loads. */
export interface OfflineWeights {
  /** Short content hash of the fitted numbers; part of the reported prompt version. */
  id: string;
  /** The scoring rules these weights were fitted for (OFFLINE_MODEL_VERSION). */
  model: string;
  fitted: {
    /** Transcripts the weights were fitted on: file name and SHA-256 of its bytes. */
    on: Array<{ source: string; sha256: string }>;
    cutsPerTranscript: number;
    candidates: number;
    /** How the targets and sample weights were made (docs/decision-model.md, Fitting). */
    method: string;
    /** Where the default threshold sits, cross-validated inside the fit data (absent before a fit). */
    operatingPoint?: OperatingPoint;
  };
  result: Logit;
  call: Logit;
  /**
   * Each question's held-out monotone map and the shared recall-first shift (calibration.ts),
   * applied after the logits; absent, the logits are used as fitted.
   */
  calibration?: OfflineCalibration;
}

/** Throws when a weights file does not fit the feature table (a stale or hand-edited file). */
export function checkWeights(weights: OfflineWeights, model: string): void {
  if (weights.model !== model)
    throw new Error(`offline weights were fitted for ${weights.model}, not ${model}: run npm run fit`);
  for (const logit of [weights.result, weights.call]) {
    const names = Object.keys(logit.weights).sort();
    const expected = [...FEATURE_NAMES].sort();
    if (names.join() !== expected.join())
      throw new Error(
        `offline weights name features [${names.join(', ')}], the model has [${expected.join(', ')}]: run npm run fit`,
      );
    for (const value of [logit.bias, ...Object.values(logit.weights)])
      if (!Number.isFinite(value)) throw new Error('offline weights hold a value that is not a finite number');
  }
  if (weights.calibration) checkCalibration(weights.calibration);
}

/** Weights that move nothing: features do not depend on weights, so fitting records them with these. */
export function neutralWeights(model: string): OfflineWeights {
  const zero = () => ({ bias: 0, weights: Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as FeatureVector });
  return {
    id: 'neutral',
    model,
    fitted: { on: [], cutsPerTranscript: 0, candidates: 0, method: 'none' },
    result: zero(),
    call: zero(),
  };
}
