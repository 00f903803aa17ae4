/** An action as the tables show it (Decisions, both Compare views): a badge coloured by the action. */
import type { Action } from '../../core/engine/schema.js';

export function ActionBadge({ action }: { action: Action }) {
  return <span className={`badge action ${action}`}>{action}</span>;
}
