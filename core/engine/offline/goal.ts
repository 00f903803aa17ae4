/**
 * Reading the goal for the offline model: which terms name the work asked for, which name
 * work the goal dismisses, and whether it asks for exact text.
 *
 * A term is dismissed only when a sentence says that *its work* is finished or irrelevant —
 * "the logo search and the inventory export are finished", "ignore the theme fix" — never
 * because negation words describe the task itself: "stop sending Content-Length", "no longer
 * send it", "without a body" ask for work on Content-Length. Only the subject of such a
 * predicate (or the object of "ignore …") is dismissed, not the rest of the sentence.
 */
import { distinctiveTerms, mentions } from '../distinctive.js';
import { extractTerms } from './terms.js';

export interface GoalReading {
  /** Terms of the work asked for (none that the goal also dismisses). */
  terms: Set<string>;
  /** Terms of work the goal calls finished or irrelevant. */
  dismissed: Set<string>;
  /** The goal's distinctive terms (paths, identifiers, …; core/distinctive.ts), lower-cased. */
  distinctive: Set<string>;
  /** Words asking for exact evidence of some kind (patch, diff, log lines, SQL, …). */
  exactCues: string[];
  /** Words asking for text verbatim (verbatim, exact, quote, word for word, …). */
  verbatimCues: string[];
  /** The goal lower-cased, for naming checks. */
  lower: string;
}

/** Words in a goal that ask for exact evidence (p_result). */
export const EXACT_CUES = [
  'exact',
  'exactly',
  'verbatim',
  'quote',
  'quoted',
  'quoting',
  'patch',
  'diff',
  'offset',
  'offsets',
  'line number',
  'line numbers',
  'log line',
  'log lines',
  'sql',
  'literal',
  'byte',
  'checksum',
  'stack trace',
  'traceback',
  'cite',
  'copy',
];

/** The narrower cues that ask for a result's text as it stands. */
export const VERBATIM_CUES = [
  'verbatim',
  'exact',
  'exactly',
  'word for word',
  'quote',
  'quotes',
  'quoted',
  'quoting',
  'literal',
  'literally',
  'as-is',
  'byte-for-byte',
  'character for character',
];

/**
 * Words that say how to work, not on what: "check", "verify", "look at", "make sure". A call
 * whose input shares one of them with the goal is no more about the goal for it.
 */
const WORK_VERBS = new Set(
  (
    'check verify look see find make sure ensure try show tell let need want please next also still again first then ' +
    'keep get give go work start continue figure understand investigate inspect review examine confirm think know'
  )
    .split(' ')
    .flatMap((word) => extractTerms(word)),
);

/** A predicate saying the subject before it is finished or irrelevant work. */
const DISMISSING_PREDICATE = new RegExp(
  String.raw`\b(?:is|are|was|were|has been|have been|'s|'re)\s+(?:now\s+|already\s+|all\s+|both\s+|also\s+)*` +
    String.raw`(?:done|finished|complete|completed|irrelevant|unrelated|obsolete|resolved|closed|moot|out of scope|` +
    String.raw`no longer (?:needed|relevant|required|important|in scope)|not (?:needed|relevant|required|important|in scope))\b` +
    String.raw`|\b(?:can|may|should) be (?:ignored|skipped|dropped|set aside)\b` +
    String.raw`|\b(?:does|do) not matter\b|\bdoesn't matter\b|\bdon't matter\b`,
  'i',
);

/** An imperative dismissing its object: "ignore the theme fix". */
const DISMISSING_IMPERATIVE = /^(?:please\s+)?(?:ignore|disregard|forget(?:\s+about)?|set aside|never mind)\s+(.+)$/i;

/** "…, and fix …", "then run …": a second order after a dismissing imperative. */
const NEXT_ORDER =
  /,?\s+(?:and|then|but|and then)\s+(?=(?:fix|patch|write|run|update|add|make|check|read|open|look|use|continue|focus|finish|implement|create|remove|change|edit|test|keep|go|work|start|do|answer|report|show|explain|find|search)\b)|[;,]\s+(?=(?:fix|patch|write|run|update|focus|continue|work)\b)/i;

/** Where a new clause starts inside a sentence: a subject never reaches back past it. */
const CLAUSE_START =
  /(?:[,:]\s*(?:but|and|so|then|while|because|since|now)\s|\b(?:but|while|because|since|so that|now that|once)\s)/gi;

/** Sentences: split at . ! ? ; followed by a space (not inside `models.py`), and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function clauseSubject(before: string): string {
  let start = 0;
  for (const match of before.matchAll(CLAUSE_START)) start = match.index + match[0].length;
  return before.slice(start);
}

/** The parts of a sentence the goal dismisses (possibly none). */
export function dismissedParts(sentence: string): string[] {
  const imperative = DISMISSING_IMPERATIVE.exec(sentence);
  // "Ignore the theme fix and patch retry_policy.py": the object ends where the next order starts.
  if (imperative) return [imperative[1].split(NEXT_ORDER)[0]];
  const predicate = DISMISSING_PREDICATE.exec(sentence);
  if (!predicate) return [];
  return [clauseSubject(sentence.slice(0, predicate.index))];
}

/** The cues of `cues` that occur in `text` as whole words. */
export function cuesIn(text: string, cues: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return cues.filter((cue) => new RegExp(`(^|[^a-z])${cue.replace(/[ -]/g, '[\\s-]+')}([^a-z]|$)`).test(lower));
}

export function readGoal(goal: string): GoalReading {
  const terms = new Set<string>();
  const dismissed = new Set<string>();
  for (const sentence of sentences(goal)) {
    const parts = dismissedParts(sentence);
    const dismissedHere = new Set(parts.flatMap((part) => extractTerms(part)));
    for (const term of dismissedHere) dismissed.add(term);
    for (const term of extractTerms(sentence)) if (!dismissedHere.has(term) && !WORK_VERBS.has(term)) terms.add(term);
  }
  // A word shared by the asked-for and the dismissed work ("the orders-db incident" and "the
  // orders-v1 review … are done") points at the dismissed side task: it is named there by
  // itself, while the task has other words of its own.
  for (const term of dismissed) terms.delete(term);
  return {
    terms,
    dismissed,
    distinctive: distinctiveTerms(goal),
    exactCues: cuesIn(goal, EXACT_CUES),
    verbatimCues: cuesIn(goal, VERBATIM_CUES),
    lower: goal.toLowerCase(),
  };
}

/** Whether the goal mentions `term` (lower-cased) as a whole word or path. */
export function goalMentions(goal: GoalReading, term: string): boolean {
  return term.length > 0 && mentions(goal.lower, term.toLowerCase());
}
