/**
 * Detection of `inspect-eval`: an Inspect AI `.eval` log, a ZIP archive read into the document
 * the `inspect-log` adapter reads (zip/evalLog.ts). The reader and writer are
 * adapters/inspectEval.ts, loaded once a file is read as this format.
 */
import type { Detection, FormatInfo, SourceText } from '../types.js';
import { samplesOf } from './inspectLog.js';

const METHODS: Record<number, string> = { 0: 'stored', 8: 'deflate', 93: 'zstd' };

function detect(doc: SourceText): Detection | null {
  if (doc.kind !== 'json' || !doc.eval) return null;
  const samples = samplesOf(doc) ?? [];
  const methods = [...new Set(Object.values(doc.eval.methods))].map((m) => METHODS[m] ?? `method ${m}`);
  return {
    format: 'inspect-eval',
    confidence: 0.99,
    reason: `a .eval ZIP (${doc.eval.header}, ${samples.length} sample member${samples.length === 1 ? '' : 's'}, ${methods.join('/')})`,
  };
}

export const inspectEvalInfo: FormatInfo = {
  id: 'inspect-eval',
  name: 'Inspect AI eval log (.eval)',
  reads:
    'Inspect’s default log format, a ZIP of header.json and samples/<id>_epoch_<n>.json (deflate or zstd): each sample as inspect-log reads it; edited samples keep their member’s compression, every other member byte for byte',
  patterns: ['logs/<date>_<task>_<id>.eval'],
  detect,
};
