/**
 * `compact_context … --out PATH [--reviewer NAME] [--sign-key KEY]` (SPEC §9): the same files the inspector's
 * export writes, side by side and committed together — the compacted history at PATH in the
 * source's own format, the archive of the input (its bytes, named by their SHA-256), and
 * `PATH.audit.json` naming both with their hashes, the policy, every decision and the
 * reviewer (`--reviewer`, else the OS user); with `--sign-key`, `PATH.audit.json.sig`, the record's
 * SSH signature (app/signing/). Verified before anything is written
 * (core/audit/bundle.ts); never over a file the command read.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CompactDetails } from '../../core/engine/compact.js';
import type { Action, CompactRequest, Decision, Stats } from '../../core/engine/schema.js';
import type { OpenedSource, SourceInput, WrittenSession } from '../../core/formats/index.js';
import { exportFile, proposalFor, resumeStep } from '../../core/formats/index.js';
import type { OriginalFile } from '../../core/audit/record.js';
import { archiveFileOf, auditDraftFor } from '../../core/audit/record.js';
import { ExportRefused } from '../../core/audit/bundle.js';
import { restoreServerConfig, restoreServerText } from '../../core/restore/config.js';
import type { Overrides } from '../../core/inspect/actions.js';
import { deriveActions, probabilitiesOf } from '../../core/inspect/actions.js';
import { reviewPairs } from '../../core/inspect/review.js';
import { isSameFile, NotRegularTarget } from '../host/commitFiles.js';
import type { WrittenExport } from '../host/exportFiles.js';
import { osUser, writeExport } from '../host/exportFiles.js';
import { cliLauncher } from '../host/launcher.js';
import { packageVersion } from '../host/version.js';
import { writeResumableSession } from '../host/resumableSession.js';
import { loadSigningKey, signAuditRecord } from '../signing/auditSignature.js';
import type { SigningKey } from '../signing/sshKey.js';
import { UsageError } from './args.js';
import { notAsked, usageOf } from './writeTargets.js';

/** `messages` as read: its file's name (or `messages.json` for an inline value), bytes and text. */
export interface ReadBytes {
  name: string;
  bytes: Uint8Array;
  /** SHA-256 of `bytes`: the record's `original_sha256`, the envelope's `metadata.input.sha256`. */
  sha256: string;
  /** Its text, or its bytes for a binary format (an Inspect `.eval` ZIP). */
  text: SourceInput;
}

/** The history as the command read it: the bytes the archive keeps, and when. */
export interface ReadInput {
  original: OriginalFile;
  bytes: Uint8Array;
  text: SourceInput;
  openedAt: string;
}

export function readInputOf(read: ReadBytes, openedAt: string): ReadInput {
  return {
    original: { name: read.name, sha256: read.sha256, bytes: read.bytes.length },
    bytes: read.bytes,
    text: read.text,
    openedAt,
  };
}

/** The archive's name: its extension from the file's, or from the kind of document an inline value was. */
export function archiveNameOf(original: OriginalFile, source: OpenedSource): string {
  const inline = original.name === 'messages.json';
  const name = inline && source.doc.kind === 'jsonl' ? 'messages.jsonl' : original.name;
  return archiveFileOf({ ...original, name }).name;
}

export interface OutRun {
  request: CompactRequest;
  source: OpenedSource;
  /** The run's pairs and its answer's decisions and figures. */
  details: Pick<CompactDetails, 'analysis'> & {
    response: { success: true; answer: { decisions: Decision[]; stats: Stats } };
  };
  model: { backend: string; model?: string | null };
  startedAt: string;
  finishedAt: string;
}

/** `--reviewer`, else the OS user; a usage error when neither names anyone. */
export function reviewerOf(flag: string | undefined): string {
  const name = flag ?? osUser();
  if (name === null || name.trim() === '')
    throw new UsageError('--reviewer: required here (the OS user is unknown); write --reviewer NAME');
  return name;
}

/** Refuses an output path that is one of the inputs (exit 2 before any work is done). */
export function checkOutPath(out: string, inputs: readonly string[]): void {
  for (const input of inputs)
    if (isSameFile(out, input)) throw new UsageError(`--out: ${out} is the input file ${input}; choose another path`);
}

/** `--sign-key PATH`: the Ed25519 key that signs the record; an unusable one is bad usage, before the run. */
export function signingKeyOf(path: string): SigningKey {
  return loadSigningKey(path);
}

