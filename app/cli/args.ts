/**
 * SPEC §8 argument syntax: `KEY=VALUE` pairs, each key at most once; `goal` and
 * `archive_ref` verbatim, the others JSON; `@path` reads a UTF-8 file, `@@…` is a literal
 * leading `@`. Every problem is a UsageError with one line naming the key.
 */
import { parseArgs } from 'node:util';
import { HostApiError } from '../host/errors.js';
import type { ReadLimits } from '../inputFiles.js';
import { readInputBytes, readInputSource, readInputText, UnreadableFile } from '../inputFiles.js';

/** Bad usage of the command line: an `invalid_input` of the one table (exit 2). */
export class UsageError extends HostApiError {
  constructor(message: string) {
    super('invalid_input', message);
    this.name = 'UsageError';
  }
}

export const REQUEST_KEYS = [
  'goal',
  'messages',
  'eligible_tool_names',
  'protected_message_ids',
  'protected_call_ids',
  'tools',
  'archive_ref',
  'options',
  'live_from_message_id',
  'shell_read_only',
  'drop_receipts',
] as const;
export type RequestKey = (typeof REQUEST_KEYS)[number];
export const VERBATIM_KEYS: ReadonlySet<RequestKey> = new Set(['goal', 'archive_ref', 'live_from_message_id']);
export const REQUIRED_KEYS: readonly RequestKey[] = ['goal', 'messages'];

/**
 * Takes the `--name VALUE` / `--name=VALUE` flags (SPEC §9) out of the arguments; the rest
 * are the `KEY=VALUE` pairs. Each flag at most once; an unknown `--x` is a usage error.
 */
export function splitFlags<N extends string>(
  argv: readonly string[],
  names: readonly N[],
  /** Flags that take no value (`--force`): present as `'true'`. */
  switches: readonly N[] = [],
): { rest: string[]; flags: Map<N, string> } {
  const rest: string[] = [];
  const flags = new Map<N, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = (eq > 0 ? arg.slice(2, eq) : arg.slice(2)) as N;
    if (!names.includes(name))
      throw new UsageError(`unknown option "${clip(arg)}" (options: ${names.map((n) => `--${n}`).join(', ')})`);
    if (switches.includes(name) && eq > 0) throw new UsageError(`--${name}: takes no value`);
    const value = switches.includes(name) ? 'true' : eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${name}: needs a value`);
    if (flags.has(name)) throw new UsageError(`--${name}: given more than once`);
    flags.set(name, value);
  }
  return { rest, flags };
}

/** Splits `KEY=VALUE` arguments; values are still raw (maybe `@path`). */
export function splitPairs(argv: readonly string[]): Map<RequestKey, string> {
  const pairs = new Map<RequestKey, string>();
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`expected KEY=VALUE, got "${clip(arg)}" (keys: ${REQUEST_KEYS.join(', ')})`);
    const key = arg.slice(0, eq);
    if (!(REQUEST_KEYS as readonly string[]).includes(key))
      throw new UsageError(`unknown key "${clip(key)}" (keys: ${REQUEST_KEYS.join(', ')})`);
    if (pairs.has(key as RequestKey)) throw new UsageError(`${key}: given more than once`);
    pairs.set(key as RequestKey, arg.slice(eq + 1));
  }
  for (const key of REQUIRED_KEYS) if (!pairs.has(key)) throw new UsageError(`${key}: required (write ${key}=...)`);
  return pairs;
}

/** The text a raw value stands for: a file's contents for `@path`, else the value itself. */
export function resolveValue(key: string, raw: string): string {
  if (raw.startsWith('@@')) return raw.slice(1);
  if (!raw.startsWith('@')) return raw;
  const path = raw.slice(1);
  if (path === '') throw new UsageError(`${key}: "@" needs a file path (write @@ for a literal @)`);
  return readTextFile(key, path, { streams: true });
}

/** A UTF-8 file's text, refused in one line (naming `key`) when unreadable, too big or not UTF-8. */
export function readTextFile(key: string, path: string, limits: ReadLimits = {}): string {
  return readTextFileBytes(key, path, limits).text;
}

/**
 * The same, with the bytes as read: `--out` archives them byte for byte. `@file` values
 * (SPEC §8) pass `{ streams: true }`: `@<(cmd)` is a pipe, read up to the same budget.
 */
export function readTextFileBytes(key: string, path: string, limits: ReadLimits = {}): { text: string; bytes: Buffer } {
  try {
    return readInputText(path, limits);
  } catch (error) {
    throw asUsageError(key, error);
  }
}

/** A history file: a ZIP (an Inspect `.eval` log) as bytes, else its UTF-8 text; with the bytes read. */
export function readSourceFileBytes(
  key: string,
  path: string,
  limits: ReadLimits = {},
): { text: string | Uint8Array; bytes: Buffer } {
  try {
    return readInputSource(path, limits);
  } catch (error) {
    throw asUsageError(key, error);
  }
}

/** A file's bytes through the one bounded reader (app/inputFiles.ts), refused in one line naming `key`. */
export function readFileBytes(key: string, path: string, limits: ReadLimits = {}): Buffer {
  try {
    return readInputBytes(path, limits);
  } catch (error) {
    throw asUsageError(key, error);
  }
}

function asUsageError(key: string, error: unknown): unknown {
  return error instanceof UnreadableFile ? new UsageError(`${key}: ${error.message}`) : error;
}

/** Parses a JSON value, naming the key in the one-line error. */
export function parseJsonValue(key: string, text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new UsageError(`${key}: not JSON: ${firstLine((error as Error).message)}`);
  }
}

export function firstLine(text: string): string {
  return text.split('\n')[0];
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The arguments of a command that reads files and may print JSON (`compare`, `verify`): the
 * files, `--json`, and the command's own on/off flags (`extra`); null once `--help` printed
 * `usage`. A bad flag is a usage error naming the command.
 */
export function parseFileCommand<F extends string = never, V extends string = never>(
  command: string,
  argv: readonly string[],
  usage: string,
  extra: readonly F[] = [],
  /** Options that take a value (`--allowed-signers FILE`). */
  valued: readonly V[] = [],
): { files: string[]; json: boolean; flags: ReadonlySet<F>; values: ReadonlyMap<V, string> } | null {
  const booleans = Object.fromEntries(['json', ...extra].map((name) => [name, { type: 'boolean' as const }]));
  const strings = Object.fromEntries(valued.map((name) => [name, { type: 'string' as const }]));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { ...booleans, ...strings, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(`${command}: ${firstLine((error as Error).message)}`);
  }
  if (parsed.values.help) {
    process.stdout.write(usage);
    return null;
  }
  const all = parsed.values as Record<string, unknown>;
  const on = (name: string) => all[name] === true;
  const values = new Map<V, string>();
  for (const name of valued) {
    const value = all[name];
    if (value === '') throw new UsageError(`${command}: --${name} needs a value`);
    if (typeof value === 'string') values.set(name, value);
  }
  return { files: parsed.positionals, json: on('json'), flags: new Set(extra.filter(on)), values };
}
