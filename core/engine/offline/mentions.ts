/**
 * What the later conversation says about a call's target (core/engine/targetTerms.ts), for the
 * offline model: who named it again — the user, the agent (its text and its later calls) or
 * another tool's output — each mention weighted by how specific the term is in this history, and
 * whether the conversation closed the work the call belonged to ("that ticket is closed",
 * "finished", a user turn that moves on) with nothing naming its target since.
 */
import type { CandidateEvidence, TargetFacts } from '../evidence.js';
import { mentions } from '../distinctive.js';
import { specificity } from '../targetTerms.js';
import { sentences } from './goal.js';
import type { CallEntry, HistoryIndex } from './history.js';

/** Terms and the sum of their specificities: one source's later mentions of a target. */
export interface Mentions {
  terms: string[];
  weight: number;
}

export interface TargetReading {
  user: Mentions;
  agent: Mentions;
  output: Mentions;
  /** The goal names one of the call's target terms: the work asked for, whatever else holds. */
  goalNamesTarget: boolean;
  /** How the conversation closed the call's work, or null when it did not (or named it since). */
  closedBy: string | null;
}

/** Words that close a piece of work, in the user's next turn ("that ticket is closed", "done, thanks"). */
const CLOSING = /\b(?:finished|done|completed|closed|merged|resolved|shipped|wrapped up|all set)\b/i;
/**
 * The agent closing work in its own words says what is closed: "the styling ticket is finished",
 * "X is done". A bare "Complete" heading or a task status alone does not close a piece of work.
 */
const AGENT_CLOSING =
  /\b(?:is|are|was|were|'s)\s+(?:now\s+|all\s+|already\s+)*(?:finished|done|completed|closed|merged|resolved|shipped)\b/i;
const MAX_CLOSING_WORDS = 12;
const CONDITIONAL = /^\W*(?:if|when|once|after|before|unless|until|whether)\b/i;

/** A user turn that turns to other work ("Now the migration", "Next, …", "Moving on"). */
const MOVING_ON = /^(?:ok(?:ay)?[,.]?\s+)?(?:now|next|moving on|on to|switching to|let's move)\b/i;

const shown = (term: string, weight: number) => `${term} (${weight.toFixed(2)})`;

/** The later mentions of the call's target by each source, and whether its work was closed. */
export function readTarget(index: HistoryIndex, entry: CallEntry, links: CandidateEvidence | null): TargetReading {
  const none = (): Mentions => ({ terms: [], weight: 0 });
  const reading = { user: none(), agent: none(), output: none() };
  const targets = links?.targets ?? [];
  const after = entry.messageIndex + 1;
  const nextTurn = index.userTurns.find((m) => m >= after) ?? null;
  let namedSinceTurn = false;
  for (const target of targets) {
    const weight = specificity(target.holders, links?.callCount ?? 1);
    // The last message of each source that names the term: whether any does at or past `after`
    // (and past the next user turn) is whether the last one does.
    const last = {
      user: index.userText.lastAt(target.term),
      agent: index.agentText.lastAt(target.term),
      output: target.lastOutputAt ?? -1,
    };
    for (const source of ['user', 'agent', 'output'] as const)
      if (last[source] >= after) {
        reading[source].terms.push(shown(target.term, weight));
        reading[source].weight += weight;
      }
    if (nextTurn !== null && Math.max(last.user, last.agent, last.output) >= Math.max(nextTurn, after))
      namedSinceTurn = true;
  }
  const goalNamesTarget = targets.some((t: TargetFacts) => mentions(index.goal.lower, t.term));
  const quotedSinceTurn = nextTurn !== null && (links?.quotedAt ?? []).some((m) => m >= nextTurn);
  const closedBy =
    nextTurn === null || namedSinceTurn || quotedSinceTurn || goalNamesTarget ? null : closing(index, entry, nextTurn);
  return { ...reading, goalNamesTarget, closedBy };
}

/**
 * A closing word in a short, unconditional sentence of the user's turn ("Great, that ticket is
 * closed."): an instruction that mentions finishing ("If you have completed your assignment,
 * …", which some harnesses repeat in every turn) closes nothing.
 */
function userClosing(turn: string): RegExpExecArray | null {
  for (const sentence of sentences(turn)) {
    if (sentence.split(/\s+/).length > MAX_CLOSING_WORDS || CONDITIONAL.test(sentence)) continue;
    const closed = CLOSING.exec(sentence);
    if (closed) return closed;
  }
  return null;
}

/** The words that closed the call's work: the agent's own after the call, before the next user turn, or that turn. */
function closing(index: HistoryIndex, entry: CallEntry, nextTurn: number): string | null {
  const said: string[] = [];
  for (let m = entry.messageIndex; m < nextTurn; m++) said.push(index.narration[m] ?? '');
  const turn = index.narration[nextTurn] ?? '';
  const closed = userClosing(turn) ?? AGENT_CLOSING.exec([...said, turn].join('\n'));
  if (closed) return `"${closed[0]}"`;
  const moved = sentences(turn)
    .map((sentence) => MOVING_ON.exec(sentence))
    .find((match) => match !== null);
  return moved ? `the next turn moves on ("${moved[0].trim()}")` : null;
}
