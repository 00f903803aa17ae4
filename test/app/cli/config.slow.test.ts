/**
 * SPEC §7 configuration: `.env` in the working directory, the environment winning, legacy
 * CLASSIFIER_* names with a warning, bad values named, and the key never printed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, createDecisionModel, loadConfig } from '../../../app/config.js';
import { createDefaultRegistry } from '../../../core/engine/backends.js';
import { BACKEND_LOADERS, registryFor } from '../../../core/engine/loadBackend.js';
import { exampleArgs, runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const SCRIPT_A = JSON.stringify({ default: { call: 0.11, result: 0.12 } });
const SCRIPT_B = JSON.stringify({ default: { call: 0.21, result: 0.22 } });

function keepCall(stdout: string): unknown {
  return JSON.parse(stdout).answer.decisions[0].keep_call;
}

describe('loadConfig', () => {
  it('§7 defaults: offline backend and the §5 per-request settings', () => {
    tmp = tempDir();
    const config = loadConfig({ env: {}, cwd: tmp.dir });
    expect(config.backend).toBe('offline');
    expect(config.request).toEqual({ timeoutMs: 10_000, maxRetries: 1, retryDelayMs: 500 });
    expect(config.settings).toMatchObject({
      apiKey: null,
      model: null,
      baseUrl: null,
      probability: 'logprobs',
      maxKeysPerRequest: 100,
    });
    expect(config.warnings).toEqual([]);
    expect(createDecisionModel(config, createDefaultRegistry()).backend).toBe('offline');
  });

  it('§7 reads every DECISION_MODEL_* setting', () => {
    tmp = tempDir();
    tmp.write('s.json', SCRIPT_A);
    const env = {
      DECISION_MODEL_BACKEND: 'scripted',
      DECISION_MODEL_API_KEY: 'k-123',
      DECISION_MODEL_NAME: 'm',
      DECISION_MODEL_BASE_URL: 'http://127.0.0.1:9/v1',
      DECISION_MODEL_SCRIPT: 's.json',
      DECISION_MODEL_TIMEOUT_SECONDS: '2.5',
      DECISION_MODEL_MAX_RETRIES: '3',
      DECISION_MODEL_RETRY_DELAY_SECONDS: '0',
      DECISION_MODEL_PROBABILITY: 'verbalized',
      DECISION_MODEL_MAX_KEYS_PER_REQUEST: '8',
    };
    const config = loadConfig({ env, cwd: tmp.dir });
    expect(config.request).toEqual({ timeoutMs: 2500, maxRetries: 3, retryDelayMs: 0 });
    expect(config.settings).toMatchObject({
      apiKey: 'k-123',
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      probability: 'verbalized',
      maxKeysPerRequest: 8,
      script: JSON.parse(SCRIPT_A),
    });
  });

  const bad: Array<[string, string]> = [
    ['DECISION_MODEL_TIMEOUT_SECONDS', '0'],
    ['DECISION_MODEL_TIMEOUT_SECONDS', 'ten'],
    ['DECISION_MODEL_MAX_RETRIES', '1.5'],
    ['DECISION_MODEL_MAX_RETRIES', '-1'],
    ['DECISION_MODEL_RETRY_DELAY_SECONDS', '-0.5'],
    ['DECISION_MODEL_PROBABILITY', 'guess'],
    ['DECISION_MODEL_MAX_KEYS_PER_REQUEST', '1'],
  ];
  for (const [name, value] of bad) {
    it(`§7 ${name}=${value} is a ConfigError naming the variable`, () => {
      tmp = tempDir();
      expect(() => loadConfig({ env: { [name]: value }, cwd: tmp.dir })).toThrow(new RegExp(`^${name}: `));
      expect(() => loadConfig({ env: { [name]: value }, cwd: tmp.dir })).toThrow(ConfigError);
    });
  }

  it('§7 an unknown backend is a ConfigError listing the known ones', () => {
    tmp = tempDir();
    const config = loadConfig({ env: { DECISION_MODEL_BACKEND: 'nope' }, cwd: tmp.dir });
    expect(() => createDecisionModel(config, createDefaultRegistry())).toThrow(
      /DECISION_MODEL_BACKEND: unknown backend "nope" \(known: .*offline/,
    );
  });

  it('§7 registryFor creates each backend the default registry has, and lists them all for an unknown one', async () => {
    tmp = tempDir();
    tmp.write('s.json', SCRIPT_A);
    expect(Object.keys(BACKEND_LOADERS)).toEqual(createDefaultRegistry().names());
    for (const backend of createDefaultRegistry().names()) {
      const env = { DECISION_MODEL_BACKEND: backend, DECISION_MODEL_SCRIPT: 's.json', DECISION_MODEL_API_KEY: 'k' };
      const config = loadConfig({ env, cwd: tmp.dir });
      expect(createDecisionModel(config, await registryFor(backend)).backend).toBe(backend);
    }
    const unknown = loadConfig({ env: { DECISION_MODEL_BACKEND: 'nope' }, cwd: tmp.dir });
    const lazily = await registryFor('nope');
    expect(() => createDecisionModel(unknown, lazily)).toThrow(
      `DECISION_MODEL_BACKEND: unknown backend "nope" (known: ${createDefaultRegistry().names().join(', ')})`,
    );
  });
});

describe('configuration through the command line', () => {
  it('§7 .env in the working directory is read', async () => {
    tmp = tempDir();
    tmp.write('a.json', SCRIPT_A);
    tmp.write('.env', 'DECISION_MODEL_BACKEND=scripted\nDECISION_MODEL_SCRIPT=a.json\n');
    const result = await runCli(['compact_context', ...exampleArgs()], { cwd: tmp.dir });
    expect(result.code).toBe(0);
    expect(keepCall(result.stdout)).toBe(0.11);
  });

  it('§7 the environment wins over .env', async () => {
    tmp = tempDir();
    tmp.write('a.json', SCRIPT_A);
    tmp.write('b.json', SCRIPT_B);
    tmp.write('.env', 'DECISION_MODEL_BACKEND=scripted\nDECISION_MODEL_SCRIPT=a.json\n');
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_SCRIPT: 'b.json' },
    });
    expect(result.code).toBe(0);
    expect(keepCall(result.stdout)).toBe(0.21);
  });

  it('§7 legacy CLASSIFIER_* names work with one deprecation line each on stderr', async () => {
    tmp = tempDir();
    tmp.write('a.json', SCRIPT_A);
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { CLASSIFIER_BACKEND: 'scripted', CLASSIFIER_SCRIPT: 'a.json' },
    });
    expect(result.code).toBe(0);
    expect(keepCall(result.stdout)).toBe(0.11);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'warning: CLASSIFIER_BACKEND is deprecated; use DECISION_MODEL_BACKEND',
      'warning: CLASSIFIER_SCRIPT is deprecated; use DECISION_MODEL_SCRIPT',
    ]);
  });

  it('§7 a DECISION_MODEL_* name beats its legacy twin, silently', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_BACKEND: 'offline', CLASSIFIER_BACKEND: 'scripted' },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('§8 a bad setting exits 2 with one line naming the variable', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_MAX_RETRIES: 'many' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('DECISION_MODEL_MAX_RETRIES: expected an integer >= 0, got "many"\n');
  });

  it('§7 the API key never appears on stdout or stderr', async () => {
    tmp = tempDir();
    const key = 'sk-test-DO-NOT-PRINT-4242';
    const ok = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_API_KEY: key },
    });
    expect(ok.code).toBe(0);
    // A provider backend that cannot start (unknown here, or missing settings) must not echo the key either.
    const failed = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_API_KEY: key, DECISION_MODEL_BACKEND: key },
    });
    expect(failed.code).toBe(2);
    for (const text of [ok.stdout, ok.stderr, failed.stdout, failed.stderr]) expect(text).not.toContain(key);
    expect(failed.stderr).toContain('[redacted]');
  });

  it('§7 the openai backend without a key is a configuration error (exit 2), not a crash', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_BACKEND: 'openai' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^DECISION_MODEL_BACKEND/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
