/**
 * SPEC §9 "Target checks": every rule reports its id and the place that breaks it, on files
 * broken on purpose; the real files of ../shared/formats pass every rule their target applies,
 * except the breaks listed here, which are the files' own.
 */
import { describe, expect, it } from 'vitest';
import { inspectSource, openSource } from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import type { Violation } from '../../../core/formats/targets/index.js';
import { FIXTURES, FORMATS_DIR, fixtureText } from './support.js';
import { sharedSkipReason } from '../../support/shared.js';

function violations(text: string, format: string, conversation?: string): Violation[] {
  const opened = openSource(text, { format, conversation });
  return runTargetChecks({ doc: opened.doc, read: opened.read }).flatMap((r) => r.violations);
}
const rules = (list: Violation[]) => [...new Set(list.map((v) => v.rule))].sort();

const toolUse = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: '/a' } });
const toolResult = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'x' });

describe('Anthropic Messages rules', () => {
  it('anthropic.tool_result_first: a text block before the tool_result of the next user turn', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [toolUse('t1')] },
      { role: 'user', content: [{ type: 'text', text: 'note' }, toolResult('t1')] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ];
    const found = violations(JSON.stringify({ model: 'claude', messages }), 'anthropic-messages');
    expect(rules(found)).toEqual(['anthropic.tool_result_first']);
    expect(found[0].place).toMatchObject({ message: 2, path: '$.messages[2]' });
  });

  it('anthropic.tool_use_answered and anthropic.tool_result_has_call: a result one turn late', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [toolUse('t1')] },
      { role: 'user', content: 'wait' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: [toolResult('t1')] },
    ];
    expect(rules(violations(JSON.stringify({ model: 'claude', messages }), 'anthropic-messages'))).toEqual([
      'anthropic.tool_result_has_call',
      'anthropic.tool_use_answered',
    ]);
  });

  it('anthropic.server_tool_pairs: a web_search_tool_result without its server_tool_use', () => {
    const messages = [
      { role: 'user', content: 'search' },
      { role: 'assistant', content: [toolUse('t1')] },
      { role: 'user', content: [toolResult('t1')] },
      {
        role: 'assistant',
        content: [
          { type: 'web_search_tool_result', tool_use_id: 'srv1', content: [] },
          { type: 'text', text: 'found' },
        ],
      },
      { role: 'user', content: 'thanks' },
    ];
    expect(rules(violations(JSON.stringify({ model: 'claude', messages }), 'anthropic-messages'))).toEqual([
      'anthropic.server_tool_pairs',
    ]);
  });
});

describe('OpenAI rules', () => {
  it('chat.tool_answers_call and chat.call_answered', () => {
    const call = { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } };
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'user', content: 'interrupting' },
      { role: 'tool', tool_call_id: 'a', content: 'late' },
      { role: 'assistant', content: 'done' },
    ];
    const found = violations(JSON.stringify(messages), 'openai-chat');
    expect(rules(found)).toEqual(['chat.call_answered', 'chat.tool_answers_call']);
    expect(found.find((v) => v.rule === 'chat.tool_answers_call')?.place.path).toBe('$[3]');
  });

  it('responses.reasoning_followed and responses.output_has_call', () => {
    const items = [
      { role: 'user', content: 'go' },
      { type: 'reasoning', id: 'rs_1', summary: [] },
      { type: 'function_call_output', call_id: 'c1', output: 'x' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] },
    ];
    expect(rules(violations(JSON.stringify(items), 'openai-responses'))).toEqual([
      'responses.output_has_call',
      'responses.reasoning_followed',
    ]);
  });
});

