/**
 * Labels from reviewers: the overrides and comments of exported audit records (core/audit/
 * schema.ts), read as human judgments of the two R8 questions on this team's transcripts.
 *
 * - An override says what the reviewer wanted: `keep` — the call and its full result are
 *   needed; `drop_result` — the call is needed, its full result is not; `drop_call` — neither.
 * - A comment on a pair without an override says the reviewer looked at it and let the action
 *   the export applied stand: that action is the label.
 * - A pair with neither was not necessarily looked at, and is no label.
 *
 * The features are those the offline model computes for the pair inside a real compaction of
 * the archived original (the record's format, conversation, goal, allowlist, protections and
 * options), so a label meets exactly the evidence the model would score.
 */
import { compactDetailed } from '../engine/compact.js';
import type { FeatureVector } from '../engine/offline/features.js';
import { neutralWeights } from '../engine/offline/features.js';
import { createOfflineModel, OFFLINE_MODEL_VERSION } from '../engine/offline/model.js';
import type { Action } from '../engine/schema.js';
import type { AuditRecord } from '../records/audit.js';
import { openSource } from '../formats/index.js';

export interface ReviewedPair {
  /** The record the judgment comes from (cross-validation holds a record out whole). */
  record: string;
  callId: string;
  features: FeatureVector;
  keepResult: 0 | 1;
  keepCall: 0 | 1;
  from: 'override' | 'comment';
}

const LABEL_OF: Record<Action, { keepResult: 0 | 1; keepCall: 0 | 1 }> = {
  keep: { keepResult: 1, keepCall: 1 },
  drop_result: { keepResult: 0, keepCall: 1 },
  drop_call: { keepResult: 0, keepCall: 0 },
};

/** The reviewed pairs of one record; `skipped` says why none could be read. */
export async function reviewedPairs(
  name: string,
  record: AuditRecord,
  archiveText: string,
): Promise<{ pairs: ReviewedPair[]; skipped: string | null }> {
  const judged = record.decisions.filter(
    (d) => d.keep_call !== null && d.keep_result !== null && (d.override !== null || d.comment !== null),
  );
  if (judged.length === 0) return { pairs: [], skipped: 'no override or pair comment' };
  const source = openSource(archiveText, { format: record.source.format, conversation: record.source.conversation });
  const features = new Map<string, FeatureVector>();
  const model = createOfflineModel({
    weights: neutralWeights(OFFLINE_MODEL_VERSION),
    onFeatures: (pairId, x) => features.set(pairId, x),
  });
  const details = await compactDetailed(
    {
      messages: source.read.messages,
      goal: record.goal,
      eligible_tool_names: record.eligible_tool_names,
      protected_message_ids: record.protected_message_ids,
      protected_call_ids: record.protected_call_ids,
      archive_ref: record.archive_ref,
      options: record.options,
    },
    { model, copy: 'shared' },
  );
  if (!details.response.success) return { pairs: [], skipped: details.response.answer.error.message };
  const pairs: ReviewedPair[] = [];
  for (const d of judged) {
    const x = features.get(d.pair_id);
    if (!x) continue;
    const action = d.override ?? d.action;
    pairs.push({
      record: name,
      callId: d.call_id,
      features: x,
      ...LABEL_OF[action],
      from: d.override ? 'override' : 'comment',
    });
  }
  return pairs.length === 0
    ? { pairs, skipped: 'no judged pair is a candidate of the archive' }
    : { pairs, skipped: null };
}
