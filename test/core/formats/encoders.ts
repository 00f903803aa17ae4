/**
 * Generated histories for the writers' property tests: one abstract conversation (turns of
 * user text, assistant text with calls, results with error flags), and an encoder per format
 * that writes it the way that format's own producer would — envelopes, ids, copies and all.
 * One encoder per format (eleven), each a page of shape data rather than logic, kept together
 * so a new format adds one entry beside the others: that is why this file is past ~300 lines.
 */
import fc from 'fast-check';
import type { FormatId } from '../../../core/formats/index.js';
import { FORMAT_IDS } from '../../../core/formats/index.js';
import { intercode, openclawSession, smolagentsGaia } from './encodersNext.js';

import type { Call, Turn } from './turns.js';

export type { Call, Turn };

const textArb = fc
  .array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('é', '😀', '"', '\\', '\n', '漢字', '```')), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));
const outputArb = fc.tuple(textArb, fc.nat({ max: 700 })).map(([t, n]) => `${t}${'x'.repeat(n)}`);
const callArb = fc.record({
  name: fc.constantFrom('read_file', 'grep', 'shell'),
  input: fc.record({ path: fc.stringMatching(/^[a-z/]{1,12}$/) }),
  output: outputArb,
  error: fc.boolean(),
});

/** A conversation that starts with the user; `parallel` allows several calls per assistant turn. */
export function historyArb(parallel: boolean): fc.Arbitrary<Turn[]> {
  const assistant = fc.record({
    kind: fc.constant('assistant' as const),
    text: textArb,
    calls: fc.array(callArb, { minLength: 0, maxLength: parallel ? 3 : 1 }),
  });
  const user = fc.record({ kind: fc.constant('user' as const), text: textArb.map((t) => t || 'go on') });
  return fc
    .tuple(
      user,
      fc.array(fc.oneof({ weight: 3, arbitrary: assistant }, { weight: 1, arbitrary: user }), { maxLength: 8 }),
    )
    .map(([first, rest]) => [first, ...rest]);
}

/** Formats whose calls come one per reply (the encoder writes one call per assistant turn). */
export const ONE_CALL_PER_TURN: ReadonlySet<FormatId> = new Set([
  'mini-swe-agent',
  'swe-agent',
  'openhands',
  'intercode',
  'smolagents-gaia',
]);

type Enc = (turns: Turn[]) => string;
// Native records of many shapes: the encoders build plain JSON, checked by the readers.
type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const calls = (turns: Turn[]) =>
  turns.flatMap((t, i): J[] => (t.kind === 'assistant' ? t.calls.map((c, j) => ({ ...c, id: `call_${i}_${j}` })) : []));
const idOf = (i: number, j: number) => `call_${i}_${j}`;
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

const agentscope: Enc = (turns) =>
  json(
    turns.flatMap((t, i): J[] => {
      if (t.kind === 'user') return [{ id: `u${i}`, role: 'user', content: [{ type: 'text', text: t.text }] }];
      const content = [
        ...(t.text ? [{ type: 'text', text: t.text }] : []),
        ...t.calls.map((c, j) => ({
          type: 'tool_call',
          id: idOf(i, j),
          name: c.name,
          input: JSON.stringify(c.input),
          state: 'finished',
        })),
      ];
      const results = t.calls.map((c, j) => ({
        type: 'tool_result',
        id: idOf(i, j),
        name: c.name,
        output: c.output,
        state: c.error ? 'error' : 'success',
      }));
      return [
        { id: `a${i}`, role: 'assistant', content },
        ...(results.length ? [{ id: `r${i}`, role: 'user', content: results }] : []),
      ];
    }),
  );

const anthropicTurns = (turns: Turn[]) =>
  turns.flatMap((t, i): J[] => {
    if (t.kind === 'user') return [{ role: 'user', content: t.text }];
    const content = [
      ...(t.text ? [{ type: 'text', text: t.text }] : []),
      ...t.calls.map((c, j) => ({ type: 'tool_use', id: idOf(i, j), name: c.name, input: c.input })),
    ];
    const results = t.calls.map((c, j) => ({
      type: 'tool_result',
      tool_use_id: idOf(i, j),
      content: c.output,
      ...(c.error ? { is_error: true } : {}),
    }));
    return [
      { role: 'assistant', content: content.length ? content : [{ type: 'text', text: '…' }] },
      ...(results.length ? [{ role: 'user', content: results }] : []),
    ];
  });

