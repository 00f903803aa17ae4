/**
 * SPEC §7 for a host that runs one backend per process (the command line): the registry of
 * backends.ts with only the configured backend's module loaded. The other two cost start-up
 * time on every call: the OpenAI backend's prompt and wire code, and the scripted backend's
 * zod schema (test/bench/cli.bench.ts).
 */
import type { BackendFactory } from './registry.js';
import { BackendRegistry } from './registry.js';

/** The factories of backends.ts, each behind its module's import. */
export const BACKEND_LOADERS: Readonly<Record<string, () => Promise<BackendFactory>>> = {
  offline: async () => {
    const { createOfflineModel } = await import('./offline/model.js');
    return () => createOfflineModel();
  },
  scripted: async () => {
    const { createScriptedModel, parseScript } = await import('./scripted.js');
    return (settings) => createScriptedModel(parseScript(settings.script));
  },
  openai: async () => {
    const { createOpenAIModel } = await import('./openai/model.js');
    return (settings) => createOpenAIModel(settings);
  },
};

/** A registry that can create `name`; for a name it does not know, every backend's (they list themselves). */
export async function registryFor(name: string): Promise<BackendRegistry> {
  const load = Object.hasOwn(BACKEND_LOADERS, name) ? BACKEND_LOADERS[name] : undefined;
  if (load === undefined) return (await import('./backends.js')).createDefaultRegistry();
  return new BackendRegistry().register(name, await load());
}
