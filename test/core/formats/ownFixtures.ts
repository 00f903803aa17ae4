/**
 * Anthropic Messages and OpenAI Responses have no real, permissively licensed saved files
 * (../shared/formats/SOURCES.md, "Formats not found"), so these small fixtures are written
 * from the SDKs' own types. Where each shape fact comes from:
 *  [A] anthropics/anthropic-sdk-typescript, src/resources/messages/messages.ts @ bfa9197f:
 *      MessageParam {role, content: string | ContentBlockParam[]}, ToolUseBlockParam {id, input,
 *      name, type: "tool_use"}, ToolResultBlockParam {tool_use_id, type: "tool_result",
 *      content?: string | (TextBlockParam | ImageBlockParam | …)[], is_error?},
 *      ThinkingBlockParam {signature, thinking, type: "thinking"}, TextBlockParam {text, type},
 *      ImageBlockParam {source: Base64ImageSource {data, media_type, type: "base64"}, type}.
 *      MessageCreateParams: {max_tokens, messages, model, system?: string | TextBlockParam[], tools?}.
 *  [R] openai-node 6.49 (this repository's dependency), resources/responses/responses.d.ts:
 *      EasyInputMessage {content: string | parts, role, type?: "message"}, ResponseInputText
 *      {text, type: "input_text"}, ResponseOutputMessage {id, content: [{type: "output_text",
 *      text, annotations}], role: "assistant", status, type: "message"}, ResponseReasoningItem
 *      {id, summary: [{text, type: "summary_text"}], type: "reasoning", encrypted_content?},
 *      ResponseFunctionToolCall {arguments, call_id, name, type: "function_call", id?, status?},
 *      ResponseInputItem.FunctionCallOutput {call_id, output: string | ResponseFunctionCallOutputItemList,
 *      type: "function_call_output", id?, status?}, ResponseCustomToolCall {call_id, input, name,
 *      type: "custom_tool_call"}, ResponseCustomToolCallOutput {call_id, output, type},
 *      ResponseFunctionWebSearch {id, status, type: "web_search_call"}; ResponseCreateParams
 *      {model, input, instructions?}; Response {id, object: "response", output, …}.
 */
import type { FormatId } from '../../../core/formats/index.js';
import { CODEX_ROLLOUT, CODEX_ROLLOUT_SUMMARY_ONLY } from './codexFixture.js';
import { ATIF_TEXT } from './atifFixture.js';

const long = (label: string) => `${label}: ${'line of output that the agent read once\n'.repeat(40)}`;

/** [A] a request body as a proxy logs it: system prompt, tools, string and block content. */
const anthropicRequest = {
  model: 'claude-sonnet-4-5',
  max_tokens: 4096,
  system: 'You are a coding agent. Use the tools.',
  tools: [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object' } }],
  messages: [
    { role: 'user', content: 'Fix the failing retry test.' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'I will read both files.' },
        { type: 'tool_use', id: 'toolu_01', name: 'read_file', input: { path: 'src/retry.ts' } },
        { type: 'tool_use', id: 'toolu_02', name: 'read_file', input: { path: 'test/retry.test.ts' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01', content: long('src/retry.ts') },
        { type: 'tool_result', tool_use_id: 'toolu_02', content: [{ type: 'text', text: long('test/retry.test.ts') }] },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'The backoff doubles twice.', signature: 'EqQBCkYIBRgCKkD…' },
        { type: 'tool_use', id: 'toolu_03', name: 'run_tests', input: { filter: 'retry' } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_03', content: 'Exit code 1\n1 failed', is_error: true }],
    },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_04', name: 'screenshot', input: {} }],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_04',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }],
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'The delay is doubled twice; fixing.' }] },
    { role: 'user', content: 'Go ahead.' },
  ],
};

/** [A] the bare MessageParam list a program saves. */
const anthropicList = anthropicRequest.messages.slice(0, 5);

