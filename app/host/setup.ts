/**
 * What both hosts need to serve the API: configuration from the environment (app/config.ts),
 * the backend the renderer picked, the bundled example, and the version.
 */
import type { BackendChoice, Example, HostInfo } from '../../core/ipc/contract.js';
import { sameBaseUrl } from '../../core/ipc/contract.js';
import { createDefaultRegistry } from '../../core/engine/backends.js';
import type { BackendRegistry } from '../../core/engine/registry.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { paymentRetryScenario } from '../../core/examples/paymentRetry.js';
import type { Config } from '../config.js';
import { ConfigError, createDecisionModel, loadConfig } from '../config.js';
import type { Admission } from './admission.js';
import { createAdmission } from './admission.js';
import { HostApiError } from './errors.js';
import { hostHeapBudgetBytes } from './heap-budget.js';
import type { Handlers } from './api.js';
import { createHandlers } from './api.js';
import { osUser } from './exportFiles.js';
import type { ModelFactory } from './runs.js';
import { RunManager } from './runs.js';
import { WorkspaceManager } from './workspaces.js';
import { packageVersion } from './version.js';
import { signAuditRecord, signerKeyOf } from '../signing/auditSignature.js';
import { hostSigningKey } from '../signing/hostKey.js';
import type { SigningKey } from '../signing/sshKey.js';
import { cliLauncher } from './launcher.js';
import { ApprovalQueue, approvalQueueDir } from './approvals.js';

/** The payment-retry scenario as a file, with its ready goal, allowlist and protections. */
export function bundledExample(): Example {
  const s = paymentRetryScenario();
  return {
    fileName: `${s.name}.json`,
    text: JSON.stringify(s.messages, null, 2) + '\n',
    goal: s.goal,
    eligible_tool_names: s.eligible_tool_names,
    protected_message_ids: s.protected_message_ids,
    protected_call_ids: s.protected_call_ids,
    tools: s.tools,
    options: s.options as Record<string, number>,
  };
}

export interface HostSetup {
  handlers: Handlers;
  runs: RunManager;
  workspaces: WorkspaceManager;
  config: Config;
  /** The process's one heap budget: `/compact_context`, run.start and kept outcomes hold from it. */
  admission: Admission;
  /** The key that signs exports' audit records (COMPACTION_INSPECTOR_SIGN_KEY); null when none is configured. */
  signingKey: SigningKey | null;
  /** The approved policy `POST /compact_context` lays under each request (`serve --policy`); null without one. */
  policy: PolicyFile | null;
}

/**
 * `apiKey` overrides the environment's key (Electron's stored key); the renderer's choice
 * overrides backend name, model and base URL, never the key.
 */
export function setupHost(
  host: HostInfo['host'],
  options: {
    env?: Record<string, string | undefined>;
    cwd?: string;
    apiKey?: () => string | null;
    extra?: Partial<Handlers>;
    /** The backends runs may choose from (default: offline, scripted, openai). */
    registry?: BackendRegistry;
    /** Heap bytes all runs in flight and kept outcomes may hold together (default: the heap limit less the idle host, heap-budget.ts). */
    heapBudgetBytes?: number;
    /** `POST /compact_context` compactions running at once; more wait in a queue (default 4). */
    maxConcurrentCompactions?: number;
    /** An approved policy (docs/policy.md): under `POST /compact_context` requests, its model where the environment names none. */
    policy?: PolicyFile;
    /** The approval queue's folder (default: approvalQueueDir of the environment). */
    queueDir?: string;
  } = {},
): HostSetup {
  const config = loadConfig({ env: options.env, cwd: options.cwd, defaults: options.policy?.decision_model });
  const signingKey = hostSigningKey(options.env ?? process.env, options.cwd ?? process.cwd());
  const registry = options.registry ?? createDefaultRegistry();
  const keyOf = () => options.apiKey?.() ?? config.settings.apiKey;
  const createModel: ModelFactory = (choice: BackendChoice, enteredKey?: string) => {
    const baseUrl = choice.baseUrl?.trim() || config.settings.baseUrl;
    const stored = keyOf();
    // The stored key goes only to the base URL it was configured with; any other URL (picked
    // in the UI or by any token holder) gets the key entered for it, or none.
    const configuredUrl = sameBaseUrl(choice.baseUrl, config.settings.baseUrl);
    const entered = enteredKey?.trim() ? enteredKey : null;
    const apiKey = entered ?? (configuredUrl ? stored : null);
    const chosen: Config = {
      ...config,
      backend: choice.name,
      settings: { ...config.settings, apiKey, model: choice.model?.trim() || config.settings.model, baseUrl },
    };
    try {
      return { model: createDecisionModel(chosen, registry), settings: config.request };
    } catch (error) {
      if (!(error instanceof ConfigError) || apiKey !== null || stored === null) throw error;
      throw new HostApiError(
        'invalid_input',
        `the stored API key is sent only to its configured base URL (${config.settings.baseUrl ?? "the provider's default"}); enter the key for ${baseUrl} to use it`,
      );
    }
  };
  const admission = createAdmission({
    concurrency: options.maxConcurrentCompactions ?? 4,
    budgetBytes: options.heapBudgetBytes ?? hostHeapBudgetBytes(),
  });
  const runs = new RunManager(createModel, admission);
  const workspaces = new WorkspaceManager(createModel, admission);
  const info = (): HostInfo => ({
    host,
    version: packageVersion(),
    // `scripted` needs a script file from the environment; offer it only when configured.
    backends: registry.names().filter((n) => n !== 'scripted' || config.backend === 'scripted'),
    backend: {
      name: config.backend,
      model: config.settings.model ?? undefined,
      baseUrl: config.settings.baseUrl ?? undefined,
    },
    apiKeySet: Boolean(keyOf()),
    apiKeyEditable: host === 'electron',
    osUser: osUser(),
    signer: signingKey && signerKeyOf(signingKey),
    cliLauncher: cliLauncher(host),
  });
  // The record is signed as sent: what it claims is the inspector's, on the person's approval;
  // its hashes bind the files, which `verify` checks against it.
  const sign = signingKey && ((text: string) => signAuditRecord(text, signingKey));
  const approvals = new ApprovalQueue(options.queueDir ?? approvalQueueDir(options.env ?? process.env));
  const handlers = createHandlers({
    info,
    example: bundledExample,
    runs,
    workspaces,
    approvals,
    sign,
    extra: options.extra,
  });
  return { handlers, runs, workspaces, config, admission, signingKey, policy: options.policy ?? null };
}
