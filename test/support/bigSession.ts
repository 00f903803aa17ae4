/**
 * A big Claude Code session made from a real one: the shared cctrace session repeated until it
 * reaches a size, each repetition with fresh record uuids, tool-use ids and message ids, its first
 * record chained (`parentUuid`) to the last record of the repetition before, so the result reads as
 * one long session (one `sessionId`) with the real records' shapes, sizes and text. Deterministic:
 * the same source and size give the same bytes, so benchmarks compare like with like.
 */
import { createHash } from 'node:crypto';

/** The shared real sessions the big ones are made from, under `../shared/formats`. */
export const BIG_SESSION_SOURCES = {
  claudeCode: 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl',
  codex: 'codex-rollout-jsonl/agent-history-codex-with-escalation.jsonl',
} as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Anthropic tool-use ids (`toolu_…`) and message ids (`msg_…`), as Claude Code writes them. */
const API_ID = /\b(toolu|msg|req)_[0-9A-Za-z]{10,}/g;

/** A fresh value for `id` in repetition `round`: same shape, different bytes, stable across runs. */
function freshUuid(id: string, round: number): string {
  const hex = createHash('sha256').update(`${round}:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function freshApiId(id: string, round: number): string {
  const prefix = id.slice(0, id.indexOf('_') + 1);
  const body = createHash('sha256').update(`${round}:${id}`).digest('base64url').replace(/[-_]/g, 'x');
  return prefix + body.slice(0, id.length - prefix.length);
}

/** The uuid of the last record that has one: the parent of the next repetition's first record. */
function lastUuid(lines: readonly string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const uuid = (JSON.parse(lines[i]) as { uuid?: unknown }).uuid;
    if (typeof uuid === 'string') return uuid;
  }
  return null;
}

/**
 * The session `source` (JSONL text) repeated until the result holds at least `targetBytes`
 * bytes. The session id is kept (it is one session), every other uuid and API id is renamed
 * per repetition; repetition 0 is the source itself.
 */
export function repeatClaudeCodeSession(source: string, targetBytes: number): string {
  const lines = source.split('\n').filter((line) => line.trim() !== '');
  const sessionIds = new Set(lines.map((line) => (JSON.parse(line) as { sessionId?: string }).sessionId));
  const parts: string[] = [];
  let bytes = 0;
  let previousLast: string | null = null;
  for (let round = 0; bytes < targetBytes; round++) {
    const renamed =
      round === 0
        ? lines
        : lines.map((line) =>
            line
              .replace(UUID, (id) => (sessionIds.has(id) ? id : freshUuid(id, round)))
              .replace(API_ID, (id) => freshApiId(id, round)),
          );
    if (previousLast !== null) {
      const first = renamed.findIndex((line) => line.includes('"parentUuid":null'));
      if (first >= 0) renamed[first] = renamed[first].replace('"parentUuid":null', `"parentUuid":"${previousLast}"`);
    }
    previousLast = lastUuid(renamed);
    const chunk = renamed.join('\n') + '\n';
    parts.push(chunk);
    bytes += Buffer.byteLength(chunk);
  }
  return parts.join('');
}

/**
 * A big Codex rollout made from a real one: the session's first record (`session_meta`) once,
 * then every other record repeated until the result holds at least `targetBytes` bytes, each
 * repetition with its call ids suffixed (`call_x` → `call_x_r3`) so that calls pair within their
 * own repetition. Deterministic, like `repeatClaudeCodeSession`.
 */
export function repeatCodexRollout(source: string, targetBytes: number): string {
  const lines = source.split('\n').filter((line) => line.trim() !== '');
  const [meta, ...records] = lines;
  const parts: string[] = [meta + '\n'];
  let bytes = Buffer.byteLength(parts[0]);
  for (let round = 0; bytes < targetBytes; round++) {
    const chunk =
      records.map((line) => line.replace(/"call_id":"([^"]+)"/g, `"call_id":"$1_r${round}"`)).join('\n') + '\n';
    parts.push(chunk);
    bytes += Buffer.byteLength(chunk);
  }
  return parts.join('');
}