export async function writeOutFiles(
  out: string,
  input: ReadInput,
  run: OutRun,
  options: {
    reviewer: string;
    inputs: readonly string[];
    force: boolean;
    signingKey?: SigningKey | null;
    restoreServer?: boolean;
    /** `--policy`: the hash of the policy file's canonical text, named in the record. */
    policySha256?: string | null;
    /**
     * A person's review (an approval in the queue, app/host/approvals.ts): the actions derived
     * again from the stored probabilities at this threshold, with these overrides (R12, R15).
     * Absent: the run's own actions at its own threshold.
     */
    review?: { threshold: number; overrides: Overrides };
  },
): Promise<WrittenExport> {
  const { request, source, details } = run;
  const { answer } = details.response;
  const probabilities = probabilitiesOf(answer.decisions);
  const threshold = options.review?.threshold ?? request.options.keep_threshold;
  const overrides = options.review?.overrides ?? {};
  const actions: ReadonlyMap<string, Action> = options.review
    ? deriveActions(details.analysis.pairs, probabilities, threshold, overrides)
    : new Map<string, Action>(answer.decisions.map((d) => [d.pair_id, d.action]));
  const decisions = new Map(answer.decisions.map((d) => [d.pair_id, d]));
  const reviews = reviewPairs(details.analysis.pairs, { decisions, probabilities, threshold, overrides, actions });
  // What is written: drop_call as the format's targets allow it (SPEC §9), measured as written;
  // markers meant for the restore server name the archive it reads, as the record does.
  const restoreArchive = options.restoreServer ? archiveFileOf(input.original).name : null;
  const markers = { ...request, restore_archive: restoreArchive };
  const proposal = proposalFor(request.messages, details.analysis.pairs, actions, markers, source);
  const keptForTargets = proposal.keptForTargets ?? [];
  const audit = auditDraftFor(
    { original: input.original, source, openedAt: input.openedAt },
    {
      request,
      outcome: { backend: run.model.backend, model: run.model.model ?? null, stats: answer.stats },
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
    },
    {
      exportedAs: 'source',
      threshold,
      reviews: reviews.values(),
      // Measured as written: what the targets kept, the restore markers and the replies whose
      // thinking went with their calls (FormatAdapter.thinkingGoesWithReply) differ from the engine's.
      charsAfter: JSON.stringify(proposal.messages).length,
      keptForTargets,
      reviewer: options.reviewer,
      comment: null,
      comments: {},
      toolVersion: packageVersion(),
      exportedAt: new Date().toISOString(),
      markerRestore: restoreArchive !== null,
      policySha256: options.policySha256 ?? null,
    },
  );
  // An edited zstd member of a .eval log is compressed by the wasm codec core cannot load.
  if (source.read.format === 'inspect-eval') await (await import('../zstd.js')).installZstd();
  const text = exportFile(source, proposal);
  try {
    const written = await writeExport(
      out,
      { text, archive: input.bytes, archiveText: input.text, audit, report: false },
      {
        sources: options.inputs,
        ...(options.signingKey
          ? { sign: (text: string) => signAuditRecord(text, options.signingKey as SigningKey) }
          : {}),
        confirmReplace: async (replacements) => {
          const source = replacements.find((r) => r.isSource);
          if (source) throw new UsageError(`--out: would replace the input file ${source.path}; choose another path`);
          // An existing file that would change is replaced only when asked, as the inspector asks.
          if (!options.force)
            throw notAsked(
              '--out',
              replacements.map((r) => r.path),
            );
          return true;
        },
      },
    );
    // SPEC §9: a rule the source already broke is written as it came, with a warning naming it.
    for (const warning of (written as WrittenExport).targetWarnings)
      process.stderr.write(`warning: --out: ${warning}; the source breaks it too\n`);
    return written as WrittenExport;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof NotRegularTarget) throw usageOf('--out', error);
    if (error instanceof ExportRefused) throw new UsageError(`--out: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--out: cannot write beside ${out}: ${code ?? (error as Error).message}`);
  }
}

/** SPEC §9 "Restore server": how to attach it to the folder the archive was written to, for each agent host. */
export function restoreServerNote(written: WrittenExport): string {
  return restoreServerText(restoreServerConfig(cliLauncher('web'), dirname(resolve(written.archivePath))));
}

/**
 * `--resumable` (SPEC §9 "back into the agent in one step"): the snapshot just written, again
 * as a new Claude Code session (app/host/resumableSession.ts, as the inspector's export writes
 * it). Returns the lines --out prints on stderr: where it is, and how to resume it.
 */
export function writeResumable(written: WrittenExport, from: string | null): string {
  let session: WrittenSession;
  try {
    session = writeResumableSession(readFileSync(written.path, 'utf8'), written.path, from);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--resumable: cannot write beside ${written.path}: ${code ?? (error as Error).message}`);
  }
  return [`resumable session: ${session.path}`, `resume it: ${resumeStep(session)}`].join('\n');
}
