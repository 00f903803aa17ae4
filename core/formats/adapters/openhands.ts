/**
 * `openhands`: OpenHands event streams — a bare event array (`trajs/*.json`, the GUI's event
 * export) or an evaluation `output.jsonl`, one run a line with its events in `history` (each
 * run a conversation, keyed by `instance_id`). An action event with a tool call (`run`,
 * `read`, `edit`, `think`, `finish`, … with `tool_call_metadata`) is one assistant message:
 * its `args.thought` as text and the call (name: `function_name`; input: the arguments the
 * model sent, from the event's own `model_response`). Its observation is the event whose
 * `cause` is the action's `id`. Errors: an `error` observation, `success: false`, or a `run`
 * observation with a non-zero `extras.metadata.exit_code`. User/agent `message` and `system`
 * actions are messages; an `error` observation without a cause (a call that could not be
 * parsed) is a user message. Environment, state and recall events are kept untouched.
 *
 * Writing: a shortened output replaces the observation's `content`. A dropped call removes its
 * observation; the action goes too, unless it carried a thought — then it becomes the agent
 * `message` event OpenHands writes for text (same id, source and timestamp), so the thought
 * stays as R14 wants. The raw `model_response` copies stay as they are.
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal } from '../apply.js';
import { isRecord, serializeRecords, serializeValue } from '../document.js';
import { idNote, SYNTHESIZED_CALL_IDS, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { openhandsInfo, runs } from '../detect/openhands.js';
import type { Event, Run } from '../detect/openhands.js';

const NOT_TOOLS = new Set(['message', 'system', 'recall', 'change_agent_state', 'null']);
/** What an id-less (flat) event carries besides its arguments (`dataclasses.asdict` of an Action). */
const NOT_ARGS = new Set(['action', 'thought', 'action_risk', 'is_confirmed', 'keep_prompt', 'security_risk']);

const isToolAction = (e: Event) =>
  typeof e.action === 'string' && (isRecord(e.tool_call_metadata) || !NOT_TOOLS.has(e.action));

/** An action's arguments and where they are: `args`, or the event itself in the resolver's flat dicts. */
function argsOf(event: Event, path: JsonPath): { args: Record<string, unknown>; at: JsonPath } {
  return isRecord(event.args) ? { args: event.args, at: [...path, 'args'] } : { args: event, at: path };
}

/** The arguments the model sent for this call, from the raw response the event carries. */
function inputOf(event: Event): string {
  const meta = isRecord(event.tool_call_metadata) ? event.tool_call_metadata : {};
  const response = isRecord(meta.model_response) ? meta.model_response : {};
  const choices = Array.isArray(response.choices) ? response.choices : [];
  for (const choice of choices) {
    const calls =
      isRecord(choice) && isRecord(choice.message) && Array.isArray(choice.message.tool_calls)
        ? choice.message.tool_calls
        : [];
    for (const call of calls)
      if (
        isRecord(call) &&
        call.id === meta.tool_call_id &&
        isRecord(call.function) &&
        typeof call.function.arguments === 'string'
      )
        return call.function.arguments;
  }
  if (isRecord(event.args)) {
    const args = { ...event.args };
    delete args.thought;
    return JSON.stringify(args);
  }
  return JSON.stringify(Object.fromEntries(Object.entries(event).filter(([key]) => !NOT_ARGS.has(key))));
}

