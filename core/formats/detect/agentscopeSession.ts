/**
 * Detection of `agentscope-session`: an AgentScope 1.x session state whose modules hold
 * `memory.content` entries. The reader and writer are adapters/agentscopeSession.ts, loaded once a
 * file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export function memoryOf(state: unknown): unknown[] | null {
  if (!isRecord(state) || !isRecord(state.memory) || !Array.isArray(state.memory.content)) return null;
  return state.memory.content;
}

/** The Msg of an entry and its path below the entry (`[msg, marks]` → 0). */
export function msgOf(entry: unknown): { msg: Record<string, unknown>; at: JsonPath } | null {
  if (Array.isArray(entry) && entry.length === 2 && isRecord(entry[0]) && Array.isArray(entry[1]))
    return { msg: entry[0], at: [0] };
  return isRecord(entry) && typeof entry.role === 'string' ? { msg: entry, at: [] } : null;
}

export function modules(doc: SourceText): string[] {
  if (doc.kind !== 'json' || !isRecord(doc.value)) return [];
  return Object.entries(doc.value)
    .filter(([, state]) => {
      const memory = memoryOf(state);
      return memory !== null && memory.every((entry) => msgOf(entry) !== null);
    })
    .map(([key]) => key);
}

function detect(doc: SourceText): Detection | null {
  const keys = modules(doc);
  if (keys.length === 0) return null;
  const value = (doc as { value: Record<string, unknown> }).value;
  const entries = keys.reduce((n, key) => n + (memoryOf(value[key]) as unknown[]).length, 0);
  return {
    format: 'agentscope-session',
    confidence: 0.95,
    reason: `a session state whose module${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')} hold memory.content (${entries} entries)`,
  };
}

export const agentscopeSessionInfo: FormatInfo = {
  id: 'agentscope-session',
  name: 'AgentScope session state (JSONSession)',
  reads: 'memory.content of each saved module: [msg, marks] pairs, tool_use / tool_result blocks paired by id',
  patterns: ['sessions/<session-id>.json'],
  detect,
};
