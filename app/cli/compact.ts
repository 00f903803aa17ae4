/**
 * `compact_context KEY=VALUE … [--format ID] [--conversation KEY] [--out PATH] [--reviewer NAME]
 * [--sign-key KEY]`
 * (SPEC §8, §9). Exit 0 with the envelope on stdout on success, 1 with the envelope when
 * compaction failed, 2 with one line on stderr (and nothing on stdout) for bad input, usage or
 * configuration. `messages` may be any native format; `metadata.source` says which and
 * which conversation, and `--out` writes the compacted history in that format with the
 * archive of the input and the audit record beside it (out.ts).
 */
import { createHash } from 'node:crypto';
import { basename, resolve } from 'node:path';
// The narrow engine modules, not the engine's index: a compaction of a valid request loads
// neither zod (accept.ts) nor a backend it does not run (test/bench/cli.bench.ts).
import { acceptRequest } from '../../core/engine/accept.js';
import { registryFor } from '../../core/engine/loadBackend.js';
import { compactParsed } from '../../core/engine/pass.js';
import type { CompactRequest } from '../../core/engine/schema.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import type { SourceInput } from '../../core/formats/bytes.js';
import type { OpenedSource } from '../../core/formats/open.js';
import { compactionReports, liveFromMessageId } from '../../core/formats/compactions.js';
import { sourceSummary } from '../../core/formats/open.js';
import { describeUnmatched, toolNamesOf, unmatchedToolNames } from '../../core/inspect/toolNames.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { classify, EXIT, HostApiError } from '../host/errors.js';
import { hostHeapBudgetBytes, overHostBudget, runShapeOf } from '../host/heap-budget.js';
import type { RequestKey } from './args.js';
import {
  parseJsonValue,
  readSourceFileBytes,
  resolveValue,
  splitFlags,
  splitPairs,
  UsageError,
  VERBATIM_KEYS,
} from './args.js';
import type { ReadBytes, ReadInput } from './out.js';
import { openMessages, StreamedLines } from './source.js';

export const FLAGS = [
  'format',
  'conversation',
  'out',
  'reviewer',
  'force',
  'sign-key',
  'restore-server',
  'resumable',
  'policy',
] as const;
/** Flags without a value; `--restore-server` (SPEC §9 "Restore server"): the export's markers say how to restore. */
const SWITCHES = ['force', 'restore-server', 'resumable'] as const;

export interface CliRequest {
  request: CompactRequest;
  source: OpenedSource;
  /** Files the arguments read (`@path`): `--out` may be none of them. */
  inputs: string[];
  /**
   * `--out`: the path, the history as read for its archive (read when the export is written: a
   * streamed file's bytes are not held during the run), and the module that writes it.
   */
  out: {
    path: string;
    input: () => ReadInput;
    files: typeof import('./out.js');
    restoreServer: boolean;
    /** `--resumable` (SPEC §9): also a new Claude Code session; the file `messages` came from. */
    resumable: { from: string | null } | null;
  } | null;
  reviewer: string | undefined;
  /** `--force`: replace existing files `--out` would change (never a file the command read). */
  force: boolean;
  /** `--sign-key`: the private key file that signs the audit record (only with --out). */
  signKey: string | undefined;
  /** The bytes `messages` was read from (the heap rule's body, app/host/heap-budget.ts). */
  messageBytes: number;
  /** `--policy`: the approved policy file the arguments were laid over, or null. */
  policy: PolicyFile | null;
  /** Their SHA-256 and size: `metadata.input`, so `compare` can tell two histories apart (SPEC §9). */
  input: { sha256: string; bytes: number } | null;
}

/**
 * `messages` as read: a JSON Lines file streamed (its bytes read again only for `--out`), or its
 * text (a ZIP's bytes) with the bytes it came from: a file's own bytes, or an inline value's UTF-8.
 */
interface MessagesRead {
  name: string;
  input: SourceInput | StreamedLines;
  sha256: string;
  size: number;
  /** The bytes and text `--out` archives. */
  whole: () => ReadBytes;
}

