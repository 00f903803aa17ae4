/**
 * An export made the way the inspector makes one: a real run (the engine over the offline
 * model or a script), actions re-derived at another threshold with overrides (R15), the
 * reviews the audit view shows, the draft record, and core's bundle (verified before it is
 * returned) hashed with Node's crypto, exactly as both hosts hash it.
 */
import { compactParsed, parseRequest } from '../../core/engine/compact.js';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import type { Script } from '../../core/engine/scripted.js';
import { createScriptedModel } from '../../core/engine/scripted.js';
import type { OptionsInput } from '../../core/engine/schema.js';
import { exportSource, openSource, proposalFor } from '../../core/formats/index.js';
import type { AuditDraft, AuditRecord } from '../../core/records/audit.js';
import { archiveFileName } from '../../core/records/audit.js';
import { auditDraftFor } from '../../core/audit/record.js';
import type { BundledFile } from '../../core/audit/bundle.js';
import { bundleExport } from '../../core/audit/bundle.js';
import type { Overrides } from '../../core/inspect/actions.js';
import { deriveActions, probabilitiesOf } from '../../core/inspect/actions.js';
import { reviewPairs } from '../../core/inspect/review.js';
import { toolNamesOf } from '../../core/inspect/toolNames.js';
import { nodeHash } from '../../app/host/exportFiles.js';
import { bundledExample } from '../../app/host/setup.js';

export interface ExportSetup {
  text: string;
  fileName: string;
  conversation?: string;
  goal?: string;
  /** Default: every tool name of the history. */
  eligible?: string[];
  protectedMessageIds?: string[];
  protectedCallIds?: string[];
  /** Default: the offline model. */
  script?: Script;
  options?: OptionsInput;
  /** The threshold exported; default the run's. */
  threshold?: number;
  overrides?: Overrides;
  comments?: Record<string, string>;
  report?: boolean;
  snapshotName?: string;
  /** §9 `drop_receipts`; default false. */
  dropReceipts?: boolean;
}

export interface MadeExport {
  draft: AuditDraft;
  record: AuditRecord;
  files: Record<BundledFile['role'], BundledFile | undefined>;
  archive: Uint8Array;
}

const WHEN = '2026-12-02T12:00:00.000Z';

/** The bundled example as the inspector opens it: its history, goal, allowlist and options. */
export function exampleExportSetup(extra: Partial<ExportSetup> = {}): ExportSetup {
  const example = bundledExample();
  return {
    text: example.text,
    fileName: example.fileName,
    goal: example.goal,
    eligible: example.eligible_tool_names,
    options: example.options,
    ...extra,
  };
}

export async function makeExport(setup: ExportSetup): Promise<MadeExport> {
  const archive = Buffer.from(setup.text, 'utf8');
  const source = openSource(setup.text, setup.conversation ? { conversation: setup.conversation } : {});
  const messages = source.read.messages;
  const { sha256: hash } = await nodeHash(archive);
  const request = parseRequest({
    messages,
    goal: setup.goal ?? 'Continue with the task',
    eligible_tool_names: setup.eligible ?? toolNamesOf(messages),
    protected_message_ids: setup.protectedMessageIds ?? [],
    protected_call_ids: setup.protectedCallIds ?? [],
    archive_ref: archiveFileName(hash, setup.fileName),
    options: setup.options ?? {},
    drop_receipts: setup.dropReceipts ?? false,
  });
  const model = setup.script ? createScriptedModel(setup.script) : createOfflineModel();
  const details = await compactParsed(request, { model });
  const { response } = details;
  if (!response.success) throw new Error(`run failed: ${response.answer.error.code}`);
  const decisions = response.answer.decisions;
  const probs = probabilitiesOf(decisions);
  const threshold = setup.threshold ?? request.options.keep_threshold;
  const overrides = setup.overrides ?? {};
  const actions = deriveActions(details.analysis.pairs, probs, threshold, overrides);
  const reviews = reviewPairs(details.analysis.pairs, {
    decisions: new Map(decisions.map((d) => [d.pair_id, d])),
    probabilities: probs,
    threshold,
    overrides,
    actions,
  });
  const compacted = proposalFor(messages, details.analysis.pairs, actions, request, source);
  const draft = auditDraftFor(
    { original: { name: setup.fileName, sha256: hash, bytes: archive.length }, source, openedAt: WHEN },
    {
      request,
      outcome: { backend: model.backend, model: model.model ?? null, stats: response.answer.stats },
      startedAt: WHEN,
      finishedAt: WHEN,
    },
    {
      exportedAs: 'source',
      threshold,
      reviews: reviews.values(),
      charsAfter: JSON.stringify(compacted.messages).length,
      keptForTargets: compacted.keptForTargets,
      reviewer: 'Ada Reviewer',
      comment: 'Approved for the retry work.',
      comments: setup.comments ?? {},
      toolVersion: '0.1.0',
      exportedAt: WHEN,
    },
  );
  const text = exportSource(source, compacted);
  const snapshotName = setup.snapshotName ?? `out.${setup.fileName.split('.').pop()}`;
  const { record, files } = await bundleExport(
    { text, archive, archiveText: setup.text, audit: draft, report: setup.report ?? false },
    snapshotName,
    nodeHash,
  );
  const byRole = Object.fromEntries(files.map((f) => [f.role, f])) as MadeExport['files'];
  return { draft, record, files: byRole, archive };
}
