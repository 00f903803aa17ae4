/**
 * Opening a file as index.ts's `openSource` does, loading only the adapter of the file's
 * format (detection.ts): for a host that opens one file per process, the command line.
 * Detection, the conversations, the errors and their order are the same.
 */
import { ADAPTER_LOADERS, detectionOf } from './detection.js';
import { parseSource } from './document.js';
import type { OpenedSource } from './open.js';
import { inspectWith, readWith } from './open.js';

export async function openSourceLazily(
  text: string,
  choice: { format?: string; conversation?: string } = {},
): Promise<OpenedSource> {
  const doc = parseSource(text);
  const detection = detectionOf(doc, choice.format);
  const adapter = await ADAPTER_LOADERS[detection.format]();
  return readWith(inspectWith(doc, detection, adapter), adapter, choice.conversation);
}
