/**
 * JSON text inside a value — a call's `input` (SPEC §1: a JSON string) — nested far past what
 * any serialization can take: bad input at the gate (SPEC §8: exit 2, one line; `invalid_input`
 * for library callers), and every place that parses such text takes it with the depth bound
 * (core/engine/depth.ts), so no path overflows the stack.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compactContext, RequestError } from '../../../core/engine/compact.js';
import { parseJsonText } from '../../../core/engine/depth.js';
import { callInputText, readTargets } from '../../../core/engine/evidence.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { displayInput } from '../../../core/inspect/display.js';
import { deepArgumentsHistory, deepInput } from '../../support/hostileFolder.js';
import { runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

describe('§1 §8 call arguments nested 100,000 levels deep', () => {
  it('§8 compact_context exits 2 with one line naming the block, nothing on stdout', async () => {
    tmp = tempDir();
    tmp.write('deep.json', JSON.stringify(deepArgumentsHistory()));
    const run = await runCli(
      ['compact_context', 'goal=go on', 'messages=@deep.json', 'eligible_tool_names=["read","list"]'],
      { cwd: tmp.dir },
    );
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      'messages[1].content[0].input: its JSON text nests more than 1000 levels deep; such a history cannot be processed safely',
    );
  });

  it('§1 the library refuses the request with RequestError invalid_input', async () => {
    const error = await compactContext(
      { messages: deepArgumentsHistory(), goal: 'go on', eligible_tool_names: ['read', 'list'] },
      { model: createOfflineModel() },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
  });

  it('§1 every parser of input text takes it with the bound: not JSON to the guards, plain text to the inspector', () => {
    const text = deepInput(100_000);
    expect(parseJsonText(text)).toEqual({ ok: false, reason: 'too_deep' });
    expect(parseJsonText(deepInput(1000)).ok).toBe(true);
    expect(parseJsonText('"[[[["')).toEqual({ ok: true, value: '[[[[' });
    expect(readTargets('read', text)).toEqual([]);
    expect(callInputText(text)).toBe(text);
    expect(displayInput(text)).toBe(text);
  });
});