/** [R] a request body with instructions and input items. */
const responsesRequest = {
  model: 'gpt-5',
  instructions: 'You are a coding agent.',
  input: [
    { role: 'user', content: 'Find where the retry delay is computed.' },
    {
      type: 'reasoning',
      id: 'rs_01',
      summary: [{ type: 'summary_text', text: 'Search, then read.' }],
      encrypted_content: 'gAAAA…',
    },
    {
      type: 'function_call',
      id: 'fc_01',
      call_id: 'call_01',
      name: 'search',
      arguments: '{"q":"retryDelay"}',
      status: 'completed',
    },
    { type: 'function_call_output', call_id: 'call_01', output: long('search results') },
    {
      type: 'function_call',
      id: 'fc_02',
      call_id: 'call_02',
      name: 'read_file',
      arguments: '{"path":"src/retry.ts"}',
      status: 'completed',
    },
    { type: 'function_call_output', call_id: 'call_02', output: [{ type: 'input_text', text: long('src/retry.ts') }] },
    {
      type: 'function_call',
      id: 'fc_03',
      call_id: 'call_03',
      name: 'read_file',
      arguments: '{"path":"missing.ts"}',
      status: 'completed',
    },
    { type: 'function_call_output', call_id: 'call_03', output: 'Error: no such file missing.ts' },
    { type: 'web_search_call', id: 'ws_01', status: 'completed' },
    { type: 'custom_tool_call', id: 'ctc_01', call_id: 'call_04', name: 'shell', input: 'grep -rn retryDelay src' },
    { type: 'custom_tool_call_output', call_id: 'call_04', output: long('grep') },
    {
      type: 'message',
      id: 'msg_01',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'retryDelay is in src/retry.ts.', annotations: [] }],
    },
    { role: 'user', content: 'Fix it.' },
  ],
};

/** [R] a Response object: its output items are the conversation. */
const responseObject = {
  id: 'resp_01',
  object: 'response',
  created_at: 1741476542,
  status: 'completed',
  model: 'gpt-5',
  output: responsesRequest.input.slice(1, 9),
};

export interface OwnFixture {
  name: string;
  format: FormatId;
  text: string;
  conversations: number;
}

/**
 * [V] the AI SDK's ModelMessage list as `response.messages` gives it to a program that saves
 * the conversation (vercel/ai packages/provider-utils/src/types/content-part.ts @ a68a53cd:
 * TextPart, ReasoningPart {text}, ToolCallPart {toolCallId, toolName, input}, ToolResultPart
 * {toolCallId, toolName, output: {type: "text" | "json" | "error-text" | "content", value}}).
 */
const aiSdkMessages = [
  { role: 'system', content: 'You are a coding agent.' },
  { role: 'user', content: [{ type: 'text', text: 'Fix the failing retry test.' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Read the code and the test first.' },
      { type: 'tool-call', toolCallId: 'call_01', toolName: 'read_file', input: { path: 'src/retry.ts' } },
      { type: 'tool-call', toolCallId: 'call_02', toolName: 'grep', input: { pattern: 'backoff' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_01',
        toolName: 'read_file',
        output: { type: 'text', value: long('src/retry.ts') },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_02',
        toolName: 'grep',
        output: { type: 'json', value: { matches: [long('src/retry.ts:12')] } },
      },
    ],
  },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'call_03', toolName: 'run_tests', input: { filter: 'retry' } }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_03',
        toolName: 'run_tests',
        output: { type: 'error-text', value: '1 failed' },
      },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'call_04', toolName: 'read_file', input: { path: 'test/retry.test.ts' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_04',
        toolName: 'read_file',
        output: { type: 'content', value: [{ type: 'text', text: long('test/retry.test.ts') }] },
      },
    ],
  },
  { role: 'assistant', content: 'The delay doubles twice; fixing it.' },
  { role: 'user', content: 'Go ahead.' },
];

/**
 * [V] a LangChain history as `messages_to_dict` saves it from a ChatOpenAI agent (@langchain/core
 * 1.4.0 dist/messages/base.d.ts StoredMessage {type, data}, tool.d.ts ToolMessage {tool_call_id,
 * status}, ToolCall {name, args, id, type: "tool_call"}); OpenAI's raw calls are copied into
 * additional_kwargs as langchain-openai does. No saved list exists in public: this one is ours.
 */
