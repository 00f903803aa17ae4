/**
 * Detection of `inspect-log`: an Inspect AI eval log, `{eval, samples, version | status}`. The
 * reader and writer are adapters/inspectLog.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export type Sample = Record<string, unknown>;

export function samplesOf(doc: SourceText): Sample[] | null {
  if (doc.kind !== 'json' || !isRecord(doc.value) || !isRecord(doc.value.eval)) return null;
  return Array.isArray(doc.value.samples) ? (doc.value.samples.filter(isRecord) as Sample[]) : [];
}

function detect(doc: SourceText): Detection | null {
  const samples = samplesOf(doc);
  // A log read from a .eval archive is inspect-eval's (detect/inspectEval.ts).
  if (samples === null || (doc.kind === 'json' && doc.eval)) return null;
  const value = (doc as { value: Record<string, unknown> }).value;
  if (typeof value.version !== 'number' && !('status' in value)) return null;
  return {
    format: 'inspect-log',
    confidence: 0.99,
    reason: `an eval log (version ${String(value.version)}, eval.task "${String((value.eval as Record<string, unknown>).task)}") with ${samples.length} samples`,
  };
}

export const inspectLogInfo: FormatInfo = {
  id: 'inspect-log',
  name: 'Inspect AI eval log (JSON)',
  reads:
    'eval logs: each sample’s messages (tool_calls with object arguments, tool messages with error objects), attachments resolved, events kept consistent',
  patterns: ['logs/<date>_<task>_<id>.json', 'inspect log convert --to json logs/*.eval'],
  detect,
};
