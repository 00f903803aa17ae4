/**
 * OpenAI Responses items ⇄ our model, shared by `openai-responses` (item lists, request bodies,
 * Response objects) and `codex-rollout` (each `response_item` line carries one item). Shapes
 * from the `openai` SDK 6.x types (resources/responses/responses.d.ts) and, for what Codex
 * writes, openai/codex codex-rs/protocol/src/models.rs @ 001cb8e2 (`ResponseItem`):
 * `EasyInputMessage {role, content: string | parts, type?: "message"}`, `ResponseOutputMessage
 * {id, role: "assistant", content: [{type: "output_text", text}]}`, `function_call {call_id,
 * name, arguments: "<JSON string>"}`, `function_call_output {call_id, output: string | parts}`,
 * `custom_tool_call {call_id, name, input}` and its `custom_tool_call_output`,
 * `local_shell_call {call_id, status, action: {type: "exec", command: [...]}}` (answered by a
 * `function_call_output` in Codex, normalize.rs, or a `local_shell_call_output`), `reasoning
 * {summary: [{type: "summary_text", text}], content?, encrypted_content?}`. The shell tool
 * (`tools: [{type: "shell"}]`, hosted or local), from openai-node v6.49.0
 * src/resources/responses/responses.ts (`ResponseFunctionShellToolCall`,
 * `ResponseFunctionShellToolCallOutput`, and the input's `ShellCall` / `ShellCallOutput`):
 * `shell_call {call_id, action: {commands: [...], timeout_ms, max_output_length}, environment?}`
 * answered by `shell_call_output {call_id, output: [{stdout, stderr, outcome: {type: "exit",
 * exit_code} | {type: "timeout"}}], max_output_length?}`; an output is an error when a chunk
 * timed out or exited non-zero.
 *
 * Each item is one message of ours (a call or a result is an item of its own), paired by
 * `call_id`. Every other item (built-in tool calls, `compaction`, Codex's `ghost_snapshot`,
 * types added later) is kept untouched and counted by type.
 */
import type { Block, Message } from '../../engine/schema.js';
import { nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote } from '../ids.js';
import type { BlockOrigin, JsonPath, MappingNotes, SourceMap } from '../types.js';
import { outputText, roleOf } from './chatMessages.js';
import { CALLS, OUTPUTS, TEXT_PARTS, isMessageItem } from '../detect/openaiResponses.js';

/** The Responses API's name for the local shell tool (its `tools: [{type: "local_shell"}]`). */
export const LOCAL_SHELL = 'local_shell';
/** The Responses API's name for the shell tool (its `tools: [{type: "shell"}]`). */
export const SHELL = 'shell';

/** Call items that name no tool: the built-in tool each one calls. */
const TOOL_OF_CALL: ReadonlyMap<unknown, string> = new Map([
  ['local_shell_call', LOCAL_SHELL],
  ['shell_call', SHELL],
]);
const TOOL_OUTPUTS = new Set(['local_shell_call_output', 'shell_call_output']);

/** A `shell_call_output`'s chunks as one text, and whether any chunk timed out or exited non-zero. */
function shellOutput(output: unknown): { text: string; failed: boolean } {
  const chunks = Array.isArray(output) ? output.filter(isRecord) : [];
  const text = chunks
    .map((c) => [c.stdout, c.stderr].filter((t): t is string => typeof t === 'string' && t !== '').join('\n'))
    .join('\n');
  const failed = chunks.some(
    (c) => isRecord(c.outcome) && (c.outcome.type === 'timeout' || (c.outcome.exit_code ?? 0) !== 0),
  );
  return { text, failed };
}

/**
 * Stores a shortened output at the output item at `path` in its own shape (R13): a string or
 * input parts, or for a `shell_call_output` one chunk whose `stdout` is the text, keeping the
 * last chunk's outcome so the output still reads as it did.
 */
export function setItemOutput(editor: DocumentEditor, path: JsonPath, output: string | Block[]): void {
  const item = editor.get(path);
  if (!isRecord(item) || item.type !== 'shell_call_output') {
    editor.set([...path, 'output'], nativeOutput(output, 'input_text'));
    return;
  }
  const chunks = Array.isArray(item.output) ? item.output.filter(isRecord) : [];
  const outcome = chunks[chunks.length - 1]?.outcome ?? { type: 'exit', exit_code: 0 };
  editor.set([...path, 'output'], [{ stdout: outputText(output), stderr: '', outcome }]);
}

function partBlock(part: unknown): Block {
  if (isRecord(part) && typeof part.type === 'string' && TEXT_PARTS.has(part.type) && typeof part.text === 'string')
    return { type: 'text', text: part.text };
  return isRecord(part) && typeof part.type === 'string' ? (part as Block) : { type: 'unknown', value: part };
}

function outputOf(output: unknown): string | Block[] {
  if (typeof output === 'string') return output;
  return Array.isArray(output) ? output.map(partBlock) : '';
}

