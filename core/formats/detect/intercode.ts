/**
 * Detection of `intercode`: an InterCode results file, `{<task index>: episode}`, each episode
 * `{environment, query, turn_history: {thoughts, actions, observations, rewards, valid_action},
 * summary}` as experiments/eval_react.py writes it (princeton-nlp/intercode @ c3e46d82:
 * `turn_history` appended once per turn, then `json.dump(self.log_data, fp, indent=2)`). The
 * reader and writer are adapters/intercode.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { ConversationInfo, Detection, FormatInfo, SourceText } from '../types.js';

/** The five lists eval_react.py appends to on every turn, in its order. */
export const TURN_LISTS = ['thoughts', 'actions', 'observations', 'rewards', 'valid_action'] as const;

export interface Episode {
  environment?: unknown;
  query?: unknown;
  task_id?: unknown;
  turn_history: Record<(typeof TURN_LISTS)[number], unknown[]>;
}

export function isEpisode(value: unknown): value is Episode {
  if (!isRecord(value) || typeof value.query !== 'string' || !isRecord(value.turn_history)) return false;
  const history = value.turn_history;
  return Array.isArray(history.actions) && Array.isArray(history.observations) && Array.isArray(history.thoughts);
}

/** The episodes by key, in file order (other keys are kept, not read), or null when there are none. */
export function episodesOf(doc: SourceText): Array<[string, Episode]> | null {
  if (doc.kind !== 'json' || !isRecord(doc.value)) return null;
  const episodes = Object.entries(doc.value).filter((entry): entry is [string, Episode] => isEpisode(entry[1]));
  return episodes.length > 0 ? episodes : null;
}

export function episodeInfo([key, episode]: [string, Episode]): ConversationInfo {
  const query = String(episode.query);
  return { key, label: `task ${key}: ${query.length > 60 ? `${query.slice(0, 60)}…` : query}` };
}

function detect(doc: SourceText): Detection | null {
  const episodes = episodesOf(doc);
  if (!episodes) return null;
  const turns = episodes.reduce((n, [, e]) => n + e.turn_history.actions.length, 0);
  const environment = String(episodes[0][1].environment ?? 'unknown');
  return {
    format: 'intercode',
    confidence: 0.95,
    reason: `${episodes.length} InterCode episodes (${environment}) with turn_history thoughts/actions/observations; ${turns} turns`,
  };
}

export const intercodeInfo: FormatInfo = {
  id: 'intercode',
  name: 'InterCode results (eval_react.py)',
  reads:
    'results JSON of episodes keyed by task: the query, then each turn’s thought and action, answered by its observation',
  patterns: ['data/results/<env>/<model>/ic_<env>_react_<n>_turns*.json'],
  detect,
};
