/**
 * `verify` (SPEC §9): re-derives the snapshot an audit record approved from the archive of the
 * original, the recorded policy, probabilities and overrides, and compares it and every hash
 * with the files beside the record. No model is asked: R3–R4 guard the archive's pairs under
 * the recorded policy, R12 decides each at the recorded threshold from the recorded
 * probabilities (R15), the overrides apply on top, R13–R14 rebuild, and the recorded format
 * writes the result (core/formats `exportedFile`). Pure: the host reads the files and hashes their bytes.
 * What this proves, field by field, is proof.ts's table; a verdict claims no more.
 */
import type { Probabilities } from '../engine/decide.js';
import type { Analysis } from '../engine/guards.js';
import { analyze } from '../engine/guards.js';
import type { MarkerSettings } from '../engine/rebuild.js';
import { policyOf } from '../engine/request.js';
import type { Action } from '../engine/schema.js';
import { SHELL_RULE } from '../engine/shellReadOnly.js';
import type { OpenedSource, Proposal, ReadBounds, SourceInput, WrittenFile } from '../formats/index.js';
import { exportedFile, FormatError, openSource, proposalFor } from '../formats/index.js';
import type { AuditDecision, AuditRecord } from '../records/audit.js';
import type { Overrides } from '../inspect/actions.js';
import { deriveActions, modelVerdict } from '../inspect/actions.js';

/**
 * A file beside the record as the host read it: its text (UTF-8, as the inspector decodes), or
 * its bytes when it is binary (an Inspect `.eval` ZIP), and its bytes' hash.
 */
export interface ReadFile {
  name: string;
  text: SourceInput;
  sha256: string;
  bytes: number;
}

/** The snapshot the record approves, derived again from the archive and the record alone. */
export interface Rederived {
  source: OpenedSource;
  analysis: Analysis;
  actions: Map<string, Action>;
  proposal: Proposal;
  text: WrittenFile;
}

export type Verification =
  | { ok: true; rederived: Rederived }
  /** `differences[0]` is the first difference; the archive failing to read leaves `rederived` null. */
  | { ok: false; differences: string[]; rederived: Rederived | null };

/** The record's probabilities and overrides, by pair id. */
function recordedAnswers(decisions: readonly AuditDecision[]): {
  probs: Map<string, Probabilities>;
  overrides: Overrides;
} {
  const probs = new Map<string, Probabilities>();
  const overrides: Record<string, Action> = {};
  for (const d of decisions) {
    if (d.keep_call !== null && d.keep_result !== null)
      probs.set(d.pair_id, { keepCall: d.keep_call, keepResult: d.keep_result });
    if (d.override !== null) overrides[d.pair_id] = d.override;
  }
  return { probs, overrides };
}

/**
 * What the record's markers were built from: its R13 settings, its §9 `drop_receipts` and, when the export was meant
 * for the restore server (§9), the archive beside it, which its markers tell the agent to read.
 */
export function markerSettingsOf(record: AuditRecord): MarkerSettings {
  return { ...record, restore_archive: record.marker_restore === true ? record.archive_file.name : null };
}

/**
 * The snapshot as the record says it was derived: the recorded conversation of the archive,
 * the recorded policy's guards, actions from the recorded answers. Throws a FormatError when
 * the archive does not read as the recorded format and conversation.
 */
export function rederive(record: AuditRecord, archive: SourceInput, bounds: ReadBounds = {}): Rederived {
  const { format, conversation } = record.source;
  const source = openSource(archive, { format, conversation, ...bounds });
  const messages = source.read.messages;
  const analysis = analyze(messages, policyOf(record));
  const { probs, overrides } = recordedAnswers(record.decisions);
  const actions = deriveActions(analysis.pairs, probs, record.options.keep_threshold, overrides);
  const proposal = proposalFor(
    messages,
    analysis.pairs,
    actions,
    markerSettingsOf(record),
    record.exported_as === 'source' ? source : undefined,
  );
  return { source, analysis, actions, proposal, text: exportedFile(source, proposal, record.exported_as) };
}

const prob = (p: number | null) => (p === null ? 'none' : String(p));

