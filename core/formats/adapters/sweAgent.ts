/**
 * `swe-agent`: SWE-agent `.traj` files — `{environment, trajectory, history, info,
 * replay_config?}`. `history` is what the model was sent; `trajectory` repeats it as steps
 * `{action, observation, response, thought, state}`. Two layouts:
 *  - function calling (1.0): assistant entries with OpenAI-style `tool_calls`, observations
 *    `role: "tool"` with `tool_call_ids` (a list; one id per observation is what we pair);
 *  - thought/action text (pre-1.0): the command is the assistant entry's `action` (also in its
 *    text), the observation is the next `user` entry; no ids, so call ids are `c1`, `c2`, … by
 *    position, and tool names are the ACI command (`open`, `edit`, …) or `bash`.
 * No error flag: an observation is an error when it starts with `Error` or a Python traceback,
 * or reports that a proposed edit introduced syntax errors (the ACI's failure texts).
 *
 * Writing keeps the two views consistent: a shortened observation is shortened in its step
 * too. SWE-agent's own readers need every call (core/formats/targets/sweAgent.ts: the
 * inspector reads `action` of every assistant item, run-replay asserts `tool_calls`), so a
 * drop_call is written as drop_result: the item keeps `action`, `tool_calls` and
 * `message_type`, its step stays, and the observation is shortened (`keepsCall`).
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal, nativeOutput } from '../apply.js';
import { isRecord, serializeValue, valueAt } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote, SYNTHESIZED_CALL_IDS, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { Edit, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { chatHooks, chatOutput, outputText, roleOf } from './chatMessages.js';
import { sweAgentInfo, parts } from '../detect/sweAgent.js';
import type { Entry } from '../detect/sweAgent.js';

/** SWE-agent's default ACI commands (config/default.yaml before 1.0); any other command runs in bash. */
const ACI_COMMANDS = new Set([
  'open',
  'goto',
  'scroll_up',
  'scroll_down',
  'create',
  'search_dir',
  'search_file',
  'find_file',
  'edit',
  'submit',
]);
const FAILURE = /^(\s*Error\b|Traceback \(most recent call last\)|Your proposed edit has introduced new syntax error)/;

const isAction = (h: Entry) =>
  h.role === 'assistant' && (Array.isArray(h.tool_calls) || (typeof h.action === 'string' && h.action !== ''));

/**
 * History index of each acting assistant entry → its trajectory step, matched by the action
 * they share (the next step carrying the entry's action), never by position alone: a step
 * count that differs from the history's must not pair a call with another call's step. An
 * entry without an action string takes the next step only when that step has no action either.
 */
function stepsOf(history: Entry[], trajectory: Entry[]): Map<number, number> {
  const steps = new Map<number, number>();
  let k = 0;
  history.forEach((h, i) => {
    if (!isAction(h) || h.is_demo === true) return;
    const action = typeof h.action === 'string' ? h.action : undefined;
    let j = k;
    while (j < trajectory.length && trajectory[j].action !== action) j++;
    if (j < trajectory.length) {
      steps.set(i, j);
      k = j + 1;
    }
  });
  return steps;
}

function toolName(action: string): string {
  const word = action.trim().split(/\s+/)[0] ?? '';
  return ACI_COMMANDS.has(word) ? word : 'bash';
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value)
    ? value.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('')
    : '';
}

