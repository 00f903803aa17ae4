/** The registry with the backends every host has: `offline` (the default), `scripted` and `openai`. */
import { createOfflineModel } from './offline/model.js';
import { createOpenAIModel } from './openai/model.js';
import { BackendRegistry } from './registry.js';
import { createScriptedModel, parseScript } from './scripted.js';

export function createDefaultRegistry(): BackendRegistry {
  return new BackendRegistry()
    .register('offline', () => createOfflineModel())
    .register('scripted', (settings) => createScriptedModel(parseScript(settings.script)))
    .register('openai', (settings) => createOpenAIModel(settings));
}