function failed(observation: Event): boolean {
  if (observation.observation === 'error' || observation.success === false) return true;
  const extras = isRecord(observation.extras) ? observation.extras : {};
  const code = isRecord(extras.metadata) ? extras.metadata.exit_code : observation.exit_code;
  return observation.observation === 'run' && typeof code === 'number' && code !== 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * For each observation (by index into the run's events), the index of the action it answers:
 * by `cause` in the event stream, within its pair in pairs, the latest unanswered action in
 * the flat dicts. OpenHands' `null` observation answers nothing.
 */
function answers(run: Run): Map<number, number> {
  const out = new Map<number, number>();
  const byId = new Map<unknown, number>();
  let open: number | null = null;
  run.events.forEach(({ event, at }, i) => {
    if (typeof event.action === 'string') {
      const tool = isToolAction(event);
      if (tool) byId.set(event.id, i);
      open = tool ? i : null;
      return;
    }
    if (typeof event.observation !== 'string' || event.observation === 'null') return;
    if (run.layout === 'events') {
      if (typeof event.cause === 'number' && byId.has(event.cause)) out.set(i, byId.get(event.cause) as number);
    } else if (run.layout === 'pairs') {
      if (at[1] === 1 && isToolAction(run.events[i - 1].event)) out.set(i, i - 1);
    } else if (open !== null) {
      out.set(i, open);
      open = null;
    }
  });
  return out;
}

/**
 * A message action's role. The resolver's asdict dicts carry no `source` (a field outside the
 * dataclass): its first event is the task OpenHands sends, any later message the agent's.
 */
function roleOf(event: Event, index: number, idless: boolean): string {
  if (event.action === 'system') return 'system';
  if (idless) return index === 0 ? 'user' : 'assistant';
  return event.source === 'user' ? 'user' : 'assistant';
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const run = (runs(doc) ?? []).find((r) => r.info.key === conversation);
  if (!run) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const callOf = new Map<number, { id: string; name: string }>();
  const answered = answers(run);
  const answeredActions = new Set(answered.values());
  const used = new Set<string>();
  const idless = run.layout === 'flat';
  let renamed = 0;
  let kept = 0;
  const push = (event: Event, role: string, blocks: Block[], origins: JsonPath[], path: JsonPath) => {
    messages.push({ id: idless ? `m${messages.length + 1}` : String(event.id), role, content: blocks });
    map.records.push([path]);
    map.blocks.push(origins.map((p) => ({ path: p })));
  };
  run.events.forEach(({ event, at }, i) => {
    const path = [...run.base, ...at];
    const { args, at: argsAt } = argsOf(event, path);
    if (event.action === 'system' || event.action === 'message') {
      const content = text(args.content) || text(event.message);
      const from = text(args.content) ? [...argsAt, 'content'] : [...path, 'message'];
      push(
        event,
        roleOf(event, i, idless),
        content ? [{ type: 'text', text: content }] : [],
        content ? [from] : [],
        path,
      );
    } else if (isToolAction(event)) {
      const meta = isRecord(event.tool_call_metadata) ? event.tool_call_metadata : {};
      const own = idless ? `c${callOf.size + 1}` : `e${String(event.id)}`;
      let id = typeof meta.tool_call_id === 'string' ? meta.tool_call_id : own;
      if (used.has(id)) {
        id = `${id}#${String(event.id)}`;
        renamed++;
      }
      used.add(id);
      const name = typeof meta.function_name === 'string' ? meta.function_name : String(event.action);
      callOf.set(i, { id, name });
      const thought = text(args.thought);
      const blocks: Block[] = thought ? [{ type: 'text', text: thought }] : [];
      const origins: JsonPath[] = thought ? [[...argsAt, 'thought']] : [];
      blocks.push({ type: 'tool_call', id, name, input: inputOf(event), state: 'finished' });
      origins.push([...path, 'action']);
      // An answered pair is one record: a dropped call takes the pair with it.
      push(
        event,
        'assistant',
        blocks,
        origins,
        run.layout === 'pairs' && answeredActions.has(i) ? path.slice(0, -1) : path,
      );
    } else if (answered.has(i)) {
      const call = callOf.get(answered.get(i) as number) as { id: string; name: string };
      const output = text(event.content);
      push(
        event,
        'user',
        [{ type: 'tool_result', id: call.id, name: call.name, output, state: failed(event) ? 'error' : 'success' }],
        [path],
        run.layout === 'pairs' ? path.slice(0, -1) : path,
      );
    } else if (event.observation === 'error') {
      push(
        event,
        'user',
        [{ type: 'text', text: text(event.content) || text(event.message) }],
        [[...path, 'content']],
        path,
      );
    } else kept++;
  });
  const ids = idless
    ? idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: SYNTHESIZED_CALL_IDS })
    : idNote({ messages: 'native', calls: 'native', repeated: 0 }).replace(
        'message ids native',
        'message ids: event ids',
      );
  return {
    format: 'openhands',
    conversation,
    messages,
    map,
    notes: {
      ids:
        ids +
        (renamed > 0 ? `; ${renamed} repeated tool_call_ids renamed <id>#<event id> here only` : '') +
        `; results paired ${PAIRING[run.layout]}`,
      errors: 'error for an "error" observation, success: false, or a run with a non-zero exit code',
      kept: `${kept} environment, state, recall, null and acknowledgement events`,
    },
  };
}

const PAIRING: Record<Run['layout'], string> = {
  events: 'by cause',
  pairs: 'within each [action, observation] pair',
  flat: 'with the latest action before them',
};

/** The agent message event OpenHands writes for text, in place of an action whose call was dropped. */
function thoughtMessage(action: Event): Event {
  if (!isRecord(action.args)) {
    // The resolver's asdict(MessageAction), in its own key order.
    const thought = text(action.thought);
    return { content: thought, images_urls: null, wait_for_response: false, action: 'message', action_risk: null };
  }
  const thought = text(action.args.thought);
  const event: Event = {};
  for (const key of ['id', 'timestamp', 'source'] as const) if (key in action) event[key] = action[key];
  return {
    ...event,
    message: thought,
    action: 'message',
    args: { content: thought, image_urls: null, wait_for_response: false },
  };
}

/** The observation OpenHands pairs with an action that has none (its NullObservation, 2024-05 output). */
const NULL_OBSERVATION = { message: 'No observation', observation: 'null', content: '', extras: {} };

function write(doc: SourceText, read: ReadConversation, proposal: Parameters<FormatAdapter['write']>[2]): string {
  const root = doc.kind === 'jsonl' ? doc.records : doc.value;
  const result = applyProposal(root, read, proposal, {
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], outputText(output)),
    removeBlock: (editor, origin, role) => {
      if (role === 'result') {
        // Only a pair's observation sits inside its message's record (the pair): it gives way to
        // the null observation when the action stays as a message, and goes with the pair else.
        editor.set(origin.path, NULL_OBSERVATION);
        return;
      }
      const eventPath = origin.path.slice(0, -1);
      const action = editor.get(eventPath) as Event;
      const { args } = argsOf(action, eventPath);
      if (text(args.thought) === '') return 'record';
      editor.set(eventPath, thoughtMessage(action));
    },
    isEmpty: () => false,
  });
  return doc.kind === 'jsonl' ? serializeRecords(doc, result as unknown[]) : serializeValue(doc, result);
}

export const openhands: FormatAdapter = {
  ...openhandsInfo,
  conversations: (doc) => (runs(doc) ?? []).map((r) => r.info),
  read,
  write,
};