function read(doc: SourceText): ReadConversation {
  const found = parts(doc);
  if (!found) throw new FormatError('not a SWE-agent trajectory', 'not_a_history');
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  let synthesizedCalls = 0;
  let openTextCall: string | null = null;
  found.history.forEach((h, i) => {
    const path = ['history', i];
    const blocks: Block[] = [];
    const origins: JsonPath[] = [];
    const addText = (value: string, at: JsonPath) => {
      if (value === '') return;
      blocks.push({ type: 'text', text: value });
      origins.push(at);
    };
    const textCall = openTextCall;
    openTextCall = null;
    if (
      h.role === 'tool' &&
      Array.isArray(h.tool_call_ids) &&
      h.tool_call_ids.length === 1 &&
      typeof h.tool_call_ids[0] === 'string'
    ) {
      const id = ids.result(h.tool_call_ids[0]);
      const output = chatOutput(h.content);
      blocks.push({
        type: 'tool_result',
        id,
        name: names.get(id) ?? '',
        output,
        state: FAILURE.test(outputText(output)) ? 'error' : 'success',
      });
      origins.push(path);
    } else if (h.role === 'user' && textCall !== null) {
      const output = text(h.content);
      blocks.push({
        type: 'tool_result',
        id: textCall,
        name: names.get(textCall) ?? '',
        output,
        state: FAILURE.test(output) ? 'error' : 'success',
      });
      origins.push(path);
    } else if (h.role === 'assistant' && Array.isArray(h.tool_calls)) {
      addText(text(h.content), [...path, 'content']);
      h.tool_calls.forEach((entry, j) => {
        const fn = isRecord(entry) && isRecord(entry.function) ? entry.function : null;
        if (fn && typeof entry.id === 'string') {
          const id = ids.call(entry.id);
          const name = typeof fn.name === 'string' ? fn.name : '';
          names.set(id, name);
          blocks.push({
            type: 'tool_call',
            id,
            name,
            input: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
            state: 'finished',
          });
        } else blocks.push({ type: 'unknown', value: entry });
        origins.push([...path, 'tool_calls', j]);
      });
    } else if (h.role === 'assistant' && typeof h.action === 'string' && h.action !== '') {
      if (typeof h.thought === 'string') addText(h.thought, [...path, 'thought']);
      else addText(text(h.content), [...path, 'content']);
      const id = `c${++synthesizedCalls}`;
      names.set(id, toolName(h.action));
      blocks.push({
        type: 'tool_call',
        id,
        name: toolName(h.action),
        input: JSON.stringify({ command: h.action }),
        state: 'finished',
      });
      origins.push([...path, 'action']);
      openTextCall = id;
    } else addText(text(h.content), [...path, 'content']);
    messages.push({ id: `m${messages.length + 1}`, role: roleOf(h.role), content: blocks });
    map.records.push([path]);
    map.blocks.push(origins.map((p) => ({ path: p })));
  });
  return {
    format: 'swe-agent',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({
        messages: SYNTHESIZED_MESSAGE_IDS,
        calls: synthesizedCalls > 0 ? SYNTHESIZED_CALL_IDS : 'native',
        repeated: ids.repeated,
      }),
      errors:
        'no error flag: error when the observation starts with "Error" or a traceback, or reports new syntax errors of an edit',
      kept: 'environment, info (submission, model_stats), replay_config; trajectory steps follow their calls',
    },
  };
}

function write(
  doc: SourceText,
  read: ReadConversation,
  proposal: { edits: readonly Edit[]; messages: readonly Message[] },
): string {
  const root = (doc as { value: unknown }).value;
  const found = parts(doc) as { history: Entry[]; trajectory: Entry[] };
  const steps = stepsOf(found.history, found.trajectory);
  const stepOfResult = (resultPath: JsonPath): number | undefined => {
    const i = resultPath[1] as number;
    for (let a = i - 1; a >= 0; a--) if (isAction(found.history[a])) return steps.get(a);
    return undefined;
  };
  const result = applyProposal(root, read, proposal, {
    setOutput: (editor, origin, output) => {
      editor.set([...origin.path, 'content'], nativeOutput(output));
      const step = stepOfResult(origin.path);
      if (step !== undefined) editor.set(['trajectory', step, 'observation'], outputText(output));
    },
    removeBlock: (editor: DocumentEditor, origin) => {
      const entryPath = origin.path.slice(0, 2);
      const step = steps.get(origin.path[1] as number);
      if (step !== undefined) editor.remove(['trajectory', step]);
      if (origin.path[2] === 'tool_calls') return void editor.remove(origin.path);
      // Thought/action text: the command leaves the text the model was sent, and the entry.
      const entry = valueAt(root, entryPath) as Entry;
      editor.deleteKey([...entryPath, 'action']);
      if (typeof entry.thought === 'string') editor.set([...entryPath, 'content'], entry.thought);
    },
    isEmpty: (record) => {
      if (!isRecord(record) || record.role !== 'assistant') return false;
      if (Array.isArray(record.tool_calls)) return record.tool_calls.length === 0 && text(record.content) === '';
      return typeof record.action !== 'string' && text(record.thought ?? record.content) === '';
    },
    tidy: (editor, record) => {
      chatHooks.tidy?.(editor, record);
      if (
        !Array.isArray(editor.get([...record, 'tool_calls'])) &&
        typeof editor.get([...record, 'action']) === 'string' &&
        Array.isArray(valueAt(root, [...record, 'tool_calls']))
      )
        editor.deleteKey([...record, 'action']);
    },
  });
  return serializeValue(doc, result);
}

export const sweAgent: FormatAdapter = {
  ...sweAgentInfo,
  conversations: () => [{ key: 'main', label: 'the trajectory' }],
  read: (doc) => read(doc),
  keepsCall: (doc) =>
    parts(doc)?.history.some((h) => Array.isArray(h.tool_calls))
      ? 'swe-agent.replay_tool_calls'
      : 'swe-agent.inspector_action',
  write,
};