/** A call item's input as R3 reads it: function arguments as written, anything else wrapped as JSON. */
function inputOf(item: Record<string, unknown>): string {
  // A custom tool's input is free text, a shell call's an action object: wrapped as JSON so R3
  // can read it and the marker can name its target (never written back).
  const input =
    item.type === 'function_call'
      ? item.arguments
      : TOOL_OF_CALL.has(item.type)
        ? JSON.stringify(item.action ?? {})
        : JSON.stringify({ input: item.input });
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

const isCall = (item: Record<string, unknown>) =>
  typeof item.type === 'string' &&
  (CALLS.has(item.type) || TOOL_OF_CALL.has(item.type)) &&
  typeof item.call_id === 'string';
const isOutput = (item: Record<string, unknown>) =>
  typeof item.type === 'string' &&
  (OUTPUTS.has(item.type) || TOOL_OUTPUTS.has(item.type)) &&
  typeof item.call_id === 'string';

/** Reads items one at a time, in conversation order, into messages and a source map. */
export class ResponsesItemReader {
  readonly messages: Message[] = [];
  readonly map: SourceMap = { records: [], blocks: [] };
  private readonly ids = new CallIds();
  private readonly names = new Map<string, string>();
  private readonly used = new Set<string>();
  private synthesized = 0;
  private readonly kept = new Map<string, number>();
  private reasoning = 0;
  private encrypted = 0;

  /** `isError` reads a result's text: formats without an error flag each have their convention. */
  constructor(private readonly isError: (text: string) => boolean) {}

  /** One message of blocks from the native `record`; `item` gives its id when it has a free one. */
  push(item: Record<string, unknown> | null, role: string, blocks: Block[], origins: BlockOrigin[], record: JsonPath) {
    let id = item && typeof item.id === 'string' && !this.used.has(item.id) ? item.id : null;
    if (id === null) {
      id = `m${this.messages.length + 1}`;
      this.synthesized++;
    }
    this.used.add(id);
    this.messages.push({ id, role, content: blocks });
    this.map.records.push([record]);
    this.map.blocks.push(origins);
  }

  /**
   * Reads the item at `path`, which lies in (or is) the native `record` a removal takes out
   * whole; calls and results are mapped to the item itself.
   */
  item(raw: unknown, path: JsonPath, record: JsonPath): void {
    if (!isRecord(raw)) return;
    const item = raw;
    if (isMessageItem(item)) {
      const parts =
        typeof item.content === 'string'
          ? item.content === ''
            ? []
            : [item.content]
          : Array.isArray(item.content)
            ? item.content
            : [];
      const blocks = parts.map((p) => (typeof p === 'string' ? { type: 'text', text: p } : partBlock(p)));
      const origins =
        typeof item.content === 'string'
          ? blocks.map(() => ({ path: [...path, 'content'] }))
          : parts.map((_, i) => ({ path: [...path, 'content', i] }));
      this.push(item, roleOf(item.role), blocks, origins, record);
    } else if (item.type === 'reasoning') {
      this.reasoning++;
      if (typeof item.encrypted_content === 'string' && item.encrypted_content !== '') this.encrypted++;
      const texts = [
        ...(Array.isArray(item.summary) ? item.summary : []),
        ...(Array.isArray(item.content) ? item.content : []),
      ]
        .map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : ''))
        .filter((t) => t !== '');
      this.push(item, 'assistant', [{ type: 'thinking', thinking: texts.join('\n\n') }], [{ path }], record);
    } else if (isCall(item)) {
      const id = this.ids.call(item.call_id as string);
      const name = TOOL_OF_CALL.get(item.type) ?? (typeof item.name === 'string' ? item.name : '');
      this.names.set(id, name);
      const call: Block = { type: 'tool_call', id, name, input: inputOf(item), state: 'finished' };
      this.push(item, 'assistant', [call], [{ path }], record);
    } else if (isOutput(item)) {
      const id = this.ids.result(item.call_id as string);
      const shell = item.type === 'shell_call_output' ? shellOutput(item.output) : null;
      const output = shell ? shell.text : outputOf(item.output);
      const failed = shell ? shell.failed : this.isError(outputText(output));
      const state = failed ? 'error' : 'success';
      const result: Block = { type: 'tool_result', id, name: this.names.get(id) ?? '', output, state };
      this.push(item, 'user', [result], [{ path }], record);
    } else {
      const type = typeof item.type === 'string' ? item.type : 'untyped';
      this.kept.set(type, (this.kept.get(type) ?? 0) + 1);
    }
  }

  /** The Summary's line about ids. */
  idsNote(): string {
    const n = this.messages.length;
    return idNote({
      messages:
        this.synthesized === n
          ? 'm1, m2, … by position'
          : this.synthesized > 0
            ? `${this.synthesized} items without an id by position (m<n>); the rest native`
            : 'native',
      calls: 'native',
      repeated: this.ids.repeated,
    });
  }

  /** The items kept untouched, by type (`1 compaction, 2 web_search_call items untouched`), or null. */
  keptNote(): string | null {
    if (this.kept.size === 0) return null;
    const total = [...this.kept.values()].reduce((a, b) => a + b, 0);
    return `${[...this.kept].map(([type, n]) => `${n} ${type}`).join(', ')} item${total === 1 ? '' : 's'} untouched`;
  }

  /** The thinking line: reasoning items are never edited (their encrypted_content is opaque). */
  thinkingNote(): Pick<MappingNotes, 'thinking'> {
    if (this.reasoning === 0) return {};
    const encrypted = this.encrypted > 0 ? ` (${this.encrypted} with encrypted_content)` : '';
    return {
      thinking: `${this.reasoning} reasoning item${this.reasoning === 1 ? '' : 's'}${encrypted}, written back unchanged`,
    };
  }
}
