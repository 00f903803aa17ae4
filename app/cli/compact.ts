/**
 * `compact_context KEY=VALUE …` (SPEC §8). Exit 0 with the envelope on stdout on success,
 * 1 with the envelope when compaction failed, 2 with one line on stderr (and nothing on
 * stdout) for bad input, usage or configuration.
 */
// The narrow engine modules, not the engine's index: the index also loads the OpenAI prompt
// code and the scripted backend's schema, which a compaction may never run and which cost
// start-up time on every small history (test/bench/cli.bench.ts).
import { compactContext, parseRequest } from '../../core/engine/compact.js';
import { ContainerError, loadHistory } from '../../core/engine/containers.js';
import type { CompactRequest } from '../../core/engine/schema.js';
import { createDecisionModel, loadConfig, redact } from '../config.js';
import { classify, EXIT } from '../host/errors.js';
import type { RequestKey } from './args.js';
import { firstLine, parseJsonValue, resolveValue, splitPairs, UsageError, VERBATIM_KEYS } from './args.js';

/** Turns the `KEY=VALUE` arguments into a checked request. */
export function readRequest(argv: readonly string[]): CompactRequest {
  const raw: Partial<Record<RequestKey, unknown>> = {};
  for (const [key, value] of splitPairs(argv)) {
    const text = resolveValue(key, value);
    if (VERBATIM_KEYS.has(key)) raw[key] = text;
    else if (key === 'messages') raw.messages = loadMessages(text);
    else raw[key] = parseJsonValue(key, text);
  }
  return parseRequest(raw);
}

function loadMessages(text: string): unknown {
  try {
    return loadHistory(text).messages;
  } catch (error) {
    if (error instanceof ContainerError) throw new UsageError(`messages: ${firstLine(error.message)}`);
    throw error;
  }
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const { helpText } = await import('./help.js');
    process.stdout.write(helpText(['compact_context']));
    return EXIT.success;
  }
  let apiKey: string | null = null;
  try {
    const config = loadConfig();
    apiKey = config.settings.apiKey;
    for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
    const request = readRequest(argv);
    const model = createDecisionModel(config);
    // copy 'shared': the result is serialized at once, so unchanged messages need no deep copy.
    const response = await compactContext(request, { model, settings: config.request, copy: 'shared' });
    process.stdout.write(`${redact(JSON.stringify(response), apiKey)}\n`);
    return response.success ? EXIT.success : EXIT.failed;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw new Error(redact(failure.message, apiKey));
    process.stderr.write(`${redact(failure.message, apiKey)}\n`);
    return failure.exit;
  }
}
