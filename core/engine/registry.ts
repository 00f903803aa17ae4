/**
 * SPEC §7: decision-model backends registered by name. Each factory parses its own
 * settings, so hosts (command line, web host, Electron) pass what they read from the
 * environment without knowing any backend's details.
 */
import type { DecisionModel } from './model.js';

export interface BackendSettings {
  /** Provider credentials and endpoint; ignored by local backends. */
  apiKey?: string | null;
  model?: string | null;
  baseUrl?: string | null;
  /** Anything else a backend reads (a script, a probability mode, …). */
  [key: string]: unknown;
}

export type BackendFactory = (settings: BackendSettings) => DecisionModel;

export class BackendRegistry {
  private readonly factories = new Map<string, BackendFactory>();

  register(name: string, factory: BackendFactory): this {
    this.factories.set(name, factory);
    return this;
  }

  names(): string[] {
    return [...this.factories.keys()];
  }

  create(name: string, settings: BackendSettings = {}): DecisionModel {
    const factory = this.factories.get(name);
    if (!factory) throw new Error(`unknown decision model backend "${name}" (known: ${this.names().join(', ')})`);
    return factory(settings);
  }
}

export const DEFAULT_BACKEND = 'offline';
