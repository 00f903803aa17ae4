/**
 * Eligible tool names that match no call (R5 never guesses names, so `Bash` on a transcript
 * whose tool is `bash` silently compacts nothing): each gets the closest names in the history,
 * for a warning in the command line and the inspector.
 */
import { blocksOf } from '../engine/pairing.js';
import type { Message } from '../engine/schema.js';

export interface UnmatchedToolName {
  name: string;
  /** Up to three tool names of the history, closest first; empty when nothing is close. */
  closest: string[];
}

/** Tool names of the history's calls, in first-seen order. */
export function toolNamesOf(messages: readonly Message[]): string[] {
  const names = new Set<string>();
  for (const message of messages)
    for (const block of blocksOf(message))
      if (block.type === 'tool_call' && typeof block.name === 'string') names.add(block.name);
  return [...names];
}

export function unmatchedToolNames(eligible: readonly string[], known: readonly string[]): UnmatchedToolName[] {
  const present = new Set(known);
  return [...new Set(eligible)]
    .filter((name) => !present.has(name))
    .map((name) => ({ name, closest: closestNames(name, known) }));
}

/** One line per name: `"Bash" matches no tool call in the history (closest: "bash")`. */
export function describeUnmatched(unmatched: UnmatchedToolName): string {
  const closest =
    unmatched.closest.length > 0 ? `closest: ${unmatched.closest.map((n) => `"${n}"`).join(', ')}` : 'no similar name';
  return `eligible tool "${unmatched.name}" matches no tool call in the history (${closest}); names are matched exactly`;
}

function closestNames(name: string, known: readonly string[]): string[] {
  const lower = name.toLowerCase();
  // A name that differs only in case, or that one contains, is close whatever its length.
  const limit = Math.max(2, Math.floor(name.length / 3));
  return known
    .map((candidate) => {
      const other = candidate.toLowerCase();
      const distance =
        other === lower ? 0 : other.includes(lower) || lower.includes(other) ? 1 : editDistance(lower, other);
      return { candidate, distance };
    })
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, 3)
    .map((c) => c.candidate);
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