const lcMessage = (type: string, data: Record<string, unknown>) => ({
  type,
  data: { additional_kwargs: {}, response_metadata: {}, type, name: null, id: null, ...data },
});
const lcCall = (id: string, name: string, args: Record<string, unknown>) => ({ name, args, id, type: 'tool_call' });
const lcRaw = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});
const lcTool = (id: string, name: string, content: unknown, status: 'success' | 'error') =>
  lcMessage('tool', { content, name, tool_call_id: id, artifact: null, status });
const langchainMessages = [
  lcMessage('system', { content: 'You are a coding agent.' }),
  lcMessage('human', { content: 'Fix the failing retry test.', example: false }),
  lcMessage('ai', {
    content: '',
    id: 'run-01',
    additional_kwargs: {
      tool_calls: [
        lcRaw('call_01', 'read_file', { path: 'src/retry.ts' }),
        lcRaw('call_02', 'grep', { pattern: 'backoff' }),
      ],
    },
    tool_calls: [
      lcCall('call_01', 'read_file', { path: 'src/retry.ts' }),
      lcCall('call_02', 'grep', { pattern: 'backoff' }),
    ],
    invalid_tool_calls: [],
    usage_metadata: { input_tokens: 812, output_tokens: 41, total_tokens: 853 },
  }),
  lcTool('call_01', 'read_file', long('src/retry.ts'), 'success'),
  lcTool('call_02', 'grep', [{ type: 'text', text: long('src/retry.ts:12') }], 'success'),
  lcMessage('ai', {
    content: 'Running the test.',
    id: 'run-02',
    tool_calls: [lcCall('call_03', 'run_tests', { filter: 'retry' })],
    invalid_tool_calls: [],
  }),
  lcTool('call_03', 'run_tests', 'Error: 1 failed', 'error'),
  lcMessage('ai', {
    content: 'The delay doubles twice; fixing it.',
    id: 'run-03',
    tool_calls: [],
    invalid_tool_calls: [],
  }),
  lcMessage('human', { content: 'Go ahead.', example: false }),
];

/**
 * [V] a Pydantic AI agent run's history as `result.all_messages_json()` dumps it
 * (pydantic/pydantic-ai pydantic_ai_slim/pydantic_ai/messages.py @ 4fda3898: ModelRequest /
 * ModelResponse, parts by part_kind; a retry-prompt answers a call whose arguments failed
 * validation). No dumped history exists in public: this one is ours.
 */
const paAt = '2026-01-05T10:00:00Z';
const pydanticAiMessages = [
  {
    parts: [
      { part_kind: 'system-prompt', content: 'You are a coding agent.', timestamp: paAt, dynamic_ref: null },
      { part_kind: 'user-prompt', content: 'Fix the failing retry test.', timestamp: paAt },
    ],
    kind: 'request',
    instructions: null,
  },
  {
    parts: [
      { part_kind: 'thinking', content: 'Read the code first.', id: null, signature: null },
      { part_kind: 'tool-call', tool_name: 'read_file', args: '{"path": "src/retry.ts"}', tool_call_id: 'call_01' },
      { part_kind: 'tool-call', tool_name: 'grep', args: { pattern: 42 }, tool_call_id: 'call_02' },
    ],
    usage: { input_tokens: 812, output_tokens: 41 },
    model_name: 'gpt-5',
    timestamp: paAt,
    kind: 'response',
    finish_reason: 'tool_call',
  },
  {
    parts: [
      {
        part_kind: 'tool-return',
        tool_name: 'read_file',
        content: long('src/retry.ts'),
        tool_call_id: 'call_01',
        timestamp: paAt,
        outcome: 'success',
      },
      {
        part_kind: 'retry-prompt',
        content: [{ type: 'string_type', loc: ['pattern'], msg: 'Input should be a valid string', input: 42 }],
        tool_name: 'grep',
        tool_call_id: 'call_02',
        timestamp: paAt,
      },
    ],
    kind: 'request',
    instructions: null,
  },
  {
    parts: [{ part_kind: 'tool-call', tool_name: 'run_tests', args: { filter: 'retry' }, tool_call_id: 'call_03' }],
    model_name: 'gpt-5',
    timestamp: paAt,
    kind: 'response',
  },
  {
    parts: [
      {
        part_kind: 'tool-return',
        tool_name: 'run_tests',
        content: { passed: 11, failed: 1, log: long('retry.test.ts') },
        tool_call_id: 'call_03',
        timestamp: paAt,
        outcome: 'failed',
      },
    ],
    kind: 'request',
    instructions: null,
  },
  {
    parts: [{ part_kind: 'text', content: 'The delay doubles twice; fixing it.', id: null }],
    model_name: 'gpt-5',
    timestamp: paAt,
    kind: 'response',
  },
];

