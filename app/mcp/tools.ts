/**
 * What each tool of SPEC §9 "Restore server" does with checked arguments: find the call's
 * result in an archive and page it (restore_result), search the archived results
 * (search_archive), list an audit record's omissions (list_omissions), and run a compaction
 * (compact_context). Each returns the structured result; a refusal is a ToolError.
 */
import { compactParsed, parseRequest, RequestError } from '../../core/engine/compact.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { applyPolicy, modelMismatch } from '../../core/policies/policyFile.js';
import { registryFor } from '../../core/engine/loadBackend.js';
import type { CompactResponse } from '../../core/engine/schema.js';
import { describeZodError } from '../../core/engine/schema.js';
import { FormatError } from '../../core/formats/index.js';
import { AuditRecordSchema } from '../../core/records/audit.js';
import type { Omission } from '../../core/restore/omissions.js';
import { listOmissions } from '../../core/restore/omissions.js';
import type { Page } from '../../core/restore/page.js';
import { pageOf } from '../../core/restore/page.js';
import type { ArchivedResult } from '../../core/restore/results.js';
import type { SearchedText, SearchOutcome } from '../../core/restore/search.js';
import { literalTest, regexTest, searchLines } from '../../core/restore/search.js';
import type { RestoreArgs, SearchArgs } from '../../core/restore/tools.js';
import {
  REGEX_BUDGET_MS,
  REGEX_MAX_CHARS,
  RESTORE_DEFAULT_CHARS,
  SEARCH_DEFAULT_MATCHES,
} from '../../core/restore/tools.js';
import { clip, isAuditName } from '../../core/restore/names.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { installZstd } from '../zstd.js';
import { hostHeapBudgetBytes, overHostBudget, runShapeOf } from '../host/heap-budget.js';
import type { ArchiveStore, LoadedArchive } from './archives.js';
import { ToolError } from './archives.js';
import { searchInWorker } from './regexSearch.js';

export type RestoredPage = Page & { call_id: string; tool_name: string | null; archive_sha256: string };

/** The conversations to look in: the one named (which must exist), else all of them. */
function conversationsOf(archive: LoadedArchive, name: string, conversation: string | undefined): string[] {
  const keys = archive.source.conversations.map((c) => c.key);
  if (conversation === undefined) return keys;
  if (!keys.includes(conversation))
    throw new ToolError(
      `archive "${clip(name)}" has no conversation "${clip(conversation)}" (it has ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}).`,
    );
  return [conversation];
}

/** The one result of `callId` in the conversations looked in. */
function findResult(store: ArchiveStore, archive: LoadedArchive, args: RestoreArgs): ArchivedResult {
  const found: Array<{ conversation: string; result: ArchivedResult; duplicated: boolean }> = [];
  for (const conversation of conversationsOf(archive, args.archive, args.conversation)) {
    const index = store.index(archive, conversation);
    const result = index.results.get(args.call_id);
    if (result) found.push({ conversation, result, duplicated: index.duplicated.has(args.call_id) });
  }
  const id = clip(args.call_id);
  if (found.length === 0)
    throw new ToolError(
      `archive "${clip(args.archive)}" holds no result of tool call "${id}"; search_archive or list_omissions finds the ids it holds.`,
    );
  if (found.length > 1)
    throw new ToolError(
      `tool call "${id}" is in ${found.length} conversations of archive "${clip(args.archive)}" (${found.map((f) => f.conversation).join(', ')}); pass conversation.`,
    );
  const [{ result, duplicated }] = found;
  if (duplicated)
    throw new ToolError(
      `tool call "${id}" has more than one result in archive "${clip(args.archive)}", so none is restored (R2).`,
    );
  return result;
}

export async function restoreResult(store: ArchiveStore, args: RestoreArgs): Promise<RestoredPage> {
  const archive = await store.archive(args.archive);
  const result = findResult(store, archive, args);
  if (result.text === null)
    throw new ToolError(
      `the result of tool call "${clip(args.call_id)}" holds images or files, not text; restore_result returns text only.`,
    );
  const offset = args.offset ?? 0;
  const page = pageOf(result.text, offset, args.max_chars ?? RESTORE_DEFAULT_CHARS);
  if (offset > page.total_chars)
    throw new ToolError(
      `offset ${offset} is past the end of the result of tool call "${clip(args.call_id)}" (${page.total_chars} characters).`,
    );
  return { call_id: result.callId, tool_name: result.toolName, ...page, archive_sha256: archive.sha256 };
}

