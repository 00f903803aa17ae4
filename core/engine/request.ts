/**
 * SPEC §1 and §5: a request as the engine takes it. Bad input throws `RequestError` (it is
 * the caller's mistake, not a failed compaction); a parsed request keeps the caller's own
 * message objects.
 */
import { acceptRequest } from './accept.js';
import { deepInputIn, exceedsNesting, NESTING_MESSAGE } from './depth.js';
import type { CompactRequest } from './schema.js';
import { describeZodError, RequestSchema } from './schema.js';

export { policyOf } from './guards.js';

/** Bad input: the request does not satisfy SPEC §1/§5. Code `invalid_input`. */
export class RequestError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Parses a request, throwing `RequestError` with a one-line reason. */
export function parseRequest(input: unknown): CompactRequest {
  // A request the zod-free check accepts is the one the schema would return (accept.ts).
  const accepted = acceptRequest(input);
  if (accepted !== null) return accepted;
  const parsed = RequestSchema.safeParse(input);
  if (!parsed.success) throw new RequestError(describeZodError(parsed.error));
  // Deep or circular messages would crash JSON.stringify/structuredClone later with a RangeError.
  if (exceedsNesting((input as { messages: unknown }).messages)) throw new RequestError(`messages: ${NESTING_MESSAGE}`);
  const deepInput = deepInputIn((input as { messages: unknown }).messages);
  if (deepInput !== null) throw new RequestError(deepInput);
  // Keep the caller's message objects: zod's copies would not keep key order.
  return { ...parsed.data, messages: (input as { messages: CompactRequest['messages'] }).messages };
}
