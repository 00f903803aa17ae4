/**
 * Detection of `openhands`: an event array, or runs whose `history` holds events in one of the
 * three layouts OpenHands has written (each answers with its own pairing of observations):
 * - events with int ids, an observation naming its action by `cause` (the event stream, and
 *   `output.jsonl` since 2024-06);
 * - `[action, observation]` pairs, the 2024-05 evaluation output (OpenHands @ a9823491,
 *   evaluation/logic_reasoning/run_infer.py: `(event_to_dict(action), event_to_dict(obs)) for
 *   action, obs in state.history`), an observation answering the action of its own pair;
 * - flat `dataclasses.asdict(event)` dicts without ids, the resolver's output (OpenHands @
 *   156d0686, openhands/resolver/issue_resolver.py, `ResolverOutput.history` in
 *   resolver_output.py), an observation answering the latest action before it.
 * The reader and writer are adapters/openhands.ts, loaded once a file is read as this format.
 */
import { isRecord, recordsOf } from '../document.js';
import type { ConversationInfo, Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export type Event = Record<string, unknown>;

/** How a run's history lays its events out (see above). */
export type Layout = 'events' | 'pairs' | 'flat';

export interface Run {
  base: JsonPath;
  layout: Layout;
  /** Every event in file order, with its path below `base`. */
  events: Array<{ event: Event; at: JsonPath }>;
  info: ConversationInfo;
}

export function isEvent(value: unknown): value is Event {
  return isRecord(value) && typeof value.id === 'number' && ('action' in value || 'observation' in value);
}

export function isEventList(value: unknown): value is Event[] {
  return Array.isArray(value) && value.length > 0 && value.every(isEvent);
}

const isKind = (value: unknown): value is Event =>
  isRecord(value) && (typeof value.action === 'string' || typeof value.observation === 'string');

function isPairList(value: unknown): value is Event[][] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((p) => Array.isArray(p) && p.length === 2 && isKind(p[0]) && typeof p[0].action === 'string')
  );
}

function isFlatList(value: unknown): value is Event[] {
  return Array.isArray(value) && value.length > 0 && value.every(isKind) && value.some((e) => 'action' in e);
}

function layoutOf(history: unknown): Layout | null {
  if (isEventList(history)) return 'events';
  if (isPairList(history)) return 'pairs';
  return isFlatList(history) ? 'flat' : null;
}

function eventsOf(history: unknown[], layout: Layout): Run['events'] {
  if (layout !== 'pairs') return (history as Event[]).map((event, k) => ({ event, at: [k] }));
  return (history as Event[][]).flatMap((pair, k) => pair.map((event, j) => ({ event, at: [k, j] })));
}

/** The run's key: its `instance_id`, or the resolver's `issue.number`, when unique; else its position. */
function nameOf(record: Event): string | null {
  if (typeof record.instance_id === 'string') return record.instance_id;
  if (isRecord(record.issue) && typeof record.issue.number === 'number') return `issue-${record.issue.number}`;
  if (typeof record.id === 'string' || typeof record.id === 'number') return String(record.id);
  return null;
}

export function runs(doc: SourceText): Run[] | null {
  if (doc.kind === 'json' && isEventList(doc.value))
    return [
      {
        base: [],
        layout: 'events',
        events: eventsOf(doc.value, 'events'),
        info: { key: 'main', label: 'the event stream' },
      },
    ];
  const records = recordsOf(doc);
  if (!records || records.length === 0 || !records.every((r) => isRecord(r) && Array.isArray(r.history))) return null;
  const layouts = records.map((r) => layoutOf((r as Event).history));
  if (layouts.some((l) => l === null)) return null;
  const names = records.map((r) => nameOf(r as Event));
  const unique = names.every((n) => n !== null) && new Set(names).size === names.length;
  return records.map((r, i) => {
    const history = (r as Event).history as unknown[];
    const layout = layouts[i] as Layout;
    const events = eventsOf(history, layout);
    return {
      base: doc.kind === 'jsonl' || Array.isArray((doc as { value: unknown }).value) ? [i, 'history'] : ['history'],
      layout,
      events,
      info: {
        key: unique ? (names[i] as string) : String(i),
        label: `${unique ? names[i] : `run ${i}`} (${events.length} events)`,
      },
    };
  });
}

const LAYOUT_NAMES: Record<Layout, string> = {
  events: 'int ids, source, action/observation',
  pairs: '[action, observation] pairs',
  flat: 'action/observation dicts without ids',
};

function detect(doc: SourceText): Detection | null {
  const found = runs(doc);
  if (!found) return null;
  const actions = found.reduce((n, run) => n + run.events.filter((e) => 'action' in e.event).length, 0);
  const where = found[0].base.length === 0 ? 'an event array' : `${found.length} runs with a history of events`;
  return {
    format: 'openhands',
    confidence: 0.97,
    reason: `${where} (${LAYOUT_NAMES[found[0].layout]}; ${actions} actions)`,
  };
}

export const openhandsInfo: FormatInfo = {
  id: 'openhands',
  name: 'OpenHands event stream',
  reads:
    'an event array, or output.jsonl runs with history (events by cause, [action, observation] pairs, or the resolver’s id-less dicts): actions, observations, error observations and exit codes',
  patterns: ['evaluation/…/output.jsonl', 'trajectories exported from the GUI (*.json)', 'resolver output.jsonl'],
  detect,
};
