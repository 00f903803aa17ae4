/**
 * Opening a file as index.ts's `openSource` does, loading only the adapter of the file's
 * format (detection.ts): for a host that opens one file per process, the command line.
 * Detection, the conversations, the errors and their order are the same.
 */
import { ADAPTER_LOADERS, detectionOf } from './detection.js';
import type { ReadBounds, SourceInput } from './bytes.js';
import { parseInput } from './bytes.js';
import type { OpenedSource } from './open.js';
import type { SourceText } from './types.js';
import { inspectWith, readWith } from './open.js';

export async function openSourceLazily(
  input: SourceInput,
  choice: { format?: string; conversation?: string } & ReadBounds = {},
): Promise<OpenedSource> {
  return openDocumentLazily(parseInput(input, choice), choice);
}

/** The same for a document already read (a JSON Lines file streamed: jsonLines.ts). */
export async function openDocumentLazily(
  doc: SourceText,
  choice: { format?: string; conversation?: string } = {},
): Promise<OpenedSource> {
  const detection = detectionOf(doc, choice.format);
  const adapter = await ADAPTER_LOADERS[detection.format]();
  return readWith(inspectWith(doc, detection, adapter), adapter, choice.conversation);
}
