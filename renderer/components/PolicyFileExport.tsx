/** The current policy as a file the command line and the agent's harness apply (docs/policy.md). */
import { POLICY_FILE_NAME, policyFileText } from '../../core/policies/policyFile.js';
import { downloadText } from '../download.js';
import { useAppStore } from '../store/index.js';
import { selectPolicyFile } from '../store/selectors.js';

export function PolicyFileExport() {
  const store = useAppStore();
  return (
    <section aria-labelledby="policy-file-title">
      <h3 id="policy-file-title" className="section-title">
        Policy file
      </h3>
      <p className="hint" id="policy-file-hint">
        These tools, protections and options, and the model they were tuned with, as {POLICY_FILE_NAME}: apply it with{' '}
        <code>compact_context --policy</code>.
      </p>
      <button
        aria-describedby="policy-file-hint"
        onClick={() => downloadText(POLICY_FILE_NAME, policyFileText(selectPolicyFile(store.getState())))}
      >
        Export policy
      </button>
    </section>
  );
}
