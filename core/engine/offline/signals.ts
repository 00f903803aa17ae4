/**
 * Evidence signals for the offline model: what the core's evidence links (core/evidence.ts)
 * say about a candidate's result, as additive terms of the two logits plus one line of
 * evidence each. Measured on the corpus (DEVELOPMENT.md, Evaluation), a result is used again
 * mostly when the agent has been quoting it recently, when the goal names something first
 * seen in it, or when it brought much new content; it is almost never used again when it
 * brought nothing new, when a later call read the same thing again, or when it is the
 * receipt of a write.
 */
import type { CandidateEvidence } from '../evidence.js';
import { readTargets } from '../evidence.js';

export interface Signals {
  /** Added to the logit of `p_result`. */
  result: number;
  /** Added to the logit of `p_call`. */
  call: number;
  evidence: string[];
}

/** Messages after which a quote no longer marks the result as in the agent's working set. */
export const QUOTE_HALF_LIFE = 10;
/** Results this short cost almost nothing to keep (a truncation would barely shorten them). */
export const SMALL_RESULT_CHARS = 400;
/** Above this, keeping a result verbatim costs more than retrieving it again would. */
export const LARGE_RESULT_CHARS = 800;

/** Logit weights, named so the evidence lines and DEVELOPMENT.md can refer to them. */
export const WEIGHTS = {
  quoteFresh: 4.0,
  quoteCount: 0.6,
  quoteCall: 1.5,
  goalContent: 2.5,
  goalContentCall: 1.5,
  nothingNew: -3.0,
  nothingNewCall: -3.0,
  newContent: 1.2,
  superseded: -3.0,
  supersededCall: -3.0,
  receipt: -2.5,
  receiptCall: 0.5,
  small: 1.0,
  size: 5.0,
  largeChars: LARGE_RESULT_CHARS,
};

export interface CallFacts {
  toolName: string;
  input: string;
  /** Index of the result's message and the number of messages in the history. */
  resultMessage: number;
  messageCount: number;
}

export function evidenceSignals(facts: CallFacts, links: CandidateEvidence): Signals {
  const evidence: string[] = [];
  let result = 0;
  let call = 0;
  const isWrite = readTargets(facts.toolName, facts.input).length === 0;

  if (links.quotedAt.length > 0) {
    const lastQuote = links.quotedAt[links.quotedAt.length - 1];
    const age = Math.max(0, facts.messageCount - 1 - lastQuote);
    // Halves every QUOTE_HALF_LIFE messages: the working set is what was quoted lately.
    const fresh = 0.5 ** (age / QUOTE_HALF_LIFE);
    result += WEIGHTS.quoteFresh * fresh + WEIGHTS.quoteCount * Math.min(1, links.quotedAt.length / 4);
    call += WEIGHTS.quoteCall * fresh;
    evidence.push(
      `quoted later in ${shortList(links.quoted_in)}${links.terms.length ? ` (${links.terms.slice(0, 4).join(', ')})` : ''}; last ${age} message${age === 1 ? '' : 's'} ago`,
    );
  }
  if (links.goalTerms.length > 0) {
    result += WEIGHTS.goalContent;
    call += WEIGHTS.goalContentCall;
    evidence.push(`goal names content first seen in this result: ${links.goalTerms.slice(0, 4).join(', ')}`);
  }
  if (links.novelTerms === 0) {
    result += WEIGHTS.nothingNew;
    if (!isWrite) call += WEIGHTS.nothingNewCall;
    evidence.push('result brought no new paths, identifiers or numbers');
  } else {
    result += WEIGHTS.newContent * Math.min(1, Math.log10(1 + links.novelTerms) / 2);
    evidence.push(`${links.novelTerms} new term${links.novelTerms === 1 ? '' : 's'} in the result`);
  }
  if (links.superseded_by !== null) {
    result += WEIGHTS.superseded;
    call += WEIGHTS.supersededCall;
    evidence.push(`superseded by ${links.superseded_by}`);
  }
  if (isWrite) {
    // A write's input is the change itself; its result is a receipt.
    result += WEIGHTS.receipt;
    call += WEIGHTS.receiptCall;
    evidence.push('write or edit: the result is a receipt');
  }
  if (links.resultChars > WEIGHTS.largeChars) {
    const penalty = WEIGHTS.size * Math.log10(links.resultChars / WEIGHTS.largeChars);
    result -= penalty;
    evidence.push(`large result (${links.resultChars} chars): the archive serves it better`);
  }
  if (links.resultChars <= SMALL_RESULT_CHARS && links.novelTerms > 0 && links.superseded_by === null) {
    result += WEIGHTS.small;
    evidence.push(`small result (${links.resultChars} chars)`);
  }
  return { result, call, evidence };
}

function shortList(ids: readonly string[]): string {
  return ids.length <= 4
    ? ids.join(', ')
    : `${ids.slice(0, 2).join(', ')}, … ${ids[ids.length - 1]} (${ids.length} messages)`;
}
