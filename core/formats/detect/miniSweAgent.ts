/**
 * Detection of `mini-swe-agent`: a trajectory whose `trajectory_format` or `info.mini_version`
 * says so. The reader and writer are adapters/miniSweAgent.ts, loaded once a file is read as this
 * format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export type Traj = { messages: Array<Record<string, unknown>>; trajectory_format?: unknown; info?: unknown };

export function trajOf(doc: SourceText): Traj | null {
  if (doc.kind !== 'json' || !isRecord(doc.value) || !Array.isArray(doc.value.messages)) return null;
  const value = doc.value as Record<string, unknown>;
  const marked =
    (typeof value.trajectory_format === 'string' && value.trajectory_format.startsWith('mini-swe-agent')) ||
    (isRecord(value.info) && 'mini_version' in value.info);
  return marked && (value.messages as unknown[]).every(isRecord) ? (value as unknown as Traj) : null;
}

function detect(doc: SourceText): Detection | null {
  const traj = trajOf(doc);
  if (!traj) return null;
  return {
    format: 'mini-swe-agent',
    confidence: 0.99,
    reason: `a trajectory with trajectory_format "${String(traj.trajectory_format ?? 'unknown')}" and ${traj.messages.length} messages`,
  };
}

export const miniSweAgentInfo: FormatInfo = {
  id: 'mini-swe-agent',
  name: 'mini-swe-agent trajectory (.traj.json)',
  reads:
    'messages with the one bash block of an assistant reply as the call and the next user message (<returncode>) as its result; 1.1 tool_calls',
  patterns: ['<output>/<instance>/<instance>.traj.json'],
  detect,
};