export async function searchArchive(store: ArchiveStore, args: SearchArgs): Promise<SearchOutcome> {
  if (args.regex === true) {
    if (args.query.length > REGEX_MAX_CHARS)
      throw new ToolError(`search_archive: a regular expression must be at most ${REGEX_MAX_CHARS} characters.`);
    try {
      regexTest(args.query);
    } catch (error) {
      throw new ToolError(`search_archive: query is not a valid regular expression (${(error as Error).message}).`);
    }
  }
  const archive = await store.archive(args.archive);
  const conversations = conversationsOf(archive, args.archive, args.conversation);
  const several = archive.source.conversations.length > 1;
  const texts: SearchedText[] = [];
  for (const conversation of conversations)
    for (const result of store.index(archive, conversation).results.values()) {
      if (result.text === null || (args.call_id !== undefined && result.callId !== args.call_id)) continue;
      texts.push({ callId: result.callId, text: result.text, ...(several ? { conversation } : {}) });
    }
  if (args.call_id !== undefined && texts.length === 0)
    throw new ToolError(`archive "${clip(args.archive)}" holds no text result of tool call "${clip(args.call_id)}".`);
  const maxMatches = args.max_matches ?? SEARCH_DEFAULT_MATCHES;
  if (args.regex !== true) return searchLines(texts, literalTest(args.query), maxMatches);
  const outcome = await searchInWorker({ texts, pattern: args.query, maxMatches });
  if (outcome === 'timeout')
    throw new ToolError(
      `search_archive: the regular expression ran longer than ${REGEX_BUDGET_MS / 1000} s and was stopped; use a simpler pattern, a literal query or call_id.`,
    );
  return outcome;
}

export async function omissionsOf(store: ArchiveStore, audit: string): Promise<{ omissions: Omission[] }> {
  if (!isAuditName(audit))
    throw new ToolError(
      `audit "${clip(audit)}" is not an audit record's name (NAME.audit.json, written beside the export).`,
    );
  const { text, folder } = await store.auditText(audit);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ToolError(`audit "${clip(audit)}" is not JSON.`);
  }
  const parsed = AuditRecordSchema.safeParse(json);
  if (!parsed.success)
    throw new ToolError(
      `audit "${clip(audit)}" is not an audit record this version reads (${describeZodError(parsed.error)}).`,
    );
  const record = parsed.data;
  const archiveName = folder === '.' ? record.archive_file.name : `${folder}/${record.archive_file.name}`;
  const archive = await store.archive(archiveName, record.archive_file.sha256);
  // Re-deriving the snapshot writes the `.eval` again, keeping its members' zstd (as verify does).
  if (record.source.format === 'inspect-eval') await installZstd();
  try {
    return { omissions: listOmissions(record, archive.content) };
  } catch (error) {
    if (error instanceof FormatError)
      throw new ToolError(
        `the archive of audit "${clip(audit)}" does not read as its record says (${error.message.split('\n')[0]}).`,
      );
    throw error;
  }
}

/**
 * compact_context: the §1 request to the §6 envelope, with the decision model the environment
 * configures (SPEC §7); with an approved policy (`mcp --policy`), the policy lies under the
 * call's arguments as under the command line's (docs/policy.md), its model where the
 * environment names none.
 */
export async function compactContext(args: unknown, policy?: PolicyFile): Promise<CompactResponse> {
  let request;
  try {
    const given = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {};
    request = parseRequest(policy === undefined ? args : applyPolicy(given, policy));
  } catch (error) {
    if (error instanceof RequestError) throw new ToolError(`compact_context: ${error.message.replace(/\.$/, '')}.`);
    throw error;
  }
  // The hosts' heap rule (app/host/heap-budget.ts): a request too big for this process is refused, not run into an abort.
  const bytes = JSON.stringify(request.messages).length;
  const tooLarge = overHostBudget(runShapeOf(request, bytes), hostHeapBudgetBytes(), 'process');
  if (tooLarge !== null) throw new ToolError(`compact_context: ${tooLarge.replace(/\.$/, '')}.`);
  const config = loadConfig({ defaults: policy?.decision_model });
  for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
  let model;
  try {
    model = createDecisionModel(config, await registryFor(config.backend));
  } catch (error) {
    throw new ToolError(`compact_context: ${(error as Error).message.split('\n')[0].replace(/\.$/, '')}.`);
  }
  const mismatch = policy === undefined ? null : modelMismatch(policy, model);
  if (mismatch !== null) process.stderr.write(`warning: ${mismatch}\n`);
  const details = await compactParsed(request, { model, settings: config.request, copy: 'shared' });
  return details.response;
}