const claudeCode: Enc = (turns) => {
  const lines: unknown[] = [{ type: 'file-history-snapshot', messageId: 'x', snapshot: {}, isSnapshotUpdate: false }];
  let parent: string | null = null;
  let n = 0;
  const env = { sessionId: 's', cwd: '/w', version: '2.0.76', isSidechain: false };
  anthropicTurns(turns).forEach((message: J, k) => {
    const blocks = typeof message.content === 'string' ? [message.content] : message.content;
    // An assistant reply is one line per content block; results are one line each.
    const parts = message.role === 'assistant' || typeof message.content !== 'string' ? blocks : [message.content];
    for (const part of parts) {
      const uuid = `u-${++n}`;
      const content = typeof part === 'string' ? part : [part];
      const inner =
        message.role === 'assistant' ? { id: `msg_${k}`, role: 'assistant', content } : { role: 'user', content };
      lines.push({
        ...env,
        parentUuid: parent,
        type: message.role,
        uuid,
        message: inner,
        ...(message.role === 'user' && typeof part !== 'string' ? { toolUseResult: { raw: true } } : {}),
      });
      parent = uuid;
    }
  });
  lines.push({ ...env, parentUuid: parent, type: 'system', subtype: 'stop_hook_summary', uuid: 'sys', toolUseID: 'x' });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
};

const claudeStreamJson: Enc = (turns) =>
  json([
    { type: 'system', subtype: 'init', session_id: 's', tools: ['Read'] },
    ...anthropicTurns(turns).map((message: J, k) =>
      message.role === 'assistant'
        ? {
            type: 'assistant',
            message: { id: `msg_${k}`, type: 'message', role: 'assistant', ...message },
            session_id: 's',
          }
        : { type: 'user', message: { role: 'user', content: message.content }, session_id: 's' },
    ),
    { type: 'result', result: 'done', session_id: 's' },
  ]);

const chatTurns = (turns: Turn[]) =>
  turns.flatMap((t, i): J[] => {
    if (t.kind === 'user') return [{ role: 'user', content: t.text }];
    const toolCalls = t.calls.map((c, j) => ({
      id: idOf(i, j),
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(c.input) },
    }));
    const results = t.calls.map((c, j) => ({
      role: 'tool',
      tool_call_id: idOf(i, j),
      name: c.name,
      content: c.error ? `Error: ${c.output}` : c.output,
    }));
    return [
      { role: 'assistant', content: t.text || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
      ...results,
    ];
  });

const openaiChat: Enc = (turns) =>
  json([
    { task_id: 0, reward: 0, info: {}, traj: [{ role: 'system', content: 'policy' }, ...chatTurns(turns)], trial: 0 },
  ]);

const functionCall = (c: Call, i: number, j: number): J[] => [
  {
    type: 'function_call',
    id: `fc_${i}_${j}`,
    call_id: idOf(i, j),
    name: c.name,
    arguments: JSON.stringify(c.input),
  },
  { type: 'function_call_output', call_id: idOf(i, j), output: c.error ? `Error: ${c.output}` : c.output },
];

/** The hosted shell tool's items (openai-node v6.49.0 `ResponseFunctionShellToolCall` and its output). */
const hostedShell = (c: Call, i: number, j: number): J[] => [
  {
    type: 'shell_call',
    id: `sh_${i}_${j}`,
    call_id: idOf(i, j),
    action: { commands: [`cat ${c.input.path}`], timeout_ms: null, max_output_length: null },
    status: 'completed',
    environment: { type: 'container_reference', container_id: 'cntr_1' },
  },
  {
    type: 'shell_call_output',
    id: `sho_${i}_${j}`,
    call_id: idOf(i, j),
    output: [{ stdout: c.output, stderr: '', outcome: { type: 'exit', exit_code: c.error ? 1 : 0 } }],
    max_output_length: null,
    status: 'completed',
  },
];

