/**
 * What the offline model knows about one history, computed once per run and shared by its
 * batches: term statistics over the unfitted view (R7 never shortens what it reads), where
 * each call stands, and the goal as read by goal.ts. No result bodies: those reach the model
 * only as the facts of the core's evidence links.
 */
import { TermIndex } from '../distinctive.js';
import { callInputText } from '../evidence.js';
import type { ObservationView, ObservedCall } from '../observation.js';
import type { GoalReading } from './goal.js';
import { readGoal } from './goal.js';
import { extractTerms, isNameTerm } from './terms.js';

export interface CallEntry {
  call: ObservedCall;
  messageIndex: number;
  /** 0 for the first message, 1 for the last. */
  position: number;
  /** The terms of the call's input, with each as written (`inputTermsOf`): read twice per candidate. */
  inputTerms?: { terms: string[]; surfaces: Map<string, string> };
}

/** The terms of the entry's call input (terms.ts) and their written forms, extracted once. */
export function inputTermsOf(entry: CallEntry): { terms: string[]; surfaces: Map<string, string> } {
  if (!entry.inputTerms) {
    const surfaces = new Map<string, string>();
    entry.inputTerms = { terms: extractTerms(callInputText(entry.call.input), surfaces), surfaces };
  }
  return entry.inputTerms;
}

export interface HistoryIndex {
  idf: (term: string) => number;
  goal: GoalReading;
  calls: Map<string, CallEntry>;
  messageCount: number;
  /** Mean result size of the candidates: what "large" means in this history. */
  meanCandidateChars: number;
  /** Candidates whose input shares a name (file, identifier, number) with the goal. */
  goalNamedCalls: number;
  /** Per message, its text items: how the agent narrated the calls it made there. */
  narration: string[];
  /** What the user wrote, per message (lower-cased): a later mention's first source. */
  userText: TermIndex;
  /** What the agent wrote or called, per message (lower-cased text and call inputs): the second. */
  agentText: TermIndex;
  /** Indices of the user's turns: user messages with text of their own. */
  userTurns: number[];
}

export function indexHistory(view: ObservationView): HistoryIndex {
  const df = new Map<string, number>();
  const calls = new Map<string, CallEntry>();
  const narration: string[] = [];
  const userText: string[] = [];
  const agentText: string[] = [];
  const userTurns: number[] = [];
  view.messages.forEach((message, position) => {
    const parts: string[] = [];
    const inputs: string[] = [];
    narration.push(
      message.items
        .filter((item) => item.kind === 'text')
        .map((item) => item.text)
        .join('\n'),
    );
    for (const item of message.items) {
      if (item.kind === 'text') parts.push(item.text);
      if (item.kind === 'call') {
        inputs.push(callInputText(item.input));
        if (item.pairId) calls.set(item.pairId, { call: item, messageIndex: position, position: 0 });
      }
    }
    parts.push(...inputs);
    const said = narration[position].toLowerCase();
    const byUser = message.role === 'user' && said.trim() !== '';
    if (byUser) userTurns.push(position);
    userText.push(byUser ? said : '');
    agentText.push([message.role === 'assistant' ? said : '', ...inputs].join('\n').toLowerCase());
    for (const term of new Set(extractTerms(parts.join('\n')))) {
      df.set(term, (df.get(term) ?? 0) + 1);
    }
  });
  const n = Math.max(1, view.messages.length);
  for (const entry of calls.values()) entry.position = n > 1 ? entry.messageIndex / (n - 1) : 1;
  const candidates = [...calls.values()].filter((e) => e.call.candidate);
  const sizes = candidates.map((e) => e.call.resultChars ?? 0);
  const goal = readGoal(view.goal);
  const goalNamedCalls = candidates.filter((e) =>
    inputTermsOf(e).terms.some((t) => isNameTerm(t) && goal.terms.has(t)),
  ).length;
  return {
    // BM25's IDF: a term in every message weighs almost nothing, a rare one up to ~log(2n).
    idf: (term) => Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5)),
    goal,
    calls,
    messageCount: n,
    meanCandidateChars: sizes.length === 0 ? 0 : sizes.reduce((a, b) => a + b, 0) / sizes.length,
    goalNamedCalls,
    narration,
    userText: new TermIndex(userText),
    agentText: new TermIndex(agentText),
    userTurns,
  };
}
