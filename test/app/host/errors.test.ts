/**
 * The one error table (app/host/errors.ts) classifies what the hosts and the CLI really
 * throw: every "bad input" of core and of the configuration is a 400 and exit 2, a host's
 * own refusals keep their kind, and anything else is internal (500, exit 1, one line).
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../app/cli/args.js';
import { ConfigError } from '../../../app/env.js';
import { classify, EXIT, HostApiError, toHostError } from '../../../app/host/errors.js';
import { parseRequest } from '../../../core/engine/compact.js';
import { loadHistory } from '../../../core/engine/containers.js';
import { FormatError } from '../../../core/formats/types.js';

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('host error table', () => {
  it('§6 every bad-input error of core and the configuration is invalid_input: HTTP 400, exit 2', () => {
    const cases = [
      thrown(() => parseRequest({ messages: [], goal: ' ' })),
      thrown(() => loadHistory('{not json')),
      new FormatError('no such format', 'unknown_format'),
      new ConfigError('DECISION_MODEL_BACKEND: unknown backend "x"'),
      new UsageError('goal: required (write goal=...)'),
    ];
    for (const error of cases)
      expect(classify(error)).toMatchObject({ kind: 'invalid_input', code: 'invalid_input', status: 400, exit: 2 });
    expect(EXIT.invalid_input).toBe(2);
  });

  it('a host refusal keeps its kind; busy carries Retry-After', () => {
    expect(classify(new HostApiError('forbidden', 'foreign Host header'))).toMatchObject({
      code: 'unauthorized',
      status: 403,
    });
    expect(classify(new HostApiError('too_large', 'body over the budget'))).toMatchObject({
      code: 'invalid_input',
      status: 413,
    });
    expect(classify(new HostApiError('busy', 'retry later', 2))).toMatchObject({
      code: 'busy',
      status: 503,
      retryAfterSeconds: 2,
    });
  });

  it('anything else is internal: HTTP 500, exit 1, the first line only, never a stack', () => {
    const error = new TypeError('x is undefined\n    at f (file.js:1:1)');
    expect(classify(error)).toMatchObject({ kind: 'internal', status: 500, exit: 1 });
    expect(toHostError(error)).toEqual({ code: 'internal', message: 'x is undefined' });
    // A code that is not ours (a Node errno) does not pass for bad input.
    expect(classify(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })).kind).toBe('internal');
  });
});