const openaiResponses: Enc = (turns) =>
  json({
    model: 'gpt-5',
    instructions: 'be brief',
    input: turns.flatMap((t, i): J[] => {
      if (t.kind === 'user') return [{ role: 'user', content: [{ type: 'input_text', text: t.text }] }];
      return [
        ...(t.text
          ? [
              {
                type: 'message',
                id: `msg_${i}`,
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: t.text, annotations: [] }],
              },
            ]
          : []),
        ...t.calls.flatMap((c, j) => (c.name === 'shell' ? hostedShell(c, i, j) : functionCall(c, i, j))),
      ];
    }),
  });

const anthropicMessages: Enc = (turns) =>
  json({ model: 'claude', max_tokens: 100, system: 'be brief', messages: anthropicTurns(turns) });

const inspectLog: Enc = (turns) => {
  const messages = turns.flatMap((t, i): J[] => {
    if (t.kind === 'user') return [{ id: `m-u${i}`, role: 'user', content: t.text, source: 'input' }];
    const toolCalls = t.calls.map((c, j) => ({ id: idOf(i, j), function: c.name, arguments: c.input }));
    const results = t.calls.map((c, j) => ({
      id: `m-t${i}-${j}`,
      role: 'tool',
      tool_call_id: idOf(i, j),
      function: c.name,
      content: c.output,
      ...(c.error ? { error: { type: 'unknown', message: 'failed' } } : {}),
    }));
    return [
      { id: `m-a${i}`, role: 'assistant', content: t.text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
      ...results,
    ];
  });
  const events = [
    ...messages.map((_, k) => ({
      event: 'model',
      input: structuredClone(messages.slice(0, k)),
      output: { choices: [{ message: structuredClone(messages[k]) }] },
    })),
    ...calls(turns).map((c) => ({
      event: 'tool',
      type: 'function',
      id: c.id,
      function: c.name,
      arguments: c.input,
      result: c.output,
    })),
  ];
  return json({
    version: 2,
    status: 'success',
    eval: { task: 't' },
    samples: [{ id: 1, epoch: 1, input: 'x', messages, events, attachments: {} }],
  });
};

const openhands: Enc = (turns) => {
  const events: unknown[] = [{ id: 0, source: 'agent', action: 'system', args: { content: 'You are OpenHands' } }];
  let id = 1;
  turns.forEach((t, i) => {
    if (t.kind === 'user' || t.calls.length === 0) {
      events.push({
        id: id++,
        source: t.kind === 'user' ? 'user' : 'agent',
        action: 'message',
        message: t.text,
        args: { content: t.text, image_urls: null, wait_for_response: false },
      });
      events.push({
        id: id++,
        source: 'environment',
        observation: 'agent_state_changed',
        content: '',
        extras: { agent_state: 'running' },
      });
      return;
    }
    t.calls.forEach((c, j) => {
      const action = id++;
      const meta = {
        function_name: c.name,
        tool_call_id: idOf(i, j),
        model_response: {
          choices: [
            {
              message: {
                content: t.text,
                tool_calls: [{ id: idOf(i, j), function: { name: c.name, arguments: JSON.stringify(c.input) } }],
              },
            },
          ],
        },
        total_calls_in_response: 1,
      };
      events.push({
        id: action,
        source: 'agent',
        message: 'Running',
        action: 'run',
        tool_call_metadata: meta,
        args: { command: c.input.path, thought: t.text },
      });
      id += 2; // OpenHands ids have gaps
      events.push({
        id: id++,
        source: 'agent',
        cause: action,
        observation: 'run',
        tool_call_metadata: meta,
        content: c.output,
        extras: { metadata: { exit_code: c.error ? 1 : 0 } },
      });
    });
  });
  return json(events);
};

const sweAgent: Enc = (turns) => {
  const history: unknown[] = [{ role: 'system', content: 'SETTING', agent: 'main', message_type: 'system_prompt' }];
  const trajectory: unknown[] = [];
  turns.forEach((t, i) => {
    if (t.kind === 'user' || t.calls.length === 0)
      return void history.push({ role: t.kind, content: t.text || '…', agent: 'main', message_type: 'observation' });
    const c = t.calls[0];
    const action = `${c.name} ${c.input.path}`;
    history.push({
      role: 'assistant',
      content: t.text,
      thought: t.text,
      action,
      agent: 'main',
      tool_calls: [
        { function: { arguments: JSON.stringify(c.input), name: c.name }, id: idOf(i, 0), type: 'function' },
      ],
      message_type: 'action',
    });
    const observation = c.error ? `Error: ${c.output}` : c.output;
    history.push({
      role: 'tool',
      content: `${observation}\n(Open file: n/a)\nbash-$`,
      agent: 'main',
      tool_call_ids: [idOf(i, 0)],
      message_type: 'observation',
    });
    trajectory.push({ action, observation, response: t.text, thought: t.text, state: '{}' });
  });
  return json({ environment: 'main', trajectory, history, info: { exit_status: 'submitted' } });
};

const miniSweAgent: Enc = (turns) =>
  json({
    info: { exit_status: 'Submitted', mini_version: '1.15.0' },
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      ...turns.flatMap((t): J[] => {
        if (t.kind === 'user' || t.calls.length === 0)
          return [{ role: t.kind, content: t.text.replaceAll('```', '') || 'THOUGHT' }];
        const c = t.calls[0];
        return [
          {
            role: 'assistant',
            content: `THOUGHT: ${t.text.replaceAll('```', '')}\n\n\`\`\`bash\ncat ${c.input.path}\n\`\`\``,
            extra: { response: { id: 'x' } },
          },
          { role: 'user', content: `<returncode>${c.error ? 1 : 0}</returncode>\n<output>\n${c.output}\n</output>` },
        ];
      }),
    ],
    trajectory_format: 'mini-swe-agent-1',
  });

