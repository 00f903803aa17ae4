/**
 * The two long example histories from the source's integration scenarios, as deterministic
 * builders: each call returns fresh objects, so callers may freeze or edit them.
 */
import type { Scenario } from './history.js';
import { paymentRetryScenario } from './paymentRetry.js';
import { replicationIncidentScenario } from './replicationIncident.js';

export type { Scenario } from './history.js';
export { paymentRetryScenario } from './paymentRetry.js';
export { replicationIncidentScenario } from './replicationIncident.js';

export const SCENARIOS: Readonly<Record<string, () => Scenario>> = {
  'payment-retry': paymentRetryScenario,
  'replication-incident': replicationIncidentScenario,
};

/** The request part of a scenario, ready for `compactContext`. */
export function scenarioRequest(scenario: Scenario) {
  const { messages, goal, eligible_tool_names, protected_message_ids, protected_call_ids, tools, options } = scenario;
  return { messages, goal, eligible_tool_names, protected_message_ids, protected_call_ids, tools, options };
}