function readMessages(value: string): MessagesRead {
  const fromFile = value.startsWith('@') && !value.startsWith('@@');
  const name = fromFile ? basename(value.slice(1)) : 'messages.json';
  const streamed = fromFile ? StreamedLines.read(value.slice(1)) : null;
  if (streamed !== null) {
    const { sha256, size } = streamed;
    return {
      name,
      input: streamed,
      sha256,
      size,
      whole: () => ({ name, sha256, bytes: streamed.bytes(), text: streamed.text() }),
    };
  }
  const { text, bytes } = fromFile
    ? readSourceFileBytes('messages', value.slice(1), { streams: true })
    : { text: resolveValue('messages', value), bytes: Buffer.from(resolveValue('messages', value), 'utf8') };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { name, input: text, sha256, size: bytes.length, whole: () => ({ name, bytes, text, sha256 }) };
}

/** Turns the arguments into a checked request and the source it came from. */
export async function readRequest(argv: readonly string[]): Promise<CliRequest> {
  const { rest, flags } = splitFlags(argv, FLAGS, SWITCHES);
  const raw: Partial<Record<RequestKey, unknown>> = {};
  const inputs: string[] = [];
  let source: OpenedSource | null = null;
  let read: MessagesRead | null = null;
  let messagesPath: string | null = null;
  const openedAt = new Date().toISOString();
  for (const [key, value] of splitPairs(rest)) {
    if (value.startsWith('@') && !value.startsWith('@@')) inputs.push(value.slice(1));
    if (key === 'messages') {
      read = readMessages(value);
      messagesPath = value.startsWith('@') && !value.startsWith('@@') ? value.slice(1) : null;
      source = await openMessages(read.input, value, {
        format: flags.get('format'),
        conversation: flags.get('conversation'),
      });
      raw.messages = source.read.messages;
    } else if (VERBATIM_KEYS.has(key)) raw[key] = resolveValue(key, value);
    else raw[key] = parseJsonValue(key, resolveValue(key, value));
  }
  // A compaction the agent's own tool made: calls before its live context are kept (SPEC §9).
  const liveFrom = source === null ? undefined : liveFromMessageId((source as OpenedSource).read);
  if (raw.live_from_message_id === undefined && liveFrom !== undefined) raw.live_from_message_id = liveFrom;
  // The approved policy lies under the arguments: a key given here wins, options key by key.
  const policyPath = flags.get('policy');
  // Loaded only when asked: the policy's schema is zod, which a plain compaction never loads.
  const policies = policyPath === undefined ? null : await import('./policy.js');
  const policy = policies === null || policyPath === undefined ? null : policies.readPolicyFlag(policyPath);
  if (policyPath !== undefined) inputs.push(policyPath);
  if (policies !== null && policy !== null) Object.assign(raw, policies.applyPolicy(raw, policy));
  const path = flags.get('out') ?? null;
  if (path === null && flags.has('force'))
    throw new UsageError('--force: only with --out (it lets --out replace existing files)');
  if (path === null && flags.has('restore-server'))
    throw new UsageError('--restore-server: only with --out (it shapes the markers of the exported file)');
  if (path === null && flags.has('resumable'))
    throw new UsageError('--resumable: only with --out (it writes the export again as a new session)');
  if (flags.has('resumable') && source !== null && (source as OpenedSource).read.format !== 'claude-code')
    throw new UsageError(
      `--resumable: only for a Claude Code session (claude-code); this history is ${(source as OpenedSource).read.format}`,
    );
  // The signing key is read too: no file --out writes may replace it.
  const signKey = flags.get('sign-key');
  if (signKey !== undefined) inputs.push(signKey);
  let out: CliRequest['out'] = null;
  if (path !== null) {
    // Only --out hashes the input and loads the export and verify modules (SPEC §9): a plain
    // compaction pays for neither (test/bench/cli.bench.ts).
    const files = await import('./out.js');
    files.checkOutPath(path, inputs);
    const messages = read as MessagesRead;
    const original = { name: messages.name, sha256: messages.sha256, bytes: messages.size };
    // The archive is written beside the snapshot: R13's markers name it unless told otherwise.
    if (raw.archive_ref === undefined) raw.archive_ref = files.archiveNameOf(original, source as OpenedSource);
    out = {
      path,
      input: () => files.readInputOf(messages.whole(), openedAt),
      files,
      restoreServer: flags.has('restore-server'),
      resumable: flags.has('resumable') ? { from: messagesPath } : null,
    };
  } else if (flags.has('sign-key'))
    throw new UsageError('--sign-key: signs the audit record of --out PATH; give --out too');
  // The schema only for a request the zod-free check does not accept: it says why (exit 2).
  const request = acceptRequest(raw) ?? (await import('../../core/engine/request.js')).parseRequest(raw);
  return {
    request,
    source: source as OpenedSource,
    inputs,
    out,
    reviewer: flags.get('reviewer'),
    force: flags.has('force'),
    signKey,
    messageBytes: read?.size ?? 0,
    policy,
    input: read === null ? null : { sha256: read.sha256, bytes: read.size },
  };
}