const agentscopeSession: Enc = (turns) => {
  const content = turns.flatMap((t, i): J[] => {
    const msg = (role: string, name: string, blocks: unknown[]) => [
      {
        id: `${role}-${i}-${blocks.length}`,
        name,
        role,
        content: blocks,
        metadata: null,
        timestamp: '2026-01-19 10:00:00.000',
      },
      [],
    ];
    if (t.kind === 'user') return [msg('user', 'user', [{ type: 'text', text: t.text }])];
    const uses = t.calls.map((c, j) => ({ type: 'tool_use', id: idOf(i, j), name: c.name, input: c.input }));
    const results = t.calls.map((c, j) =>
      msg('system', 'system', [
        {
          type: 'tool_result',
          id: idOf(i, j),
          name: c.name,
          output: [{ type: 'text', text: c.error ? `<returncode>1</returncode>${c.output}` : c.output }],
        },
      ]),
    );
    return [msg('assistant', 'Friday', [...(t.text ? [{ type: 'text', text: t.text }] : []), ...uses]), ...results];
  });
  return JSON.stringify({
    agent: { memory: { content }, toolkit: { active_groups: [] }, name: 'Friday', _sys_prompt: 'hi' },
  });
};

/**
 * Gemini CLI (chatRecordingTypes.ts @ 5411f113): the legacy JSON document for an even number
 * of turns; otherwise JSON Lines as the recorder appends them — the metadata line, each reply
 * first recorded without results and then again with them (the later line wins), and a
 * `$set` update.
 */
