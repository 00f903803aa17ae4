/**
 * Keeps an Inspect sample's `events` consistent with its edited `messages`: the copies of a
 * changed message in `model` events (matched by the message's own id, role and call id inside
 * that event, never by call id across the log) and the `tool` event of a changed call (only
 * when exactly one tool event records that call in the sample).
 */
import { nativeOutput } from '../apply.js';
import { isRecord, valueAt } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import type { Edit, JsonPath, ReadConversation } from '../types.js';

type Rec = Record<string, unknown>;

function nativeAt(root: unknown, read: ReadConversation, ref: { message: number; block: number }) {
  const origin = read.map.blocks[ref.message][ref.block];
  return { origin, value: valueAt(root, origin.path) };
}

export function syncEvents(
  editor: DocumentEditor,
  sampleIndex: number,
  read: ReadConversation,
  edits: readonly Edit[],
  root: unknown,
): void {
  const base: JsonPath = ['samples', sampleIndex, 'events'];
  const events = valueAt(root, base);
  if (!Array.isArray(events)) return;
  const toolEventsOf = (callId: string) =>
    events.flatMap((e, i) => (isRecord(e) && e.event === 'tool' && e.id === callId ? [i] : []));

  for (const edit of edits) {
    const result = nativeAt(root, read, edit.result).value as Rec;
    const toolMessageId = result?.id;
    const callId = result?.tool_call_id;
    if (edit.kind === 'truncate') {
      const content = nativeOutput(edit.output);
      events.forEach((event, e) => {
        if (!isRecord(event) || event.event !== 'model' || !Array.isArray(event.input)) return;
        event.input.forEach((copy, j) => {
          if (isRecord(copy) && copy.role === 'tool' && copy.id === toolMessageId && copy.tool_call_id === callId)
            editor.set([...base, e, 'input', j, 'content'], content);
        });
      });
      const tools = typeof callId === 'string' ? toolEventsOf(callId) : [];
      if (tools.length === 1) editor.set([...base, tools[0], 'result'], content);
      continue;
    }
    const call = nativeAt(root, read, edit.call);
    const assistantPath = call.origin.path.slice(0, -2);
    const assistantId = (valueAt(root, assistantPath) as Rec | undefined)?.id;
    const nativeCallId = (call.value as Rec | undefined)?.id;
    events.forEach((event, e) => {
      if (!isRecord(event) || event.event !== 'model') return;
      (Array.isArray(event.input) ? event.input : []).forEach((copy, j) => {
        if (!isRecord(copy)) return;
        const path = [...base, e, 'input', j];
        if (copy.role === 'tool' && copy.id === toolMessageId && copy.tool_call_id === callId) editor.remove(path);
        else if (copy.role === 'assistant' && copy.id === assistantId) dropCall(editor, path, nativeCallId, true);
      });
      const choices = isRecord(event.output) && Array.isArray(event.output.choices) ? event.output.choices : [];
      choices.forEach((choice, c) => {
        if (isRecord(choice) && isRecord(choice.message) && choice.message.id === assistantId)
          dropCall(editor, [...base, e, 'output', 'choices', c, 'message'], nativeCallId, false);
      });
    });
    const tools = typeof nativeCallId === 'string' ? toolEventsOf(nativeCallId) : [];
    if (tools.length === 1) editor.remove([...base, tools[0]]);
  }
}

/** Takes the call out of a copy of the assistant message; an input copy left empty goes too. */
function dropCall(editor: DocumentEditor, path: JsonPath, callId: unknown, removeIfEmpty: boolean): void {
  const message = editor.get(path) as Rec;
  if (!Array.isArray(message.tool_calls)) return;
  const calls = message.tool_calls.filter((c) => !(isRecord(c) && c.id === callId));
  if (calls.length === message.tool_calls.length) return;
  const content = message.content;
  const empty =
    content === '' || content === null || content === undefined || (Array.isArray(content) && content.length === 0);
  if (calls.length === 0 && empty && removeIfEmpty) editor.remove(path);
  else if (calls.length === 0) editor.deleteKey([...path, 'tool_calls']);
  else editor.set([...path, 'tool_calls'], calls);
}
