/**
 * `compact_context KEY=VALUE … [--format ID] [--conversation KEY] [--out PATH]` (SPEC §8,
 * §9). Exit 0 with the envelope on stdout on success, 1 with the envelope when compaction
 * failed, 2 with one line on stderr (and nothing on stdout) for bad input, usage or
 * configuration. `messages` may be any native format; `metadata.source` says which and
 * which conversation, and `--out` writes the compacted history in that format.
 */
// The narrow engine modules, not the engine's index: the index also loads the OpenAI prompt
// code and the scripted backend's schema, which a compaction may never run and which cost
// start-up time on every small history (test/bench/cli.bench.ts).
import { compactParsed, parseRequest } from '../../core/engine/compact.js';
import type { Action, CompactRequest } from '../../core/engine/schema.js';
import type { OpenedSource } from '../../core/formats/index.js';
import { proposalFor, sourceSummary } from '../../core/formats/index.js';
import { describeUnmatched, toolNamesOf, unmatchedToolNames } from '../../core/inspect/toolNames.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { classify, EXIT } from '../host/errors.js';
import type { RequestKey } from './args.js';
import { parseJsonValue, resolveValue, splitFlags, splitPairs, VERBATIM_KEYS } from './args.js';
import { checkOutPath, openMessages, writeOut } from './source.js';

export const FLAGS = ['format', 'conversation', 'out'] as const;

export interface CliRequest {
  request: CompactRequest;
  source: OpenedSource;
  /** Files the arguments read (`@path`): `--out` may be none of them. */
  inputs: string[];
  out: string | null;
}

/** Turns the arguments into a checked request and the source it came from. */
export function readRequest(argv: readonly string[]): CliRequest {
  const { rest, flags } = splitFlags(argv, FLAGS);
  const raw: Partial<Record<RequestKey, unknown>> = {};
  const inputs: string[] = [];
  let source: OpenedSource | null = null;
  for (const [key, value] of splitPairs(rest)) {
    if (value.startsWith('@') && !value.startsWith('@@')) inputs.push(value.slice(1));
    const text = resolveValue(key, value);
    if (VERBATIM_KEYS.has(key)) raw[key] = text;
    else if (key === 'messages') {
      source = openMessages(text, value, { format: flags.get('format'), conversation: flags.get('conversation') });
      raw.messages = source.read.messages;
    } else raw[key] = parseJsonValue(key, text);
  }
  const out = flags.get('out') ?? null;
  if (out !== null) checkOutPath(out, inputs);
  return { request: parseRequest(raw), source: source as OpenedSource, inputs, out };
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
    const { request, source, out } = readRequest(argv);
    for (const unmatched of unmatchedToolNames(request.eligible_tool_names, toolNamesOf(request.messages)))
      process.stderr.write(`warning: ${describeUnmatched(unmatched)}\n`);
    const model = createDecisionModel(config);
    // copy 'shared': the result is serialized at once, so unchanged messages need no deep copy.
    const details = await compactParsed(request, { model, settings: config.request, copy: 'shared' });
    const response = details.response;
    Object.assign(response.metadata, { source: sourceSummary(source) });
    if (out !== null && response.success && details.analysis) {
      const actions = new Map<string, Action>(response.answer.decisions.map((d) => [d.pair_id, d.action]));
      writeOut(out, source, proposalFor(request.messages, details.analysis.pairs, actions, request));
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