const geminiCli: Enc = (turns) => {
  const messages = turns.map((t, i): J => {
    const base = { id: `msg-${i}`, timestamp: '2026-01-05T14:00:00.000Z' };
    if (t.kind === 'user') return { ...base, type: 'user', content: t.text };
    return {
      ...base,
      type: 'gemini',
      content: t.text,
      model: 'gemini-2.5-pro',
      thoughts: [{ subject: 'Plan', description: 'read, then answer', timestamp: base.timestamp }],
      toolCalls: t.calls.map((c, j) => ({
        id: idOf(i, j),
        name: c.name,
        args: c.input,
        result: [
          {
            functionResponse: {
              id: idOf(i, j),
              name: c.name,
              response: c.error ? { error: c.output } : { output: c.output },
            },
          },
        ],
        status: c.error ? 'error' : 'success',
        timestamp: base.timestamp,
        displayName: c.name,
      })),
    };
  });
  const meta = { sessionId: 's-1', projectHash: 'abc', startTime: 'x', lastUpdated: 'y' };
  if (turns.length % 2 === 0) return json({ ...meta, messages });
  const lines: J[] = [meta];
  for (const m of messages) {
    if (m.type === 'gemini' && m.toolCalls.length > 0)
      lines.push({ ...m, toolCalls: m.toolCalls.map((c: J) => ({ ...c, result: null, status: 'executing' })) });
    lines.push(m, { $set: { lastUpdated: 'z' } });
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
};

/**
 * Cline SDK session (sdk/packages/shared/src/llms/messages.ts @ 21cb8d25): one user message
 * per result, whose id repeats the call's; `read_file` answers with a `ToolOperationResult[]`,
 * the other tools with a string (`is_error` on failure).
 */
const clineSession: Enc = (turns) => {
  const messages = turns.flatMap((t, i): J[] => {
    const ts = 1783377000000 + i;
    if (t.kind === 'user') return [{ id: `msg_u${i}`, role: 'user', content: [{ type: 'text', text: t.text }], ts }];
    const uses = t.calls.map((c, j) => ({ type: 'tool_use', id: idOf(i, j), name: c.name, input: c.input }));
    const reply = {
      id: `msg_a${i}`,
      role: 'assistant',
      content: [...(t.text || uses.length === 0 ? [{ type: 'text', text: t.text || 'ok' }] : []), ...uses],
      ts,
      modelInfo: { id: 'anthropic/claude-opus-4.8-fast', provider: 'cline' },
    };
    const results = t.calls.map((c, j) => ({
      id: `msg_r${i}_tool_${idOf(i, j)}`,
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: idOf(i, j),
          name: c.name,
          ...(c.name === 'read_file'
            ? { content: [{ query: c.input.path, result: c.output, success: !c.error }] }
            : { content: c.output, ...(c.error ? { is_error: true } : {}) }),
        },
      ],
      ts,
    }));
    return [reply, ...results];
  });
  return json({
    version: 1,
    updated_at: '2026-07-15T05:42:04.818Z',
    agent: 'lead',
    sessionId: 's_1',
    messages,
    system_prompt: 'You are Cline.',
  });
};

/**
 * Codex rollout lines (openai/codex models.rs, replay.rs): the three call kinds Codex records,
 * their error conventions, UI events between items, and a compacted line before the fourth turn.
 */
const codexRollout: Enc = (turns) => {
  const line = (type: string, payload: unknown) =>
    JSON.stringify({ timestamp: '2025-11-02T10:00:00.000Z', type, payload });
  const item = (payload: unknown) => line('response_item', payload);
  const userItem = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  const call = (c: Call, id: string, kind: number): string[] => {
    if (kind === 0)
      return [
        item({ type: 'function_call', name: c.name, arguments: JSON.stringify(c.input), call_id: id }),
        item({
          type: 'function_call_output',
          call_id: id,
          output: JSON.stringify({ output: c.output, metadata: { exit_code: c.error ? 1 : 0 } }),
        }),
      ];
    if (kind === 1)
      return [
        item({ type: 'custom_tool_call', status: 'completed', call_id: id, name: c.name, input: c.input.path }),
        item({ type: 'custom_tool_call_output', call_id: id, output: c.error ? `Error: ${c.output}` : c.output }),
      ];
    return [
      item({
        type: 'local_shell_call',
        call_id: id,
        status: 'completed',
        action: { type: 'exec', command: ['cat', c.input.path] },
      }),
      item({ type: 'function_call_output', call_id: id, output: `Exit code: ${c.error ? 2 : 0}\n${c.output}` }),
    ];
  };
  const lines = [line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.53.0' })];
  turns.forEach((t, i) => {
    if (t.kind === 'user') {
      if (i === 3) lines.push(line('compacted', { message: 'summary', replacement_history: [userItem('summary')] }));
      lines.push(line('turn_context', { cwd: '/w', model: 'gpt-5-codex' }), item(userItem(t.text)));
      return;
    }
    if (t.text)
      lines.push(
        item({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'plan' }], encrypted_content: 'gA' }),
        item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: t.text }] }),
      );
    t.calls.forEach((c, j) => lines.push(...call(c, idOf(i, j), (i + j) % 3)));
    lines.push(line('event_msg', { type: 'token_count', info: null }));
  });
  return lines.join('\n') + '\n';
};

