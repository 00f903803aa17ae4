/**
 * What the offline model knows about one history, computed once per run and shared by its
 * batches: term statistics over the unfitted view (R7 never shortens what it reads), where
 * each call stands, and the goal as read by goal.ts. No result bodies: those reach the model
 * only as the facts of the core's evidence links.
 */
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
}

export interface HistoryIndex {
  idf: (term: string) => number;
  /** Index of the last message that mentions the term. */
  lastSeen: Map<string, number>;
  goal: GoalReading;
  calls: Map<string, CallEntry>;
  messageCount: number;
  /** Mean result size of the candidates: what "large" means in this history. */
  meanCandidateChars: number;
  /** Candidates whose input shares a name (file, identifier, number) with the goal. */
  goalNamedCalls: number;
  /** Per message, its text items: how the agent narrated the calls it made there. */
  narration: string[];
}

export function indexHistory(view: ObservationView): HistoryIndex {
  const df = new Map<string, number>();
  const lastSeen = new Map<string, number>();
  const calls = new Map<string, CallEntry>();
  const narration: string[] = [];
  view.messages.forEach((message, position) => {
    const parts: string[] = [];
    narration.push(
      message.items
        .filter((item) => item.kind === 'text')
        .map((item) => item.text)
        .join('\n'),
    );
    for (const item of message.items) {
      if (item.kind === 'text') parts.push(item.text);
      if (item.kind === 'call') {
        parts.push(callInputText(item.input));
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
  const candidates = [...calls.values()].filter((e) => e.call.candidate);
  const sizes = candidates.map((e) => e.call.resultChars ?? 0);
  const goal = readGoal(view.goal);
  const goalNamedCalls = candidates.filter((e) =>
    extractTerms(callInputText(e.call.input)).some((t) => isNameTerm(t) && goal.terms.has(t)),
  ).length;
  return {
    // BM25's IDF: a term in every message weighs almost nothing, a rare one up to ~log(2n).
    idf: (term) => Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5)),
    lastSeen,
    goal,
    calls,
    messageCount: n,
    meanCandidateChars: sizes.length === 0 ? 0 : sizes.reduce((a, b) => a + b, 0) / sizes.length,
    goalNamedCalls,
    narration,
  };
}
