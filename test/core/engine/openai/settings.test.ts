/** SPEC §7: the `openai` backend is registered and checks its settings with actionable errors. */
import { describe, expect, it } from 'vitest';
import { createDefaultRegistry } from '../../../../core/engine/backends.js';
import {
  DEFAULT_MAX_KEYS_PER_REQUEST,
  DEFAULT_OPENAI_MODEL,
  instructionTokens,
  parseOpenAISettings,
  PROMPT_VERSION,
  systemPrompt,
} from '../../../../core/engine/openai/index.js';
import { estimateTokens } from '../../../../core/engine/tokens.js';
import { TEST_KEY } from './fixture.js';

describe('openai backend settings', () => {
  it('§7 is registered as "openai" with documented defaults and the engine-facing fields', () => {
    const model = createDefaultRegistry().create('openai', { apiKey: TEST_KEY });
    expect(model.backend).toBe('openai');
    expect(model.model).toBe(DEFAULT_OPENAI_MODEL);
    expect(model.maxKeysPerRequest).toBe(DEFAULT_MAX_KEYS_PER_REQUEST);
    expect(model.promptVersion).toBe(PROMPT_VERSION);
    expect(model.deterministic).toBe(false);
    // R9: the fixed instructions include at least the system prompt.
    expect(model.instructionTokens).toBe(instructionTokens('logprobs', DEFAULT_MAX_KEYS_PER_REQUEST));
    expect(model.instructionTokens).toBeGreaterThan(estimateTokens(systemPrompt('logprobs')));
  });

  it('§7 a missing key is an error naming DECISION_MODEL_API_KEY', () => {
    for (const apiKey of [undefined, null, '', '   ']) {
      expect(() => createDefaultRegistry().create('openai', { apiKey })).toThrow(/DECISION_MODEL_API_KEY/);
    }
  });

  it('§7 bad values name their variable, and the key is never in the message', () => {
    expect(() => parseOpenAISettings({ apiKey: TEST_KEY, probability: 'guess' })).toThrow(/DECISION_MODEL_PROBABILITY/);
    expect(() => parseOpenAISettings({ apiKey: TEST_KEY, maxKeysPerRequest: 1 })).toThrow(
      /DECISION_MODEL_MAX_KEYS_PER_REQUEST/,
    );
    expect(() => parseOpenAISettings({ apiKey: TEST_KEY, maxKeysPerRequest: 'ten' })).toThrow(
      /DECISION_MODEL_MAX_KEYS_PER_REQUEST/,
    );
    expect(() => parseOpenAISettings({ apiKey: TEST_KEY, baseUrl: 'localhost:8000' })).toThrow(
      /DECISION_MODEL_BASE_URL/,
    );
    try {
      parseOpenAISettings({ apiKey: TEST_KEY, probability: 'guess' });
    } catch (error) {
      expect(String(error)).not.toContain(TEST_KEY);
    }
  });

  it('§7 reads model, base URL, probability mode and key cap', () => {
    const s = parseOpenAISettings({
      apiKey: TEST_KEY,
      model: 'llama3',
      baseUrl: 'http://localhost:11434/v1/',
      probability: 'verbalized',
      maxKeysPerRequest: 40,
    });
    expect(s).toEqual({
      apiKey: TEST_KEY,
      model: 'llama3',
      baseUrl: 'http://localhost:11434/v1',
      probability: 'verbalized',
      maxKeysPerRequest: 40,
    });
  });
});
