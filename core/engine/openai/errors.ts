/**
 * Provider failures as DecisionModelError (R10): network errors, 408, 409, 429 and 5xx are
 * retryable, honouring Retry-After; other statuses fail at once with the provider's own
 * message. Every message that leaves here is scrubbed of the key (scrub.ts).
 */
import { DecisionModelError } from '../model.js';
import type { KeyScrubber } from './scrub.js';

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3); also the common `retry-after-ms`. */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | null {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** "fetch failed: other side closed (UND_ERR_SOCKET)": the SDK's own message says only "Connection error.". */
function causeChain(error: Error): string {
  const parts: string[] = [];
  for (let e: unknown = error.cause ?? error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${e.message} (${code})` : e.message);
  }
  return parts.join(': ') || error.message;
}

/** `sdk` is the loaded `openai` module (it loads lazily; see model.ts). */
export function toDecisionModelError(
  error: unknown,
  sdk: typeof import('openai'),
  scrub: KeyScrubber,
  baseUrl?: string,
): DecisionModelError {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof DecisionModelError) return error;
  const clean = (message: string) => scrub.text(message);
  if (error instanceof APIUserAbortError) return new DecisionModelError('the request was aborted', { retryable: true });
  if (error instanceof APIConnectionError) {
    return new DecisionModelError(
      clean(`cannot reach the decision model endpoint${baseUrl ? ` ${baseUrl}` : ''}: ${causeChain(error)}`),
      { retryable: true },
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const retryable = isRetryableStatus(error.status);
    return new DecisionModelError(clean(`the provider answered HTTP ${error.message}`), {
      retryable,
      retryAfterMs: retryable ? parseRetryAfter(error.headers) : null,
      status: error.status,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new DecisionModelError(clean(`decision model request failed: ${message}`), { retryable: false });
}
