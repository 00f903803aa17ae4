/**
 * A real zstd Inspect `.eval` log that holds tool calls: the real zstd fixture
 * (`inspect-ai-eval-zip/retry-2-then-success-zstd.eval`) holds none, so its sample member is
 * replaced by the real tool-calling sample of `inspect-ai-eval-log/…_browser.json` (4 calls),
 * compressed with zstd as the member was. Needs app/zstd.ts's `installZstd()` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { readZip, writeZip } from '../../core/formats/zip/archive.js';
import { replacementFor } from '../../core/formats/zip/members.js';

/** The browser sample the `.eval` carries: its tool messages' `tool_call_id`, `function` and text. */
export interface BrowserSample {
  messages: Array<{ role: string; tool_call_id?: string; function?: string; content: unknown }>;
}

export function browserSample(formats: string): BrowserSample {
  const log = JSON.parse(
    readFileSync(join(formats, 'inspect-ai-eval-log', '2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
  ) as { samples: BrowserSample[] };
  return log.samples[0];
}

/** `formats`: the path of `../shared/formats`. */
export function zstdEvalWithCalls(formats: string): Uint8Array {
  const archive = readZip(readFileSync(join(formats, 'inspect-ai-eval-zip', 'retry-2-then-success-zstd.eval')));
  const at = archive.entries.findIndex((e) => e.name.startsWith('samples/'));
  const sample = strToU8(JSON.stringify(browserSample(formats)));
  return writeZip(archive, new Map([[at, replacementFor(archive.entries[at], sample)]]));
}