/** Each recorded decision against the pair the archive holds at its place and what R12 gives it. */
function decisionDifferences(record: AuditRecord, rederived: Rederived): string[] {
  const { pairs } = rederived.analysis;
  const out: string[] = [];
  if (pairs.length !== record.decisions.length)
    out.push(
      `the record lists ${record.decisions.length} decisions, the archive holds ${pairs.length} tool-call pairs`,
    );
  const { probs } = recordedAnswers(record.decisions);
  const threshold = record.options.keep_threshold;
  for (let i = 0; i < Math.min(pairs.length, record.decisions.length); i++) {
    const pair = pairs[i];
    const d = record.decisions[i];
    const at = `decision ${i + 1} (${d.pair_id}, call ${d.call_id})`;
    if (d.pair_id !== pair.pairId || d.call_id !== pair.callId || d.tool_name !== pair.toolName) {
      out.push(`${at}: the archive's pair ${i + 1} is ${pair.pairId}, call ${pair.callId} (${pair.toolName})`);
      continue;
    }
    const verdict = modelVerdict(pair.guard, probs.get(pair.pairId) ?? null, threshold);
    if (verdict.action !== d.model_action || verdict.reason !== d.reason) {
      const why =
        pair.guard !== null
          ? `the recorded policy guards it (${pair.guard})`
          : `keep_call ${prob(d.keep_call)} and keep_result ${prob(d.keep_result)} at keep_threshold ${threshold}`;
      out.push(
        `${at}: the record says ${d.model_action} (${d.reason}), but ${why} give${pair.guard !== null ? 's' : ''} ${verdict.action} (${verdict.reason})`,
      );
    }
    const action = d.override ?? verdict.action;
    if (action !== d.action)
      out.push(
        `${at}: the record says the export applied ${d.action}, but ${d.override ? `its override is ${d.override}` : `R12 gives ${verdict.action} and there is no override`}`,
      );
  }
  return out;
}

/** Bytes of `text`'s UTF-8 encoding, without encoding it: what a file offset counts. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * Where the snapshot first differs from the text the record derives: the byte offset, line and
 * column. Never an excerpt of either: the file found under the snapshot's name may be anything
 * (a symlink to a secret), and what verify prints must not carry it.
 */
export function firstTextDifference(expected: string, found: string): string | null {
  if (expected === found) return null;
  let i = 0;
  while (i < expected.length && i < found.length && expected.charCodeAt(i) === found.charCodeAt(i)) i++;
  const before = expected.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  const where = `byte ${utf8Length(before)} (line ${line}, column ${column})`;
  if (i >= found.length) return `${where}: the snapshot ends there, the approved text goes on`;
  if (i >= expected.length) return `${where}: the approved text ends there, the snapshot goes on`;
  return where;
}

/** Where a snapshot first differs from what the record derives, text or bytes (a `.eval` ZIP); null when equal. */
export function firstDifference(expected: WrittenFile, found: SourceInput): string | null {
  if (typeof expected === 'string' && typeof found === 'string') return firstTextDifference(expected, found);
  const a = typeof expected === 'string' ? new TextEncoder().encode(expected) : expected;
  const b = typeof found === 'string' ? new TextEncoder().encode(found) : found;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return null;
  if (i >= b.length) return `byte ${i}: the snapshot ends there, the approved file goes on`;
  if (i >= a.length) return `byte ${i}: the approved file ends there, the snapshot goes on`;
  return `byte ${i}`;
}

function hashDifferences(record: AuditRecord, archive: ReadFile): string[] {
  const out: string[] = [];
  if (record.archive_file.sha256 !== record.original_sha256 || record.archive_file.bytes !== record.original_bytes)
    out.push(
      `the record's archive_file (sha256 ${record.archive_file.sha256}, ${record.archive_file.bytes} bytes) is not its original (sha256 ${record.original_sha256}, ${record.original_bytes} bytes)`,
    );
  if (archive.sha256 !== record.original_sha256 || archive.bytes !== record.original_bytes)
    out.push(
      `the archive ${archive.name} is not the original that was opened: sha256 ${archive.sha256} (${archive.bytes} bytes), the record says ${record.original_sha256} (${record.original_bytes} bytes)`,
    );
  return out;
}

/**
 * The fields the archive itself answers (proof.ts `recomputed`): the container our format was
 * read in, and how many conversations the file holds.
 */
