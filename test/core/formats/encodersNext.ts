/**
 * Encoders (encoders.ts) of the formats first read from ../shared/corpus-next, each writing a
 * generated conversation the way that format's own producer would.
 */
import type { Turn } from './encoders.js';

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