describe('tool rules', () => {
  const traj = (history: unknown[], trajectory: unknown[]) =>
    JSON.stringify({ environment: 'e', history, trajectory, info: {} });

  it('swe-agent.inspector_action and swe-agent.steps_follow_history', () => {
    const history = [
      { role: 'system', content: 's' },
      { role: 'assistant', content: 'look', thought: 'look', action: 'ls' },
      { role: 'user', content: 'a b' },
      { role: 'assistant', content: 'then', thought: 'then' },
      { role: 'user', content: 'c' },
    ];
    const found = violations(traj(history, [{ action: 'cat a', observation: 'x' }]), 'swe-agent');
    expect(rules(found)).toEqual(['swe-agent.inspector_action', 'swe-agent.steps_follow_history']);
    expect(found.find((v) => v.rule === 'swe-agent.inspector_action')?.place.path).toBe('$.history[3]');
  });

  it('swe-agent.replay_tool_calls: an assistant item without tool_calls in a function-calling trajectory', () => {
    const call = { id: 'a', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } };
    const history = [
      { role: 'assistant', content: 'x', action: 'ls', tool_calls: [call] },
      { role: 'tool', content: 'a', tool_call_ids: ['a'] },
      { role: 'assistant', content: 'y', action: 'submit' },
    ];
    expect(rules(violations(traj(history, [{ action: 'ls' }, { action: 'submit' }]), 'swe-agent'))).toEqual([
      'swe-agent.replay_tool_calls',
    ]);
  });

  it('mini-swe-agent.one_action and mini-swe-agent.alternation', () => {
    const messages = [
      { role: 'system', content: 's' },
      { role: 'user', content: 'task' },
      { role: 'assistant', content: 'thinking only' },
      { role: 'assistant', content: 'run\n```bash\nls\n```' },
      { role: 'user', content: '<returncode>0</returncode>\n<output>a</output>' },
    ];
    const text = JSON.stringify({ info: { mini_version: '1.9.1' }, messages, trajectory_format: 'mini-swe-agent-1' });
    expect(rules(violations(text, 'mini-swe-agent'))).toEqual([
      'mini-swe-agent.alternation',
      'mini-swe-agent.one_action',
    ]);
  });

  it('AgentScope 2.x: results in a later user message, no name, a bare string', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { name: 'a', role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'f', input: '{}' }] },
      { name: 'u', role: 'user', content: [{ type: 'tool_result', id: 'c', output: 'x' }] },
    ];
    expect(rules(violations(JSON.stringify(messages), 'agentscope'))).toEqual([
      'agentscope2.content_list',
      'agentscope2.name',
      'agentscope2.tool_result_fields',
      'agentscope2.user_blocks',
    ]);
  });
});

describe('rules checked against the source of an export', () => {
  it('anthropic.thinking_unmodified: the latest turn, using tools, loses a thinking block', () => {
    const thinking = { type: 'thinking', thinking: 'plan', signature: 'sig' };
    const body = (latest: unknown[]) =>
      JSON.stringify({
        model: 'claude',
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: [toolUse('t1')] },
          { role: 'user', content: [toolResult('t1')] },
          { role: 'assistant', content: latest },
        ],
      });
    const source = openSource(body([thinking, toolUse('t2')]), { format: 'anthropic-messages' });
    const edited = judgeExport(source, body([{ ...thinking, thinking: 'plan, edited' }, toolUse('t2')]));
    expect(edited.refused.map((v) => v.rule)).toEqual(['anthropic.thinking_unmodified']);
    expect(judgeExport(source, body([thinking, toolUse('t2')])).refused).toEqual([]);
  });

  it('responses.call_keeps_reasoning: a function_call whose reasoning item is gone', () => {
    const items = (withReasoning: boolean) =>
      JSON.stringify([
        { role: 'user', content: 'go' },
        ...(withReasoning ? [{ type: 'reasoning', id: 'rs_1', summary: [] }] : []),
        { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'x' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] },
      ]);
    const source = openSource(items(true), { format: 'openai-responses' });
    expect(judgeExport(source, items(false)).refused.map((v) => v.rule)).toEqual(['responses.call_keeps_reasoning']);
  });
});

