/**
 * What `verify` (SPEC §9) stands behind, field by field, so its verdict claims exactly that and
 * names every field it cannot check. Four kinds:
 * - `hash`: the files' SHA-256 and length, compared with the bytes read;
 * - `recomputed`: re-derived from the archive (or fixed by the schema) and compared: a change
 *   is a difference naming the field;
 * - `derives`: an input of the re-derivation (R3–R4 guards, R12 threshold, R13 truncation,
 *   overrides, the writer): the snapshot is what they give, so a change that alters the snapshot
 *   or a recorded action is a difference, and one that does not leaves the claim true;
 * - `stated`: the record's word only (who, when, why, which model, its evidence): a signature
 *   is the only thing that can stand behind it.
 * Every field of the schema has a kind here (the compiler asks for a new one); stats keys the
 * schema does not list are `stated`.
 */
import type { AuditDecision, AuditRecord } from '../records/audit.js';

export type Proof = 'hash' | 'recomputed' | 'derives' | 'stated';

type Nested = 'source' | 'options' | 'stats' | 'decisions';

const TOP: Record<Exclude<keyof AuditRecord, Nested>, Proof> = {
  kind: 'recomputed',
  version: 'recomputed',
  original_file: 'stated',
  original_sha256: 'hash',
  original_bytes: 'hash',
  container: 'recomputed',
  goal: 'stated',
  eligible_tool_names: 'derives',
  protected_message_ids: 'derives',
  protected_call_ids: 'derives',
  live_from_message_id: 'derives',
  // R3: the shell rule and its patterns guard the archive's shell calls (verify.ts `ruleDifferences`).
  shell_read_only: 'derives',
  archive_ref: 'derives',
  // Which policy file was applied is the record's word; `verify --policy FILE` compares the hash.
  policy_sha256: 'stated',
  // §9 "Restore server": whether the markers say how to restore, which the snapshot's text shows.
  marker_restore: 'derives',
  // §9: whether each drop_call left a receipt, which the snapshot's text shows.
  drop_receipts: 'derives',
  backend: 'stated',
  model: 'stated',
  timestamps: 'stated',
  exported_file: 'hash',
  exported_as: 'derives',
  archive_file: 'hash',
  reviewer: 'stated',
  comment: 'stated',
  tool: 'stated',
};

const SOURCE: Record<keyof AuditRecord['source'], Proof> = {
  format: 'derives',
  conversation: 'derives',
  conversations: 'recomputed',
};

const OPTIONS: Record<keyof AuditRecord['options'], Proof> = {
  keep_threshold: 'derives',
  preserve_recent_messages: 'derives',
  truncate_head_chars: 'derives',
  truncate_tail_chars: 'derives',
  // Budgets of the run (R7, R9, R10): they shape how the model was asked, not the snapshot.
  max_state_tokens: 'stated',
  max_request_tokens: 'stated',
  max_concurrency: 'stated',
  total_timeout_seconds: 'stated',
};

const DECISION: Record<keyof AuditDecision, Proof> = {
  pair_id: 'recomputed',
  call_id: 'recomputed',
  tool_name: 'recomputed',
  action: 'recomputed',
  model_action: 'recomputed',
  reason: 'recomputed',
  // A probability is checked only through the action it gives at the threshold (R12).
  keep_call: 'derives',
  keep_result: 'derives',
  override: 'derives',
  evidence: 'stated',
  evidence_links: 'stated',
  comment: 'stated',
  // SPEC §9: which drop_calls the format's writer keeps for a target (verify.ts `keptDifferences`).
  call_kept_for_target: 'recomputed',
};

/** The stats a re-derivation recomputes (verify.ts `statsDifferences`); the run's other figures are stated. */
const STATS: Partial<Record<keyof AuditRecord['stats'], Proof>> = {
  messages_before: 'recomputed',
  chars_before: 'recomputed',
  chars_after_exported: 'recomputed',
  calls_kept_for_target: 'recomputed',
};

/** Who approved, why, when and with what model first, as a reader asks; the rest in schema order. */
const STATED_FIRST = [
  'reviewer',
  'comment',
  'decisions[].comment',
  'goal',
  'timestamps',
  'backend',
  'model',
  'decisions[].evidence',
  'decisions[].evidence_links',
];

/** Field paths by kind, in schema order: `source.format`, `decisions[].comment`, `stats.usage`. */
export type ProofMap = Record<Proof, string[]>;

export function proofOf(record: AuditRecord): ProofMap {
  const out: ProofMap = { hash: [], recomputed: [], derives: [], stated: [] };
  const add = (path: string, kind: Proof) => out[kind].push(path);
  for (const key of Object.keys(record) as Array<keyof AuditRecord>) {
    if (key === 'source') for (const [k, kind] of Object.entries(SOURCE)) add(`source.${k}`, kind);
    else if (key === 'options') for (const [k, kind] of Object.entries(OPTIONS)) add(`options.${k}`, kind);
    else if (key === 'decisions') for (const [k, kind] of Object.entries(DECISION)) add(`decisions[].${k}`, kind);
    else if (key === 'stats')
      for (const k of Object.keys(record.stats)) add(`stats.${k}`, STATS[k as keyof typeof STATS] ?? 'stated');
    else add(key, TOP[key]);
  }
  const rank = (path: string) => {
    const at = STATED_FIRST.indexOf(path);
    return at < 0 ? STATED_FIRST.length : at;
  };
  out.stated.sort((a, b) => rank(a) - rank(b));
  return out;
}

/**
 * `a.x, a.y, b` → `a.x, y, b`: a run of paths under one parent names the parent once, so the
 * verdict's lists stay readable.
 */
export function fieldList(paths: readonly string[]): string {
  let parent = '';
  return paths
    .map((path) => {
      const at = path.lastIndexOf('.');
      const head = at < 0 ? '' : path.slice(0, at + 1);
      const shown = head !== '' && head === parent ? path.slice(at + 1) : path;
      parent = head;
      return shown;
    })
    .join(', ');
}