/**
 * [V] an OpenAI chat list of the legacy function-calling API (openai-node 6.x completions.d.ts:
 * assistant `function_call: {name, arguments}` (deprecated), `ChatCompletionFunctionMessageParam
 * {role: "function", name, content}`), as pre-tools agents saved it. Ours: none is public.
 */
const legacyFunctionMessages = [
  { role: 'system', content: 'You are a coding agent.' },
  { role: 'user', content: 'Fix the failing retry test.' },
  { role: 'assistant', content: null, function_call: { name: 'read_file', arguments: '{"path": "src/retry.ts"}' } },
  { role: 'function', name: 'read_file', content: long('src/retry.ts') },
  { role: 'assistant', content: 'Running the test.', function_call: { name: 'run_tests', arguments: '{}' } },
  { role: 'function', name: 'run_tests', content: 'Error: 1 failed' },
  {
    role: 'assistant',
    content: null,
    function_call: { name: 'read_file', arguments: '{"path": "test/retry.test.ts"}' },
  },
  { role: 'function', name: 'read_file', content: long('test/retry.test.ts') },
  { role: 'assistant', content: 'The delay doubles twice; fixing it.' },
];

export const OWN_FIXTURES: readonly OwnFixture[] = [
  {
    name: 'anthropic request body',
    format: 'anthropic-messages',
    text: JSON.stringify(anthropicRequest, null, 2) + '\n',
    conversations: 1,
  },
  {
    name: 'anthropic message list',
    format: 'anthropic-messages',
    text: JSON.stringify(anthropicList),
    conversations: 1,
  },
  {
    name: 'responses request body',
    format: 'openai-responses',
    text: JSON.stringify(responsesRequest, null, 2),
    conversations: 1,
  },
  {
    name: 'responses Response object',
    format: 'openai-responses',
    text: JSON.stringify(responseObject),
    conversations: 1,
  },
  { name: 'codex rollout with a compacted line', format: 'codex-rollout', text: CODEX_ROLLOUT, conversations: 1 },
  {
    name: 'codex rollout compacted to a summary',
    format: 'codex-rollout',
    text: CODEX_ROLLOUT_SUMMARY_ONLY,
    conversations: 1,
  },
  {
    name: 'AI SDK ModelMessage list',
    format: 'ai-sdk',
    text: JSON.stringify(aiSdkMessages, null, 2) + '\n',
    conversations: 1,
  },
  {
    name: 'LangChain messages_to_dict list',
    format: 'langchain',
    text: JSON.stringify(langchainMessages, null, 2) + '\n',
    conversations: 1,
  },
  {
    name: 'Pydantic AI message history',
    format: 'pydantic-ai',
    text: JSON.stringify(pydanticAiMessages, null, 2) + '\n',
    conversations: 1,
  },
  {
    name: 'OpenAI chat list with legacy function_call',
    format: 'openai-chat',
    text: JSON.stringify(legacyFunctionMessages, null, 2) + '\n',
    conversations: 1,
  },
  { name: 'ATIF trajectory', format: 'atif', text: ATIF_TEXT, conversations: 1 },
];
