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
import { idNote } from '../ids.js';
import type { FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { openhandsInfo, runs } from '../detect/openhands.js';
import type { Event } from '../detect/openhands.js';

const NOT_TOOLS = new Set(['message', 'system', 'recall', 'change_agent_state', 'null']);

const isToolAction = (e: Event) =>
  typeof e.action === 'string' && (isRecord(e.tool_call_metadata) || !NOT_TOOLS.has(e.action));

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
  const args = isRecord(event.args) ? { ...event.args } : {};
  delete args.thought;
  return JSON.stringify(args);
}

function failed(observation: Event): boolean {
  if (observation.observation === 'error' || observation.success === false) return true;
  const extras = isRecord(observation.extras) ? observation.extras : {};
  const code = isRecord(extras.metadata) ? extras.metadata.exit_code : undefined;
  return observation.observation === 'run' && typeof code === 'number' && code !== 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const run = (runs(doc) ?? []).find((r) => r.info.key === conversation);
  if (!run) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const callOfEvent = new Map<number, { id: string; name: string }>();
  const used = new Set<string>();
  let renamed = 0;
  let kept = 0;
  const push = (event: Event, role: string, blocks: Block[], origins: JsonPath[], path: JsonPath) => {
    messages.push({ id: String(event.id), role, content: blocks });
    map.records.push([path]);
    map.blocks.push(origins.map((p) => ({ path: p })));
  };
  run.events.forEach((event, e) => {
    const path = [...run.base, e];
    const args = isRecord(event.args) ? event.args : {};
    if (event.action === 'system' || event.action === 'message') {
      const content = text(args.content) || text(event.message);
      const role = event.action === 'system' ? 'system' : event.source === 'user' ? 'user' : 'assistant';
      push(
        event,
        role,
        content ? [{ type: 'text', text: content }] : [],
        content ? [[...path, 'args', 'content']] : [],
        path,
      );
    } else if (isToolAction(event)) {
      const meta = isRecord(event.tool_call_metadata) ? event.tool_call_metadata : {};
      let id = typeof meta.tool_call_id === 'string' ? meta.tool_call_id : `e${String(event.id)}`;
      if (used.has(id)) {
        id = `${id}#${String(event.id)}`;
        renamed++;
      }
      used.add(id);
      const name = typeof meta.function_name === 'string' ? meta.function_name : String(event.action);
      callOfEvent.set(event.id as number, { id, name });
      const thought = text(args.thought);
      const blocks: Block[] = thought ? [{ type: 'text', text: thought }] : [];
      const origins: JsonPath[] = thought ? [[...path, 'args', 'thought']] : [];
      blocks.push({ type: 'tool_call', id, name, input: inputOf(event), state: 'finished' });
      origins.push([...path, 'action']);
      push(event, 'assistant', blocks, origins, path);
    } else if (
      typeof event.observation === 'string' &&
      typeof event.cause === 'number' &&
      callOfEvent.has(event.cause)
    ) {
      const call = callOfEvent.get(event.cause) as { id: string; name: string };
      const output = text(event.content);
      push(
        event,
        'user',
        [{ type: 'tool_result', id: call.id, name: call.name, output, state: failed(event) ? 'error' : 'success' }],
        [path],
        path,
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
  return {
    format: 'openhands',
    conversation,
    messages,
    map,
    notes: {
      ids:
        idNote({ messages: 'native', calls: 'native', repeated: 0 }).replace(
          'message ids native',
          'message ids: event ids',
        ) +
        (renamed > 0 ? `; ${renamed} repeated tool_call_ids renamed <id>#<event id> here only` : '') +
        '; results paired by cause',
      errors: 'error for an "error" observation, success: false, or a run with a non-zero exit code',
      kept: `${kept} environment, state, recall and acknowledgement events`,
    },
  };
}

/** The agent message event OpenHands writes for text, in place of an action whose call was dropped. */
function thoughtMessage(action: Event): Event {
  const thought = text((action.args as Record<string, unknown>).thought);
  const event: Event = {};
  for (const key of ['id', 'timestamp', 'source'] as const) if (key in action) event[key] = action[key];
  return {
    ...event,
    message: thought,
    action: 'message',
    args: { content: thought, image_urls: null, wait_for_response: false },
  };
}

function write(doc: SourceText, read: ReadConversation, proposal: Parameters<FormatAdapter['write']>[2]): string {
  const root = doc.kind === 'jsonl' ? doc.records : doc.value;
  const result = applyProposal(root, read, proposal, {
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], outputText(output)),
    removeBlock: (editor, origin) => {
      const eventPath = origin.path.slice(0, -1);
      const action = editor.get(eventPath) as Event;
      if (!isRecord(action.args) || text(action.args.thought) === '') return 'record';
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
