/**
 * `atif`: an Agent Trajectory Interchange Format trajectory (detect/atif.ts). Shapes from Harbor's
 * RFC 0001 (harbor-framework/harbor rfcs/0001-trajectory-format.md, ATIF-v1.7; read through its
 * v1.4 mirror OpenAgentsInc/openagents docs/atif/0001-trajectory-format.md @ d39efb6f and the v1.7
 * changelog quoted in NVIDIA/NeMo-Flow#66): `steps: [{step_id, source: "system" | "user" |
 * "agent", message: string | ContentPart[], reasoning_content?, tool_calls?: [{tool_call_id,
 * function_name, arguments: {…}}], observation?: {results: [{source_call_id?, content?,
 * subagent_trajectory_ref?}]}}]`. A result answers a call of its own step.
 *
 * A step is read as up to two messages of ours: the step (its reasoning as thinking, its message,
 * its calls; its records are those fields) and its observation (the results, as what comes back
 * to the agent; record `steps[k].observation`). Writing never
 * removes a step — step ids must stay 1, 2, … (targets/atif.ts) — only calls and results, and an
 * emptied `tool_calls` or `observation` key. `subagent_trajectories` (embedded sub-runs), metrics
 * and `extra` are kept untouched. There is no error flag: a result whose text starts with
 * `Error:` is read as an error.
 */
import type { Block, Message } from '../../engine/schema.js';
import { jsonDocumentWriter, mainConversationReader, nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote, startsWithError, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { BlockOrigin, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { CHAT_ERROR_NOTE, chatContentBlocks, chatOutput, outputText } from './chatMessages.js';
import { atifInfo, atifTrajectory } from '../detect/atif.js';

const ROLES: Readonly<Record<string, string>> = { system: 'system', user: 'user', agent: 'assistant' };
/** The fields of a step its first message is read from: its records, in the file's key order. */
const STEP_FIELDS = new Set(['reasoning_content', 'message', 'tool_calls']);

function read(doc: SourceText): ReadConversation {
  const found = atifTrajectory(doc);
  if (!found) throw new FormatError('not an ATIF trajectory', 'not_a_history');
  const ids = new CallIds();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  let reasoning = 0;
  let subagents = 0;
  const push = (role: string, blocks: Block[], origins: BlockOrigin[], records: JsonPath[]) => {
    if (blocks.length === 0) return;
    messages.push({ id: `m${messages.length + 1}`, role, content: blocks });
    map.records.push(records);
    map.blocks.push(origins);
  };
  found.steps.forEach((step, k) => {
    if (!isRecord(step)) return;
    const at: JsonPath = ['steps', k];
    const out = { blocks: [] as Block[], origins: [] as BlockOrigin[] };
    if (typeof step.reasoning_content === 'string' && step.reasoning_content !== '') {
      reasoning++;
      out.blocks.push({ type: 'thinking', thinking: step.reasoning_content });
      out.origins.push({ path: [...at, 'reasoning_content'] });
    }
    chatContentBlocks(step.message, [...at, 'message'], out);
    const names = new Map<string, { id: string; name: string }>();
    (Array.isArray(step.tool_calls) ? step.tool_calls : []).forEach((call: unknown, j) => {
      if (isRecord(call) && typeof call.tool_call_id === 'string') {
        const name = typeof call.function_name === 'string' ? call.function_name : '';
        const id = ids.call(call.tool_call_id);
        names.set(call.tool_call_id, { id, name });
        out.blocks.push({
          type: 'tool_call',
          id,
          name,
          input: JSON.stringify(call.arguments ?? {}),
          state: 'finished',
        });
      } else out.blocks.push({ type: 'unknown', value: call });
      out.origins.push({ path: [...at, 'tool_calls', j] });
    });
    const fields = Object.keys(step).filter((key) => STEP_FIELDS.has(key));
    push(
      ROLES[step.source as string] ?? 'user',
      out.blocks,
      out.origins,
      fields.map((key) => [...at, key]),
    );
    const results =
      isRecord(step.observation) && Array.isArray(step.observation.results) ? step.observation.results : [];
    const seen = { blocks: [] as Block[], origins: [] as BlockOrigin[] };
    results.forEach((result: unknown, i) => {
      if (!isRecord(result)) return;
      const path = [...at, 'observation', 'results', i];
      if (Array.isArray(result.subagent_trajectory_ref)) subagents += result.subagent_trajectory_ref.length;
      const call = typeof result.source_call_id === 'string' ? names.get(result.source_call_id) : undefined;
      if (call && typeof result.source_call_id === 'string') {
        names.delete(result.source_call_id);
        const output = chatOutput(result.content);
        const state = startsWithError(outputText(output)) ? 'error' : 'success';
        seen.blocks.push({ type: 'tool_result', id: call.id, name: call.name, output, state });
        seen.origins.push({ path });
      } else chatContentBlocks(result.content, [...path, 'content'], seen);
    });
    push('user', seen.blocks, seen.origins, [[...at, 'observation']]);
  });
  const embedded = Array.isArray(found.root.subagent_trajectories) ? found.root.subagent_trajectories.length : 0;
  return {
    format: 'atif',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: CHAT_ERROR_NOTE,
      kept: `agent, metrics, final_metrics and extra fields; ${embedded} embedded subagent trajectories and ${subagents} subagent references untouched`,
      ...(reasoning > 0 ? { thinking: `${reasoning} reasoning_content strings, written back unchanged` } : {}),
    },
  };
}

/** An emptied `tool_calls` or `observation.results` takes its key with it (both are optional). */
function tidy(editor: DocumentEditor, record: JsonPath): void {
  const key = record[record.length - 1];
  const list = editor.get(key === 'observation' ? [...record, 'results'] : record);
  if ((key === 'observation' || key === 'tool_calls') && Array.isArray(list) && list.length === 0)
    editor.deleteKey(record);
}

export const atif: FormatAdapter = {
  ...atifInfo,
  conversations: () => [{ key: 'main', label: 'the trajectory' }],
  read: mainConversationReader(read),
  write: jsonDocumentWriter({
    // R13: a string stays a string, content parts stay parts.
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], nativeOutput(output)),
    // Steps stay (their step_id values must remain 1, 2, …, targets/atif.ts); emptied keys go in tidy.
    isEmpty: () => false,
    tidy,
  }),
};