/** AI SDK ModelMessage[] (content-part.ts @ a68a53cd): a reasoning model's replies, results in `tool` messages, typed outputs. */
const aiSdk: Enc = (turns) => {
  // The documented prompt-caching setting of a system message.
  const system = {
    role: 'system',
    content: 'You are a coding agent.',
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
  };
  const rest = turns.flatMap((t, i): J[] => {
    if (t.kind === 'user') return [{ role: 'user', content: [{ type: 'text', text: t.text }] }];
    const calls = t.calls.map((c, j) => ({
      type: 'tool-call',
      toolCallId: idOf(i, j),
      toolName: c.name,
      input: c.input,
    }));
    const reply = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Decide what to read next.' },
        ...(t.text ? [{ type: 'text', text: t.text }] : []),
        ...calls,
      ],
    };
    if (t.calls.length === 0) return [reply];
    const results = t.calls.map((c, j) => ({
      type: 'tool-result',
      toolCallId: idOf(i, j),
      toolName: c.name,
      output: c.error
        ? { type: 'error-text', value: c.output }
        : j % 2 === 0
          ? { type: 'text', value: c.output }
          : { type: 'content', value: [{ type: 'text', text: c.output }] },
    }));
    return [reply, { role: 'tool', content: results }];
  });
  return json([system, ...rest]);
};

/** LangChain messages_to_dict (@langchain/core 1.4.0 base.d.ts, tool.d.ts): OpenAI's raw copy of the calls kept in additional_kwargs. */
const langchain: Enc = (turns) => {
  const stored = (type: string, data: J) => ({
    type,
    data: { additional_kwargs: {}, response_metadata: {}, type, name: null, id: null, ...data },
  });
  const rest = turns.flatMap((t, i): J[] => {
    if (t.kind === 'user') return [stored('human', { content: t.text, example: false })];
    const calls = t.calls.map((c, j) => ({ name: c.name, args: c.input, id: idOf(i, j), type: 'tool_call' }));
    const raw = t.calls.map((c, j) => ({
      id: idOf(i, j),
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(c.input) },
    }));
    const reply = stored('ai', {
      content: t.text,
      additional_kwargs: raw.length > 0 ? { tool_calls: raw } : {},
      tool_calls: calls,
      invalid_tool_calls: [],
      usage_metadata: null,
    });
    const results = t.calls.map((c, j) =>
      stored('tool', {
        content: j % 2 === 0 ? c.output : [{ type: 'text', text: c.output }],
        name: c.name,
        tool_call_id: idOf(i, j),
        artifact: null,
        status: c.error ? 'error' : 'success',
      }),
    );
    return [reply, ...results];
  });
  return json([stored('system', { content: 'You are a coding agent.' }), ...rest]);
};

