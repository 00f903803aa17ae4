/**
 * Encoders (encoders.ts) of the formats first read from ../shared/corpus-next, each writing a
 * generated conversation the way that format's own producer would.
 */
import type { Turn } from './turns.js';

type Enc = (turns: Turn[]) => string;

/**
 * InterCode's eval_react.py: one query, then a thought, an action and an observation per turn.
 * It has no later user turns and no reply without an action, so those are left out; thoughts
 * are empty, since a turn with a thought is only ever exported with its call kept (keepsCall).
 */
export const intercode: Enc = (turns) => {
  const query = turns[0]?.kind === 'user' ? turns[0].text : 'go on';
  const history = { thoughts: [] as string[], actions: [] as string[], observations: [] as string[] };
  const extra = { rewards: [] as number[], valid_action: [] as boolean[] };
  for (const t of turns)
    if (t.kind === 'assistant' && t.calls.length > 0) {
      const c = t.calls[0];
      history.thoughts.push('');
      history.actions.push(`execute[${c.name} ${c.input.path}]`);
      history.observations.push(c.output);
      extra.rewards.push(0);
      extra.valid_action.push(!c.error);
    }
  const episode = {
    environment: 'ic_bash',
    dataset: './data/nl2bash/nl2bash_fs_1.json',
    task_id: 0,
    query,
    turn_history: { ...history, ...extra },
    summary: { max_reward: 0, turns_taken: history.actions.length, turns_max: 10 },
  };
  return JSON.stringify({ '0': episode }, null, 2);
};

/**
 * The pi agent's session JSONL as OpenClaw writes it: a header, then entries chained by
 * `parentId`; an assistant message's `toolCall` blocks, one `toolResult` message per call.
 */
export const openclawSession: Enc = (turns) => {
  const lines: unknown[] = [{ type: 'session', version: 3, id: 's-1', timestamp: 't', cwd: '/w' }];
  let parentId: string | null = null;
  const entry = (message: Record<string, unknown>) => {
    const id = `e${lines.length}`;
    lines.push({ type: 'message', id, parentId, timestamp: 't', message });
    parentId = id;
  };
  turns.forEach((t, i) => {
    if (t.kind === 'user') return entry({ role: 'user', content: t.text, timestamp: 1 });
    const content: unknown[] = t.text ? [{ type: 'text', text: t.text }] : [];
    t.calls.forEach((c, j) =>
      content.push({ type: 'toolCall', id: `call_${i}_${j}`, name: c.name, arguments: c.input }),
    );
    entry({
      role: 'assistant',
      content,
      api: 'anthropic-messages',
      stopReason: t.calls.length > 0 ? 'toolUse' : 'stop',
    });
    t.calls.forEach((c, j) =>
      entry({
        role: 'toolResult',
        toolCallId: `call_${i}_${j}`,
        toolName: c.name,
        content: [{ type: 'text', text: c.output }],
        isError: c.error,
        timestamp: 1,
      }),
    );
  });
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
};

/**
 * smolagents' GAIA run_agents.py: one run a line, each step `str()` of its dataclass. A run has
 * one task and no later user turns; `llm_output` is None, since a step with text is only ever
 * exported with its call kept (keepsCall). Python's repr quoting comes from a JSON round trip
 * of the text, which holds for the generated strings' characters once quotes are escaped.
 */
export const smolagentsGaia: Enc = (turns) => {
  const repr = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  const task = turns[0]?.kind === 'user' ? turns[0].text : 'go on';
  const steps = [
    `SystemPromptStep(system_prompt=${repr('You are an expert assistant.')})`,
    `TaskStep(task=${repr(task)}, task_images=None)`,
  ];
  turns.forEach((t, i) => {
    if (t.kind !== 'assistant' || t.calls.length === 0) return;
    const c = t.calls[0];
    const call = `ToolCall(name=${repr(c.name)}, arguments=${repr(`print(${c.input.path})`)}, id='call_${i}')`;
    const error = c.error ? `AgentExecutionError(${repr('failed')})` : 'None';
    steps.push(
      `ActionStep(agent_memory=None, tool_calls=[${call}], start_time=1.5, end_time=2.5, step_number=${i}, error=${error}, duration=1.0, llm_output=None, observations=${repr(c.output)}, observations_images=None, action_output=None)`,
    );
  });
  const run = { agent_name: 'code_o1', question: task, prediction: 'x', intermediate_steps: steps, agent_error: null };
  return JSON.stringify(run) + '\n';
};