function sourceDifferences(record: AuditRecord, rederived: Rederived): string[] {
  const out: string[] = [];
  const container = rederived.source.read.container ?? null;
  if (record.container !== container)
    out.push(`container is ${JSON.stringify(record.container)}, the archive reads as ${JSON.stringify(container)}`);
  const conversations = rederived.source.conversations.length;
  if (record.source.conversations !== conversations)
    out.push(`source.conversations is ${record.source.conversations}, the archive holds ${conversations}`);
  return out;
}

/** R3: a record made with another shell rule than this version's cannot be re-derived with it. */
function ruleDifferences(record: AuditRecord): string[] {
  const rule = record.shell_read_only?.rule;
  return rule === undefined || rule === SHELL_RULE
    ? []
    : [`shell_read_only.rule is ${rule}, this version applies ${SHELL_RULE}`];
}

/** SPEC §9: the calls the record says the export kept for a target are the ones the writer keeps. */
function keptDifferences(record: AuditRecord, rederived: Rederived): string[] {
  const kept = new Map((rederived.proposal.keptForTargets ?? []).map((k) => [k.pair_id, k.rule]));
  const out: string[] = [];
  for (const d of record.decisions) {
    const rule = kept.get(d.pair_id);
    if ((d.call_kept_for_target ?? null) !== (rule ?? null))
      out.push(
        `decision ${d.pair_id} (call ${d.call_id}): the record says call_kept_for_target ${d.call_kept_for_target ?? 'none'}, the format's writer gives ${rule ?? 'none'}`,
      );
  }
  const count = record.stats.calls_kept_for_target ?? 0;
  if (count !== kept.size)
    out.push(`stats.calls_kept_for_target is ${count}, the format's writer keeps ${kept.size} calls for a target`);
  return out;
}

/** The stats a re-derivation can recompute: the history measured before, and after the export. */
function statsDifferences(record: AuditRecord, rederived: Rederived): string[] {
  const out: string[] = [];
  const messages = rederived.source.read.messages;
  const { stats } = record;
  if (stats.messages_before !== null && stats.messages_before !== messages.length)
    out.push(`stats.messages_before is ${stats.messages_before}, the archive's conversation has ${messages.length}`);
  const before = JSON.stringify(messages).length;
  if (stats.chars_before !== null && stats.chars_before !== before)
    out.push(`stats.chars_before is ${stats.chars_before}, the archive's conversation has ${before}`);
  const after = JSON.stringify(rederived.proposal.messages).length;
  if (stats.chars_after_exported !== after)
    out.push(`stats.chars_after_exported is ${stats.chars_after_exported}, the re-derived snapshot has ${after}`);
  return out;
}

/**
 * Every check, in the order a difference is most telling: the archive is the original (else
 * nothing derived from it means anything), it reads as recorded, each decision follows from
 * the record, the snapshot's text is the re-derived one, its bytes are the ones recorded, and
 * the recorded stats agree.
 */
/** `bounds`: how far the archive may inflate (a `.eval` ZIP, core/formats/bytes.ts). */
export function verifyExport(
  record: AuditRecord,
  archive: ReadFile,
  snapshot: ReadFile,
  bounds: ReadBounds = {},
): Verification {
  const differences = hashDifferences(record, archive);
  if (differences.length > 0) return { ok: false, differences, rederived: null };
  let rederived: Rederived;
  try {
    rederived = rederive(record, archive.text, bounds);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const { format, conversation } = record.source;
    return {
      ok: false,
      differences: [
        `the archive ${archive.name} does not read as ${format} conversation "${conversation}": ${error.message}`,
      ],
      rederived: null,
    };
  }
  differences.push(...sourceDifferences(record, rederived));
  differences.push(...ruleDifferences(record));
  differences.push(...decisionDifferences(record, rederived));
  differences.push(...keptDifferences(record, rederived));
  const text = firstDifference(rederived.text, snapshot.text);
  if (text !== null)
    differences.push(`the snapshot ${snapshot.name} differs from what the record approves from ${text}`);
  if (snapshot.sha256 !== record.exported_file.sha256 || snapshot.bytes !== record.exported_file.bytes)
    differences.push(
      `the snapshot ${snapshot.name} has sha256 ${snapshot.sha256} (${snapshot.bytes} bytes), the record says ${record.exported_file.sha256} (${record.exported_file.bytes} bytes)`,
    );
  differences.push(...statsDifferences(record, rederived));
  return differences.length === 0 ? { ok: true, rederived } : { ok: false, differences, rederived };
}