/**
 * The heap rule the hosts admit runs by, against this process's own heap limit: the file
 * budget (app/budget.ts) only bounds reading, and a history whose calls or raised token limits
 * cost more than its bytes (R7, R9) would otherwise end in V8's out-of-memory abort (exit 134,
 * a GC trace) instead of one line and exit 2. Weighed on the converted request, before the
 * engine allocates.
 */
function checkHeap(request: CompactRequest, messageBytes: number): void {
  const tooLarge = overHostBudget(runShapeOf(request, messageBytes), hostHeapBudgetBytes(), 'process');
  if (tooLarge !== null) throw new HostApiError('too_large', tooLarge);
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const { helpText } = await import('./help.js');
    process.stdout.write(helpText(['compact_context']));
    return EXIT.success;
  }
  try {
    let config = loadConfig();
    const {
      request,
      source,
      out,
      inputs,
      reviewer: reviewerFlag,
      messageBytes,
      force,
      signKey,
      policy,
      input,
    } = await readRequest(argv);
    // The policy names the model it was tuned with; the environment, where it names one, wins.
    if (policy?.decision_model !== undefined) config = loadConfig({ defaults: policy.decision_model });
    for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
    checkHeap(request, messageBytes);
    // Before the run: a missing reviewer or an unusable key is bad usage, found before any model is asked.
    const reviewer = out !== null ? out.files.reviewerOf(reviewerFlag) : null;
    const signingKey = out !== null && signKey !== undefined ? out.files.signingKeyOf(signKey) : null;
    for (const unmatched of unmatchedToolNames(request.eligible_tool_names, toolNamesOf(request.messages)))
      process.stderr.write(`warning: ${describeUnmatched(unmatched)}\n`);
    const model = createDecisionModel(config, await registryFor(config.backend));
    const mismatch = policy === null ? null : (await import('./policy.js')).modelMismatch(policy, model);
    if (mismatch !== null) process.stderr.write(`warning: ${mismatch}\n`);
    const startedAt = new Date().toISOString();
    // copy 'shared': the result is serialized at once, so unchanged messages need no deep copy.
    const details = await compactParsed(request, { model, settings: config.request, copy: 'shared' });
    const response = details.response;
    Object.assign(response.metadata, {
      input,
      source: source.read.compactions
        ? { ...sourceSummary(source), compactions: compactionReports(source.read) }
        : sourceSummary(source),
    });
    if (out !== null && reviewer !== null && response.success) {
      const run = {
        request,
        source,
        details: { ...details, response },
        model,
        startedAt,
        finishedAt: new Date().toISOString(),
      };
      // Every file this command read: the @values, the scripted backend's answers and `.env`.
      const script = config.settings.scriptPath === null ? [] : [resolve(config.settings.scriptPath)];
      const read = [...inputs, ...script, resolve('.env')];
      const written = await out.files.writeOutFiles(out.path, out.input(), run, {
        reviewer,
        inputs: read,
        force,
        signingKey,
        restoreServer: out.restoreServer,
        policySha256: policy === null ? null : (await import('./policy.js')).policySha256(policy),
      });
      // stdout is the envelope alone (SPEC §8); how to attach the restore server goes to stderr.
      process.stderr.write(`${out.files.restoreServerNote(written)}\n`);
      if (out.resumable !== null) process.stderr.write(`${out.files.writeResumable(written, out.resumable.from)}\n`);
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
