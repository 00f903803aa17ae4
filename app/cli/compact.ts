/**
 * `compact_context KEY=VALUE … [--format ID] [--conversation KEY] [--out PATH] [--reviewer NAME]`
 * (SPEC §8, §9). Exit 0 with the envelope on stdout on success, 1 with the envelope when
 * compaction failed, 2 with one line on stderr (and nothing on stdout) for bad input, usage or
 * configuration. `messages` may be any native format; `metadata.source` says which and
 * which conversation, and `--out` writes the compacted history in that format with the
 * archive of the input and the audit record beside it (out.ts).
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
// The narrow engine modules, not the engine's index: the index also loads the OpenAI prompt
// code and the scripted backend's schema, which a compaction may never run and which cost
// start-up time on every small history (test/bench/cli.bench.ts).
import { compactParsed, parseRequest } from '../../core/engine/compact.js';
import type { CompactRequest } from '../../core/engine/schema.js';
import type { OpenedSource } from '../../core/formats/index.js';
import { sourceSummary } from '../../core/formats/index.js';
import { describeUnmatched, toolNamesOf, unmatchedToolNames } from '../../core/inspect/toolNames.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { classify, EXIT } from '../host/errors.js';
import { archiveFileOf } from '../../core/inspect/auditRecord.js';
import { reviewerOf, writeOutFiles } from './out.js';
import type { RequestKey } from './args.js';
import { parseJsonValue, readTextFileBytes, resolveValue, splitFlags, splitPairs, VERBATIM_KEYS } from './args.js';
import type { ReadInput } from './out.js';
import { checkOutPath, openMessages } from './source.js';

export const FLAGS = ['format', 'conversation', 'out', 'reviewer'] as const;

export interface CliRequest {
  request: CompactRequest;
  source: OpenedSource;
  /** Files the arguments read (`@path`): `--out` may be none of them. */
  inputs: string[];
  out: string | null;
  /** The history as read, for `--out`'s archive. */
  input: ReadInput;
  reviewer: string | undefined;
}

/** `messages`' text and the bytes it came from: a file's own bytes, or an inline value's UTF-8. */
function readMessages(value: string, openedAt: string, sha256: (bytes: Uint8Array) => string): ReadInput {
  const fromFile = value.startsWith('@') && !value.startsWith('@@');
  const { text, bytes } = fromFile
    ? readTextFileBytes('messages', value.slice(1))
    : { text: resolveValue('messages', value), bytes: Buffer.from(resolveValue('messages', value), 'utf8') };
  const name = fromFile ? basename(value.slice(1)) : 'messages.json';
  return { original: { name, sha256: sha256(bytes), bytes: bytes.length }, bytes, text, openedAt };
}

/** Turns the arguments into a checked request and the source it came from. */
export function readRequest(argv: readonly string[]): CliRequest {
  const { rest, flags } = splitFlags(argv, FLAGS);
  const raw: Partial<Record<RequestKey, unknown>> = {};
  const inputs: string[] = [];
  let source: OpenedSource | null = null;
  let input: ReadInput | null = null;
  const openedAt = new Date().toISOString();
  for (const [key, value] of splitPairs(rest)) {
    if (value.startsWith('@') && !value.startsWith('@@')) inputs.push(value.slice(1));
    if (key === 'messages') {
      input = readMessages(value, openedAt, (bytes) => createHash('sha256').update(bytes).digest('hex'));
      source = openMessages(input.text, value, {
        format: flags.get('format'),
        conversation: flags.get('conversation'),
      });
      raw.messages = source.read.messages;
    } else if (VERBATIM_KEYS.has(key)) raw[key] = resolveValue(key, value);
    else raw[key] = parseJsonValue(key, resolveValue(key, value));
  }
  const out = flags.get('out') ?? null;
  if (out !== null) checkOutPath(out, inputs);
  const read = input as ReadInput;
  // With --out the archive is written beside the snapshot: R13's markers name it unless told otherwise.
  if (out !== null && raw.archive_ref === undefined)
    raw.archive_ref = archiveFileOf({ ...read.original, name: archiveNameSource(read, source as OpenedSource) }).name;
  return {
    request: parseRequest(raw),
    source: source as OpenedSource,
    inputs,
    out,
    input: read,
    reviewer: flags.get('reviewer'),
  };
}

/** The name the archive takes its extension from: the file's, or the kind of document an inline value was. */
function archiveNameSource(input: ReadInput, source: OpenedSource): string {
  if (input.original.name !== 'messages.json') return input.original.name;
  return source.doc.kind === 'jsonl' ? 'messages.jsonl' : 'messages.json';
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const { helpText } = await import('./help.js');
    process.stdout.write(helpText(['compact_context']));
    return EXIT.success;
  }
  try {
    const config = loadConfig();
    for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
    const { request, source, out, input, inputs, reviewer: reviewerFlag } = readRequest(argv);
    // Before the run: a missing reviewer is bad usage, found before any model is asked.
    const reviewer = out !== null ? reviewerOf(reviewerFlag) : null;
    for (const unmatched of unmatchedToolNames(request.eligible_tool_names, toolNamesOf(request.messages)))
      process.stderr.write(`warning: ${describeUnmatched(unmatched)}\n`);
    const model = createDecisionModel(config);
    const startedAt = new Date().toISOString();
    // copy 'shared': the result is serialized at once, so unchanged messages need no deep copy.
    const details = await compactParsed(request, { model, settings: config.request, copy: 'shared' });
    const response = details.response;
    Object.assign(response.metadata, { source: sourceSummary(source) });
    if (out !== null && reviewer !== null && response.success) {
      const run = {
        request,
        source,
        details: { ...details, response },
        model,
        startedAt,
        finishedAt: new Date().toISOString(),
      };
      await writeOutFiles(out, input, run, { reviewer, inputs });
    }
    // Written as it is: the backend scrubbed provider text of the key where it arrived, and the
    // history's own text (which may mention anything) is never rewritten (R14).
    process.stdout.write(`${JSON.stringify(response)}\n`);
    return response.success ? EXIT.success : EXIT.failed;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return failure.exit;
  }
}
