/**
 * Detection of `atif`: an Agent Trajectory Interchange Format document (Harbor RFC 0001,
 * `ATIF-v1.x`): a root object with `schema_version: "ATIF-v…"` and a `steps` array. The version
 * string names the format, so no other format's file is taken for it. The reader and writer are
 * adapters/atif.ts.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** The trajectory's root and steps, when `doc` is one ATIF document. */
export function atifTrajectory(doc: SourceText): { root: Record<string, unknown>; steps: unknown[] } | null {
  if (doc.kind !== 'json' || !isRecord(doc.value)) return null;
  const root = doc.value;
  if (typeof root.schema_version !== 'string' || !/^ATIF-v\d+(\.\d+)*$/.test(root.schema_version)) return null;
  return Array.isArray(root.steps) ? { root, steps: root.steps } : null;
}

function detect(doc: SourceText): Detection | null {
  const found = atifTrajectory(doc);
  if (!found) return null;
  const calls = found.steps.reduce<number>(
    (n, s) => n + (isRecord(s) && Array.isArray(s.tool_calls) ? s.tool_calls.length : 0),
    0,
  );
  return {
    format: 'atif',
    confidence: 0.99,
    reason: `an ${String(found.root.schema_version)} trajectory of ${found.steps.length} steps with ${calls} tool_calls`,
  };
}

export const atifInfo: FormatInfo = {
  id: 'atif',
  name: 'ATIF trajectory (Harbor)',
  reads:
    'Agent Trajectory Interchange Format documents: steps by source (system, user, agent), an agent step’s tool_calls answered by its observation.results by source_call_id',
  patterns: ['trajectory.json (Harbor trials, ATIF exporters)'],
  detect,
};
