/**
 * Opening a file as index.ts's `openSource` does, loading only the adapter of the file's
 * format (detection.ts): for a host that opens one file per process, the command line.
 * Detection, the conversations, the errors and their order are the same.
 */
import { ADAPTER_LOADERS, detectionOf } from './detection.js';
import type { ReadBounds, SourceInput } from './bytes.js';
import { parseInput } from './bytes.js';
import type { OpenedSource } from './open.js';
import { inspectWith, readWith } from './open.js';

export async function openSourceLazily(
  input: SourceInput,
  choice: { format?: string; conversation?: string } & ReadBounds = {},
): Promise<OpenedSource> {
  const doc = parseInput(input, choice);
  const detection = detectionOf(doc, choice.format);
  const adapter = await ADAPTER_LOADERS[detection.format]();
  return readWith(inspectWith(doc, detection, adapter), adapter, choice.conversation);
}
