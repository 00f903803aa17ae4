/**
 * Every failure that leaves a host, in one table: the stable code it carries across the
 * boundary (HostError, core/ipc/contract.ts), the HTTP status the web host answers with, and
 * the exit code the command line ends with. The web host, Electron main, the run manager and
 * the CLI all classify a thrown value here, so a failure cannot mean one thing over HTTP and
 * another over IPC or in a shell script.
 */
import { isUtf8 } from 'node:buffer';
import type { HostError } from '../../core/ipc/contract.js';
import { ConfigError } from '../env.js';

/** The command line's exit codes (SPEC §8): the one list `help.ts` describes. */
export const EXIT = {
  /** The envelope on stdout reports success. */
  success: 0,
  /** The compaction failed (the envelope on stdout says why), or the host itself did. */
  failed: 1,
  /** The caller must change something: bad input, usage or configuration. */
  invalid_input: 2,
  /** Ctrl-C: stopped on request, nothing written. */
  interrupted: 130,
} as const;

interface Failure {
  code: HostError['code'];
  status: number;
  exit: (typeof EXIT)[keyof typeof EXIT];
}

/**
 * Kinds of failure. Several share a wire code where HTTP needs a finer status than a client
 * acts on (a foreign Origin is `unauthorized` like a missing token, but 403, not 401).
 */
export const FAILURES = {
  /** A request, argument, file or setting that is wrong as given: fix it, then retry. */
  invalid_input: { code: 'invalid_input', status: 400, exit: EXIT.invalid_input },
  /** A body past the host's memory budget: no retry helps; a bigger heap does. */
  too_large: { code: 'invalid_input', status: 413, exit: EXIT.invalid_input },
  /** No token or a wrong one. */
  unauthorized: { code: 'unauthorized', status: 401, exit: EXIT.invalid_input },
  /** A foreign Host or Origin, a cross-site request, an IPC sender that is not our page. */
  forbidden: { code: 'unauthorized', status: 403, exit: EXIT.invalid_input },
  not_found: { code: 'not_found', status: 404, exit: EXIT.invalid_input },
  method_not_allowed: { code: 'not_found', status: 405, exit: EXIT.invalid_input },
  /** A channel this host leaves to the page (the browser's own file dialogs) or cannot serve. */
  unsupported: { code: 'unsupported', status: 501, exit: EXIT.invalid_input },
  /** Admission refused the work for now; `Retry-After` says when to come back. */
  busy: { code: 'busy', status: 503, exit: EXIT.failed },
  /** A bug or an environment failure on the host's side; the message is one line, never a stack. */
  internal: { code: 'internal', status: 500, exit: EXIT.failed },
} as const satisfies Record<string, Failure>;

export type FailureKind = keyof typeof FAILURES;

/** A failure a host raises on purpose, with its kind from the table. */
export class HostApiError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Seconds a `busy` client is told to wait (the HTTP `Retry-After` header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HostApiError';
  }
}

/**
 * "The input is wrong": a bad setting, or an error of core that says so with its code
 * (RequestError, ContainerError, FormatError all carry `code: 'invalid_input'`). Read by code
 * rather than by class so that this module, which every command loads first, does not load
 * the engine and the format adapters.
 */
function isInvalidInput(error: unknown): boolean {
  return error instanceof ConfigError || (error instanceof Error && 'code' in error && error.code === 'invalid_input');
}

export interface ClassifiedFailure extends Failure {
  kind: FailureKind;
  /** One line a person can act on. */
  message: string;
  retryAfterSeconds?: number;
}

/** Any thrown value as a row of the table plus one line of message. */
export function classify(error: unknown): ClassifiedFailure {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const kind: FailureKind =
    error instanceof HostApiError ? error.kind : isInvalidInput(error) ? 'invalid_input' : 'internal';
  const retry = error instanceof HostApiError ? error.retryAfterSeconds : undefined;
  return { kind, ...FAILURES[kind], message, ...(retry === undefined ? {} : { retryAfterSeconds: retry }) };
}

/** Any thrown value as the boundary error both hosts send: a stable code and one line. */
export function toHostError(error: unknown): HostError {
  const { code, message } = classify(error);
  return { code, message };
}

/**
 * Input bytes as text, strictly: bytes in another encoding are refused, never turned into
 * U+FFFD silently (which would change the history, R14). The command line's files, the web
 * host's bodies and Electron's opened files are all refused with this one error.
 */
export function strictUtf8(
  bytes: Uint8Array,
  what: string,
  fail: (message: string) => Error = (message) => new HostApiError('invalid_input', message),
): string {
  if (!isUtf8(bytes)) throw fail(`${what} is not valid UTF-8`);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
