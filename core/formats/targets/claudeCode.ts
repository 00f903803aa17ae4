/**
 * Claude Code `--resume` (2.1): it loads the session's lines into a map by `uuid` and rebuilds
 * the conversation by walking `parentUuid` back from the latest message, so a line whose parent
 * is missing from the file cuts everything before it out of the resumed conversation
 * (observed with `claude --resume` 2.1 on exported sessions; the records' fields as in
 * core/formats/adapters/claudeRecords.ts). A `compact_boundary` starts a new chain on purpose
 * (`parentUuid: null`, `logicalParentUuid` naming the old one) and is not a break.
 */
import { isRecord } from '../document.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'claude-code.parent_chain': 'every parentUuid names a line of the session, so resume reaches the start of the chain',
} as const;

function check(input: CheckInput): Violation[] {
  const root = rootOf(input.doc);
  const records = Array.isArray(root) ? root : [];
  const uuids = new Set(records.filter(isRecord).map((r) => r.uuid));
  const sessions = new Set(
    input.read.map.records
      .flat()
      .map((path) => records[path[0] as number])
      .filter(isRecord)
      .map((r) => r.sessionId),
  );
  const out: Violation[] = [];
  records.forEach((record, k) => {
    if (!isRecord(record) || typeof record.parentUuid !== 'string' || !sessions.has(record.sessionId)) return;
    if (!uuids.has(record.parentUuid))
      out.push({
        rule: 'claude-code.parent_chain',
        place: placeOfPath(input.doc, [k]),
        message: `parentUuid ${record.parentUuid} names no line of the session`,
      });
  });
  return out;
}

export const claudeCodeResume: Target = {
  id: 'claude-code-resume',
  name: 'Claude Code resume',
  cites: 'Claude Code 2.1 --resume (parentUuid chain); core/formats/adapters/claudeRecords.ts',
  rules: RULES,
  applies: (input) => input.doc.kind === 'jsonl',
  check,
};
