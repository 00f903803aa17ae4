/**
 * The current policy as `compaction-policy.json` (docs/policy.md): the tools, protections and
 * options a run is asked with, and the model whose probabilities the threshold was tuned on.
 * What Export policy writes and what an export's audit record names by hash.
 */
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { policyFileOf } from '../../core/policies/policyFile.js';
import type { PolicySlice } from './policy.js';
import type { ProposalSlice } from './proposal.js';

export type PolicyFileState = Pick<
  PolicySlice,
  'eligible' | 'protectedMessageIds' | 'protectedCallIds' | 'options' | 'backend'
> &
  Pick<ProposalSlice, 'proposal'>;

export function policyFileOfState(s: PolicyFileState): PolicyFile {
  const outcome = s.proposal?.outcome;
  const promptVersion = (outcome?.stats as { prompt_version?: string } | undefined)?.prompt_version;
  const model = outcome ? outcome.model : (s.backend.model ?? null);
  return policyFileOf({
    eligible_tool_names: s.eligible,
    protected_message_ids: s.protectedMessageIds,
    protected_call_ids: s.protectedCallIds,
    options: s.options,
    decision_model: {
      backend: outcome?.backend ?? s.backend.name,
      ...(model ? { model } : {}),
      ...(promptVersion ? { prompt_version: promptVersion } : {}),
    },
  });
}
