/**
 * `smolagents-gaia` (detect/smolagentsGaia.ts): each run (line) is a conversation. Its steps
 * are Python reprs read where they are (pyRepr.ts): `SystemPromptStep` is the system message,
 * `TaskStep` the user's, `PlanningStep` an assistant text; an `ActionStep` is an assistant
 * message of its `llm_output` and its `ToolCall`s (`arguments` as input), answered by its
 * `observations`, an error when the step's `error` is not None. Call ids are the ToolCalls' own.
 *
 * Writing: a shortened output replaces the `observations` literal inside the step's string,
 * written as Python's repr writes it. The model's code for a call is in its `llm_output` too,
 * so a drop would cut text the agent wrote: an export writes drop_call as drop_result
 * (`keepsCall`); asked directly, a drop removes the step. Every other byte of a line stays,
 * `NaN` included (SPEC §9).
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal } from '../apply.js';
import { serializeRecords, serializeValue } from '../document.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import { callFields, callsInList, pyRepr, stringField } from '../pyRepr.js';
import type { BlockOrigin, FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { runInfo, runPath, runsOf, smolagentsGaiaInfo } from '../detect/smolagentsGaia.js';

const TEXT_OF: Record<string, readonly [string, string]> = {
  SystemPromptStep: ['system', 'system_prompt'],
  TaskStep: ['user', 'task'],
  PlanningStep: ['assistant', 'plan'],
};

function read(doc: SourceText, conversation: string): ReadConversation {
  const runs = runsOf(doc) ?? [];
  const line = Number(conversation);
  const run = String(line) === conversation ? runs[line] : undefined;
  if (!run) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const ids = new CallIds();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  let kept = 0;
  const push = (role: string, blocks: Block[], origins: BlockOrigin[], k: number) => {
    messages.push({ id: `m${messages.length + 1}`, role, content: blocks });
    map.records.push([[...runPath(doc, line), 'intermediate_steps', k]]);
    map.blocks.push(origins);
  };
  run.intermediate_steps.forEach((step, k) => {
    const path = [...runPath(doc, line), 'intermediate_steps', k];
    const call = callFields(step);
    if (!call) return void kept++;
    const textOf = TEXT_OF[call.name];
    if (textOf) {
      const text = stringField(step, call.fields, textOf[1]) ?? '';
      return push(textOf[0], text ? [{ type: 'text', text }] : [], text ? [{ path }] : [], k);
    }
    const blocks: Block[] = [];
    const origins: BlockOrigin[] = [];
    const llmOutput = stringField(step, call.fields, 'llm_output');
    if (llmOutput) {
      blocks.push({ type: 'text', text: llmOutput });
      origins.push({ path });
    }
    const toolCalls = call.fields.get('tool_calls');
    const found = toolCalls ? callsInList(step, toolCalls) : [];
    let last: { id: string; name: string } | null = null;
    for (const toolCall of found) {
      const name = stringField(step, toolCall.fields, 'name') ?? 'tool';
      const args = toolCall.fields.get('arguments');
      const text = stringField(step, toolCall.fields, 'arguments');
      const input = JSON.stringify({ arguments: text ?? (args ? step.slice(args.start, args.end) : '') });
      const id = ids.call(stringField(step, toolCall.fields, 'id') ?? `step${k}`);
      blocks.push({ type: 'tool_call', id, name, input, state: 'finished' });
      origins.push({ path, span: [toolCall.span.start, toolCall.span.end] });
      last = { id, name };
    }
    push('assistant', blocks, origins, k);
    const observations = stringField(step, call.fields, 'observations');
    const span = call.fields.get('observations');
    if (!last || observations === null || !span) return;
    const failed = step.slice(call.fields.get('error')?.start ?? 0, call.fields.get('error')?.end ?? 0) !== 'None';
    push(
      'user',
      [
        {
          type: 'tool_result',
          id: ids.result(last.id),
          name: last.name,
          output: observations,
          state: failed ? 'error' : 'success',
        },
      ],
      [{ path, span: [span.start, span.end] }],
      k,
    );
  });
  return {
    format: 'smolagents-gaia',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: 'error when the ActionStep’s error is not None',
      kept: `the run's fields (question, prediction, agent_error …)${kept > 0 ? ` and ${kept} unread steps` : ''}`,
    },
  };
}

function write(doc: SourceText, read: ReadConversation, proposal: Parameters<FormatAdapter['write']>[2]): string {
  const root = doc.kind === 'jsonl' ? doc.records : doc.value;
  const result = applyProposal(root, read, proposal, {
    setOutput: (editor, origin, output) => {
      const step = editor.get(origin.path) as string;
      const [start, end] = origin.span as readonly [number, number];
      editor.set(origin.path, step.slice(0, start) + pyRepr(outputText(output)) + step.slice(end));
    },
    // A call and its observation are one step: a drop removes the step (its record).
    removeBlock: () => 'record',
    isEmpty: () => false,
  });
  return doc.kind === 'jsonl' ? serializeRecords(doc, result as unknown[]) : serializeValue(doc, result);
}

export const smolagentsGaia: FormatAdapter = {
  ...smolagentsGaiaInfo,
  conversations: (doc) => (runsOf(doc) ?? []).map(runInfo),
  read,
  keepsCall: () => 'smolagents.step_text',
  write,
};
