/**
 * Detection of `swe-agent`: a trajectory object with a `history` of role entries and a
 * `trajectory` of steps. The reader and writer are adapters/sweAgent.ts, loaded once a file is
 * read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export type Entry = Record<string, unknown>;

export function parts(doc: SourceText): { history: Entry[]; trajectory: Entry[] } | null {
  if (doc.kind !== 'json' || !isRecord(doc.value)) return null;
  const { history, trajectory } = doc.value;
  if (
    !Array.isArray(history) ||
    !Array.isArray(trajectory) ||
    !history.every((h) => isRecord(h) && typeof h.role === 'string')
  )
    return null;
  return { history: history as Entry[], trajectory: trajectory.filter(isRecord) as Entry[] };
}

function detect(doc: SourceText): Detection | null {
  const found = parts(doc);
  if (!found) return null;
  const fc = found.history.some((h) => Array.isArray(h.tool_calls));
  return {
    format: 'swe-agent',
    confidence: 0.98,
    reason: `a trajectory object with history (${found.history.length} entries, ${fc ? 'function calling' : 'thought/action'}) and trajectory (${found.trajectory.length} steps)`,
  };
}

export const sweAgentInfo: FormatInfo = {
  id: 'swe-agent',
  name: 'SWE-agent trajectory (.traj)',
  reads:
    'history (function-calling tool_calls / tool_call_ids, or thought/action text paired by position) kept consistent with trajectory steps',
  patterns: ['trajectories/<user>/<run>/<instance>.traj'],
  detect,
};
