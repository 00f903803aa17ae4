/**
 * Detection of `openhands`: an event array, or runs whose `history` is one (int ids,
 * action/observation). The reader and writer are adapters/openhands.ts, loaded once a file is read
 * as this format.
 */
import { isRecord, recordsOf } from '../document.js';
import type { ConversationInfo, Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export type Event = Record<string, unknown>;

export interface Run {
  base: JsonPath;
  events: Event[];
  info: ConversationInfo;
}

export function isEvent(value: unknown): value is Event {
  return isRecord(value) && typeof value.id === 'number' && ('action' in value || 'observation' in value);
}

export function isEventList(value: unknown): value is Event[] {
  return Array.isArray(value) && value.length > 0 && value.every(isEvent);
}

export function runs(doc: SourceText): Run[] | null {
  if (doc.kind === 'json' && isEventList(doc.value))
    return [{ base: [], events: doc.value, info: { key: 'main', label: 'the event stream' } }];
  const records = recordsOf(doc);
  if (!records || records.length === 0 || !records.every((r) => isRecord(r) && isEventList(r.history))) return null;
  const ids = records.map((r) => (r as Event).instance_id);
  const unique = ids.every((id) => typeof id === 'string') && new Set(ids).size === ids.length;
  return records.map((r, i) => ({
    base: doc.kind === 'jsonl' || Array.isArray((doc as { value: unknown }).value) ? [i, 'history'] : ['history'],
    events: (r as Event).history as Event[],
    info: {
      key: unique ? (ids[i] as string) : String(i),
      label: `${unique ? ids[i] : `run ${i}`} (${((r as Event).history as Event[]).length} events)`,
    },
  }));
}

function detect(doc: SourceText): Detection | null {
  const found = runs(doc);
  if (!found) return null;
  const actions = found.reduce((n, run) => n + run.events.filter((e) => 'action' in e).length, 0);
  const where = found[0].base.length === 0 ? 'an event array' : `${found.length} runs with a history of events`;
  return {
    format: 'openhands',
    confidence: 0.97,
    reason: `${where} (int ids, source, action/observation; ${actions} actions)`,
  };
}

export const openhandsInfo: FormatInfo = {
  id: 'openhands',
  name: 'OpenHands event stream',
  reads:
    'an event array, or output.jsonl runs with history: actions with tool_call_metadata, observations by cause, error observations and exit codes',
  patterns: ['evaluation/…/output.jsonl', 'trajectories exported from the GUI (*.json)'],
  detect,
};
