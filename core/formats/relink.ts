/**
 * R14 for formats whose lines form a tree by id (Claude Code's `uuid`/`parentUuid`, OpenClaw's
 * `id`/`parentId`): the tool walks parent links back from the latest line when it resumes, so
 * a line that hung from a removed line is re-linked to its nearest surviving ancestor.
 */
import { isRecord } from './document.js';
import type { DocumentEditor } from './editor.js';
import type { JsonPath } from './types.js';

export interface LinkKeys {
  /** The key of a line's own id. */
  id: string;
  /** The key of its parent's id, walked up from a removed line. */
  parent: string;
  /** Every key of a kept line that names another line (the parent key among them). */
  links: readonly string[];
}

/**
 * Re-links every reference to a removed line to its nearest surviving ancestor. The walk up
 * the removed lines' parents remembers where it has been: removed lines whose parents form a
 * cycle or name themselves have no surviving ancestor, and a line that hung from them becomes a
 * root (`null`, as a session's first line is) rather than pointing at a line that is gone. An
 * id that a kept line also carries is not treated as removed.
 */
export function relinkChains(editor: DocumentEditor, removed: readonly JsonPath[], keys: LinkKeys): void {
  if (removed.length === 0) return;
  const records = editor.get([]) as unknown[];
  const removedAt = new Set(removed.map((path) => path[0]));
  const kept = new Set<string>();
  records.forEach((record, i) => {
    if (!removedAt.has(i) && isRecord(record) && typeof record[keys.id] === 'string')
      kept.add(record[keys.id] as string);
  });
  const parentOf = new Map<string, unknown>();
  for (const path of removed) {
    const record = editor.get(path);
    if (isRecord(record) && typeof record[keys.id] === 'string' && !kept.has(record[keys.id] as string))
      parentOf.set(record[keys.id] as string, record[keys.parent] ?? null);
  }
  const found = new Map<string, unknown>();
  const survivor = (id: string): unknown => {
    const walked = new Set<string>();
    let current: unknown = id;
    while (typeof current === 'string' && parentOf.has(current) && !found.has(current)) {
      if (walked.has(current)) {
        current = null;
        break;
      }
      walked.add(current);
      current = parentOf.get(current);
    }
    const answer = typeof current === 'string' && found.has(current) ? found.get(current) : current;
    for (const walkedId of walked) found.set(walkedId, answer);
    return answer;
  };
  records.forEach((record, i) => {
    if (!isRecord(record) || removedAt.has(i)) return;
    for (const key of keys.links) {
      const target = record[key];
      if (typeof target === 'string' && parentOf.has(target)) editor.set([i, key], survivor(target));
    }
  });
}
