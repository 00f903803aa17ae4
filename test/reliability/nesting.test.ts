/**
 * A history nested thousands of levels deep parses, but JSON.stringify and structuredClone
 * throw a RangeError on it; the loader and the request parser refuse it with the stable
 * `invalid_input` code, and a circular message graph from a library caller gets the same
 * clear error.
 */
import { describe, expect, it } from 'vitest';
import { compactContext, RequestError } from '../../core/engine/compact.js';
import { ContainerError, loadHistory } from '../../core/engine/containers.js';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import type { Message } from '../../core/engine/schema.js';

function deepHistoryText(depth: number): string {
  return `[{"id":"m0","role":"user","content":[{"type":"text","text":"hi"}],"metadata":${'['.repeat(depth)}${']'.repeat(depth)}}]`;
}

describe('nesting depth', () => {
  it('§1 a 100 000-level nested history is refused by the loader with ContainerError invalid_input', () => {
    expect(() => loadHistory(deepHistoryText(100_000))).toThrow(ContainerError);
    expect(() => loadHistory(deepHistoryText(100_000))).toThrow(/nested more than 1000 levels/);
  });

  it('§1 a deeply nested request is refused with RequestError invalid_input, not a RangeError', async () => {
    const messages = JSON.parse(deepHistoryText(6000)) as Message[];
    await expect(compactContext({ messages, goal: 'go on' }, { model: createOfflineModel() })).rejects.toThrow(
      RequestError,
    );
  });

  it('§1 a circular message graph is refused with RequestError invalid_input', async () => {
    const block: Record<string, unknown> = { type: 'text', text: 'loop' };
    block.self = block;
    const messages = [{ id: 'm0', role: 'user', content: [block] }];
    const error = await compactContext({ messages, goal: 'go on' }, { model: createOfflineModel() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe('invalid_input');
  });

  it('§1 realistic nesting (500 levels) still loads and compacts', async () => {
    const { messages } = loadHistory(deepHistoryText(500));
    const response = await compactContext({ messages, goal: 'go on' }, { model: createOfflineModel() });
    expect(response.success).toBe(true);
  });
});
