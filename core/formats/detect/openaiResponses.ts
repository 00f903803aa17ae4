/**
 * Detection of `openai-responses`: item lists, request bodies with `input` and Response objects,
 * by their typed items. The reader and writer are adapters/openaiResponses.ts, loaded once a file
 * is read as this format. A Response object (`object: "response"`) says what it is, so an output
 * item of a type added to the API after these lists (programmatic tool calling's `program`, as
 * vercel/ai records it) does not make it unreadable: such items are kept untouched.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export const CALLS = new Set(['function_call', 'custom_tool_call']);
export const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);
export const TEXT_PARTS = new Set(['input_text', 'output_text']);
/** Every item `type` of the SDK's ResponseInputItem / ResponseOutputItem unions we know of. */
export const ITEM_TYPES = new Set([
  'message',
  'reasoning',
  ...CALLS,
  ...OUTPUTS,
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'local_shell_call',
  'local_shell_call_output',
  'shell_call',
  'shell_call_output',
  'apply_patch_call',
  'apply_patch_call_output',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'item_reference',
  'compaction',
  'program',
]);

export interface Located {
  base: JsonPath;
  items: unknown[];
  instructions: unknown;
  where: string;
}

export function locate(doc: SourceText): Located | null {
  if (doc.kind !== 'json') return null;
  const value = doc.value;
  if (Array.isArray(value)) return { base: [], items: value, instructions: undefined, where: 'an item list' };
  if (!isRecord(value)) return null;
  if (Array.isArray(value.input))
    return {
      base: ['input'],
      items: value.input,
      instructions: value.instructions,
      where: 'a request body with "input"',
    };
  if (value.object === 'response' && Array.isArray(value.output))
    return { base: ['output'], items: value.output, instructions: value.instructions, where: 'a Response object' };
  return null;
}

export function isMessageItem(item: Record<string, unknown>): boolean {
  return (item.type === 'message' || item.type === undefined) && typeof item.role === 'string' && 'content' in item;
}

function detect(doc: SourceText): Detection | null {
  const found = locate(doc);
  if (!found || found.items.length === 0) return null;
  const response = found.base[0] === 'output';
  let typed = 0;
  for (const item of found.items) {
    if (!isRecord(item)) return null;
    if (typeof item.type === 'string') {
      if (!ITEM_TYPES.has(item.type) && !response) return null;
      typed++;
    } else if (!isMessageItem(item)) return null;
    // Chat Completions and Anthropic shapes are other formats.
    if ('tool_calls' in item || item.role === 'tool') return null;
    if (
      Array.isArray(item.content) &&
      item.content.some(
        (p) => isRecord(p) && (p.type === 'tool_use' || p.type === 'tool_result' || p.type === 'tool_call'),
      )
    )
      return null;
  }
  const tools = found.items.filter(
    (i) =>
      isRecord(i) && typeof i.type === 'string' && (CALLS.has(i.type) || OUTPUTS.has(i.type) || i.type === 'reasoning'),
  ).length;
  if (tools > 0)
    return {
      format: 'openai-responses',
      confidence: 0.95,
      reason: `${found.where}; ${tools} function_call/function_call_output/reasoning items`,
    };
  if (typed > 0 || found.base.length > 0)
    return { format: 'openai-responses', confidence: 0.6, reason: `${found.where} of typed items` };
  return null;
}

export const openaiResponsesInfo: FormatInfo = {
  id: 'openai-responses',
  name: 'OpenAI Responses items',
  reads:
    'item lists, request bodies {model, instructions, input}, Response objects: message, reasoning, function_call / function_call_output by call_id',
  patterns: [
    '*.json (saved input items)',
    'proxy logs of POST /v1/responses bodies',
    'Response objects as SDKs and proxies record them (output, usage, …)',
  ],
  detect,
};
