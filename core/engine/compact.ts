/**
 * One compaction pass (SPEC §2–§6) from a request as the caller wrote it: `parseRequest` is
 * the gate (§1, §5; bad input throws `RequestError`, the caller's mistake rather than a
 * failed compaction), then the pass of pass.ts (prepare, ask, assemble). Returns the §6 envelope.
 */
import type { CompactDetails, CompactOptions } from './pass.js';
import { runPass } from './pass.js';
import { parseRequest } from './request.js';
import type { CompactResponse } from './schema.js';

export { decisionsFor } from './assemble.js';
export type { CompactDetails, CompactOptions, Progress } from './pass.js';
export { compactParsed } from './pass.js';
export { parseRequest, policyOf, RequestError } from './request.js';

export async function compactContext(input: unknown, options: CompactOptions): Promise<CompactResponse> {
  return (await compactDetailed(input, options)).response;
}

/** Throws `RequestError` for bad input (SPEC §1, §5), before anything else runs. */
export async function compactDetailed(input: unknown, options: CompactOptions): Promise<CompactDetails> {
  const startedAt = Date.now();
  return runPass(parseRequest(input), options, startedAt);
}
