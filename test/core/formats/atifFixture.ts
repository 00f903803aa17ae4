/**
 * An ATIF trajectory of our own, since ../shared/formats holds no ATIF file yet. Written from
 * Harbor's RFC 0001 (harbor-framework/harbor rfcs/0001-trajectory-format.md, ATIF-v1.7, read
 * through its mirror OpenAgentsInc/openagents docs/atif/0001-trajectory-format.md @ d39efb6f and
 * the v1.7 changelog in NVIDIA/NeMo-Flow#66): root `{schema_version, session_id?,
 * trajectory_id, agent: {name, version, model_name?}, steps, final_metrics?,
 * subagent_trajectories?}`; steps numbered from 1 with `source` system | user | agent; an agent
 * step's `tool_calls: [{tool_call_id, function_name, arguments}]` answered in its own
 * `observation.results: [{source_call_id, content}]`, `content` a string or ContentPart list; a
 * result without `source_call_id` for an action that is no tool call; `subagent_trajectory_ref`.
 */

const long = (label: string) => `${label}\n${'drwxr-xr-x 2 root root 4096 src\n'.repeat(30)}`;

export const ATIF_TRAJECTORY = {
  schema_version: 'ATIF-v1.7',
  session_id: 'run-7f3a',
  trajectory_id: 'traj-main',
  agent: { name: 'terminus-2', version: '2.0.0', model_name: 'gpt-5' },
  steps: [
    { step_id: 1, timestamp: '2026-10-01T10:00:00Z', source: 'system', message: 'You are a terminal agent.' },
    { step_id: 2, timestamp: '2026-10-01T10:00:01Z', source: 'user', message: 'Create hello.txt and list the repo.' },
    {
      step_id: 3,
      timestamp: '2026-10-01T10:00:04Z',
      source: 'agent',
      model_name: 'gpt-5',
      message: 'Listing first.',
      reasoning_content: 'I need to see the tree before writing.',
      tool_calls: [
        { tool_call_id: 'call_ls', function_name: 'bash', arguments: { command: 'ls -la' } },
        { tool_call_id: 'call_cat', function_name: 'bash', arguments: { command: 'cat missing.txt' } },
      ],
      observation: {
        results: [
          { source_call_id: 'call_ls', content: long('total 48') },
          { source_call_id: 'call_cat', content: 'Error: cat: missing.txt: No such file or directory' },
        ],
      },
      metrics: { prompt_tokens: 520, completion_tokens: 80, cached_tokens: 200 },
    },
    {
      step_id: 4,
      timestamp: '2026-10-01T10:00:09Z',
      source: 'agent',
      message: '',
      tool_calls: [
        { tool_call_id: 'call_write', function_name: 'bash', arguments: { command: "echo 'Hello' > hello.txt" } },
        { tool_call_id: 'call_sub', function_name: 'delegate', arguments: { task: 'review' } },
      ],
      observation: {
        results: [
          { source_call_id: 'call_write', content: [{ type: 'text', text: long('written') }] },
          {
            source_call_id: 'call_sub',
            content: 'The reviewer found nothing.',
            subagent_trajectory_ref: [{ trajectory_id: 'traj-review', session_id: 'run-7f3a' }],
          },
        ],
      },
      metrics: { prompt_tokens: 700, completion_tokens: 40 },
    },
    {
      step_id: 5,
      timestamp: '2026-10-01T10:00:10Z',
      source: 'system',
      message: 'Context checkpoint.',
      observation: { results: [{ content: 'checkpoint saved' }] },
    },
    { step_id: 6, timestamp: '2026-10-01T10:00:12Z', source: 'agent', message: 'Done: hello.txt exists.' },
  ],
  final_metrics: { total_prompt_tokens: 1220, total_completion_tokens: 120, total_steps: 6 },
  subagent_trajectories: [
    {
      schema_version: 'ATIF-v1.7',
      trajectory_id: 'traj-review',
      agent: { name: 'reviewer', version: '1.0.0' },
      steps: [{ step_id: 1, source: 'user', message: 'review' }],
    },
  ],
};

export const ATIF_TEXT = JSON.stringify(ATIF_TRAJECTORY, null, 2) + '\n';