describe.skipIf(!FORMATS_DIR)('OpenHands rules', () => {
  it('openhands.cause_exists on a real run broken on purpose', () => {
    const fixture = FIXTURES.find((f) => f.file.endsWith('runtime-trajs-basic_gui_mode.json'));
    const events = JSON.parse(fixtureText(fixture as (typeof FIXTURES)[number])) as Array<Record<string, unknown>>;
    const observation = events.findIndex((e) => typeof e.observation === 'string' && typeof e.cause === 'number');
    events[observation] = { ...events[observation], cause: 99_999 };
    const found = violations(JSON.stringify(events), 'openhands');
    expect(rules(found)).toEqual(['openhands.cause_exists']);
    expect(found.find((v) => v.rule === 'openhands.cause_exists')?.place.path).toBe(`$[${observation}]`);
  });
});

const realFile = (name: string) => {
  const fixture = FIXTURES.find((f) => f.file.endsWith(name));
  return JSON.parse(fixtureText(fixture as (typeof FIXTURES)[number])) as Record<string, unknown>;
};

describe.skipIf(!FORMATS_DIR)('AgentScope 1.x session load and Inspect read_eval_log rules', () => {
  it('agentscope-session.msg_fields, msg_content and msg_role on a real session broken on purpose', () => {
    const session = realFile('a2ui-agent-session-2026-01-26.json');
    const content = (session.agent as { memory: { content: Array<Array<Record<string, unknown>>> } }).memory.content;
    delete content[0][0].name;
    content[1][0].role = 'tool';
    content[2][0].content = 7;
    const found = violations(JSON.stringify(session), 'agentscope-session');
    expect(rules(found)).toEqual([
      'agentscope-session.msg_content',
      'agentscope-session.msg_fields',
      'agentscope-session.msg_role',
    ]);
    expect(found.find((v) => v.rule === 'agentscope-session.msg_fields')?.place.path).toBe(
      '$.agent.memory.content[0][0]',
    );
  });

  it('inspect.tool_error, content_type and tool_call_fields on a real log broken on purpose', () => {
    const log = realFile('2025-05-12T20-27-36-04-00_browser.json');
    const messages = (log.samples as Array<{ messages: Array<Record<string, unknown>> }>)[0].messages;
    const tool = messages.findIndex((m) => m.role === 'tool');
    messages[tool].error = { type: 'crashed', message: 'boom' };
    const user = messages.findIndex((m) => m.role === 'user');
    messages[user].content = [{ type: 'image_url', image_url: 'x' }];
    const assistant = messages.findIndex((m) => Array.isArray(m.tool_calls) && m.tool_calls.length > 0);
    delete (messages[assistant].tool_calls as Array<Record<string, unknown>>)[0].function;
    const found = violations(JSON.stringify(log), 'inspect-log', '1').filter((v) => v.rule.startsWith('inspect.'));
    expect(rules(found)).toEqual(['inspect.content_type', 'inspect.tool_call_fields', 'inspect.tool_error']);
    expect(found.find((v) => v.rule === 'inspect.tool_error')?.place.path).toBe(`$.samples[0].messages[${tool}]`);
  });
});

/** The real files' own breaks: what their sources already do (an export keeps them with a warning). */
const OWN_BREAKS: Record<string, string[]> = {
  // A unit-test log of Inspect: its sample holds tool messages only, with no assistant call.
  'inspect-ai-eval-log/log_tool_call_error.json': ['chat.tool_answers_call'],
};

describe.skipIf(!FORMATS_DIR)(`real files pass their targets ${FORMATS_DIR ? '' : sharedSkipReason('formats')}`, () => {
  for (const fixture of FIXTURES)
    it(fixture.file, () => {
      const text = fixtureText(fixture);
      const [first] = inspectSource(text, fixture.format).conversations;
      expect(rules(violations(text, fixture.format, first.key))).toEqual(OWN_BREAKS[fixture.file] ?? []);
    });
});
