/** The registry with the backends every host has: `offline` (the default) and `scripted`. */
import { createOfflineModel } from './offline/model.js';
import { BackendRegistry } from './registry.js';
import { createScriptedModel, parseScript } from './scripted.js';

export function createDefaultRegistry(): BackendRegistry {
  return new BackendRegistry()
    .register('offline', () => createOfflineModel())
    .register('scripted', (settings) => createScriptedModel(parseScript(settings.script)));
}
