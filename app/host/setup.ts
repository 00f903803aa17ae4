/**
 * What both hosts need to serve the API: configuration from the environment (app/config.ts),
 * the backend the renderer picked, the bundled example, and the version.
 */
import type { BackendChoice, Example, HostInfo } from '../../core/ipc/contract.js';
import { createDefaultRegistry } from '../../core/engine/backends.js';
import type { BackendRegistry } from '../../core/engine/registry.js';
import { paymentRetryScenario } from '../../core/examples/paymentRetry.js';
import type { Config } from '../config.js';
import { createDecisionModel, loadConfig } from '../config.js';
import type { Handlers } from './api.js';
import { createHandlers } from './api.js';
import { osUser } from './exportFiles.js';
import type { ModelFactory } from './runs.js';
import { RunManager } from './runs.js';
import { packageVersion } from './version.js';

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
  config: Config;
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
  } = {},
): HostSetup {
  const config = loadConfig({ env: options.env, cwd: options.cwd });
  const registry = options.registry ?? createDefaultRegistry();
  const keyOf = () => options.apiKey?.() ?? config.settings.apiKey;
  const createModel: ModelFactory = (choice: BackendChoice) => {
    const apiKey = keyOf();
    const chosen: Config = {
      ...config,
      backend: choice.name,
      settings: {
        ...config.settings,
        apiKey,
        model: choice.model?.trim() || config.settings.model,
        baseUrl: choice.baseUrl?.trim() || config.settings.baseUrl,
      },
    };
    return { model: createDecisionModel(chosen, registry), settings: config.request };
  };
  const runs = new RunManager(createModel);
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
  });
  const handlers = createHandlers({ info, example: bundledExample, runs, extra: options.extra });
  return { handlers, runs, config };
}