/** Pydantic AI ModelMessagesTypeAdapter dump (messages.py @ 4fda3898): args as JSON text, failed outcomes, a retry-prompt for every other error. */
const pydanticAi: Enc = (turns) => {
  const at = '2026-01-05T10:00:00Z';
  const system = { part_kind: 'system-prompt', content: 'You are a coding agent.', timestamp: at, dynamic_ref: null };
  let pendingReturns: J[] = [];
  const out: J[] = [];
  turns.forEach((t, i) => {
    if (t.kind === 'user') {
      const first = out.length === 0 ? [system] : [];
      out.push({
        parts: [...first, ...pendingReturns, { part_kind: 'user-prompt', content: t.text, timestamp: at }],
        kind: 'request',
        instructions: null,
      });
      pendingReturns = [];
      return;
    }
    if (pendingReturns.length > 0) out.push({ parts: pendingReturns, kind: 'request', instructions: null });
    out.push({
      parts: [
        ...(t.text ? [{ part_kind: 'text', content: t.text, id: null }] : []),
        ...t.calls.map((c, j) => ({
          part_kind: 'tool-call',
          tool_name: c.name,
          args: j % 2 === 0 ? JSON.stringify(c.input) : c.input,
          tool_call_id: idOf(i, j),
        })),
      ],
      usage: { input_tokens: 100, output_tokens: 20 },
      model_name: 'gpt-5',
      timestamp: at,
      kind: 'response',
      finish_reason: t.calls.length > 0 ? 'tool_call' : 'stop',
    });
    pendingReturns = t.calls.map((c, j) =>
      c.error && j % 2 === 1
        ? { part_kind: 'retry-prompt', content: c.output, tool_name: c.name, tool_call_id: idOf(i, j), timestamp: at }
        : {
            part_kind: 'tool-return',
            tool_name: c.name,
            content: c.output,
            tool_call_id: idOf(i, j),
            timestamp: at,
            outcome: c.error ? 'failed' : 'success',
          },
    );
  });
  if (pendingReturns.length > 0) out.push({ parts: pendingReturns, kind: 'request', instructions: null });
  return json(out);
};

/**
 * ATIF trajectories as Harbor writes them (RFC 0001, ATIF-v1.7): steps numbered from 1, an agent
 * step's reasoning, message, tool_calls and their observation in the same step, metrics.
 */
const atif: Enc = (turns) =>
  json({
    schema_version: 'ATIF-v1.7',
    session_id: 'run-1',
    trajectory_id: 'traj-1',
    agent: { name: 'terminus-2', version: '2.0.0', model_name: 'gpt-5' },
    steps: turns.map((t, i): J => {
      const base = { step_id: i + 1, timestamp: '2026-10-01T10:00:00Z' };
      if (t.kind === 'user') return { ...base, source: 'user', message: t.text };
      const calls = t.calls.map((c, j) => ({ tool_call_id: idOf(i, j), function_name: c.name, arguments: c.input }));
      const results = t.calls.map((c, j) => ({
        source_call_id: idOf(i, j),
        content: j % 2 === 0 ? (c.error ? `Error: ${c.output}` : c.output) : [{ type: 'text', text: c.output }],
      }));
      return {
        ...base,
        source: 'agent',
        message: t.text,
        reasoning_content: 'Decide what to run next.',
        ...(calls.length > 0 ? { tool_calls: calls, observation: { results } } : {}),
        metrics: { prompt_tokens: 100 * (i + 1), completion_tokens: 20 },
      };
    }),
    final_metrics: { total_steps: turns.length },
  });

/** Formats written as text; `inspect-eval` is a ZIP of inspect-log's samples (inspectEval*.test.ts). */
export type TextFormatId = Exclude<FormatId, 'inspect-eval'>;
export const TEXT_FORMAT_IDS = FORMAT_IDS.filter((id): id is TextFormatId => id !== 'inspect-eval');

export const ENCODERS: Record<TextFormatId, Enc> = {
  agentscope,
  'agentscope-session': agentscopeSession,
  'claude-code': claudeCode,
  'claude-stream-json': claudeStreamJson,
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  'anthropic-messages': anthropicMessages,
  'inspect-log': inspectLog,
  openhands,
  'swe-agent': sweAgent,
  'mini-swe-agent': miniSweAgent,
  'gemini-cli': geminiCli,
  'cline-session': clineSession,
  'codex-rollout': codexRollout,
  'ai-sdk': aiSdk,
  langchain,
  'pydantic-ai': pydanticAi,
  atif,
  intercode,
  'openclaw-session': openclawSession,
  'smolagents-gaia': smolagentsGaia,
};
