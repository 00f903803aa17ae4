/**
 * `eval --peer-params`, as parsed before any transcript is read: each peer's parameters are
 * checked by that peer's own schema (the one proposePeer applies) and a bad one is a usage
 * error (exit 2) naming the peer and the parameter; a good one is the peer's full set.
 */
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../app/cli/eval.js';
import { UsageError } from '../../../app/cli/args.js';
import { classify, EXIT } from '../../../app/host/errors.js';

const settingsOf = (...argv: string[]) => {
  const settings = parseSettings(['history.json', ...argv]);
  if (settings === 'help') throw new Error('help');
  return settings;
};

function usageError(...argv: string[]): string {
  try {
    settingsOf(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect(classify(error).exit).toBe(EXIT.invalid_input);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('eval --peer-params', () => {
  it('§9 a peer’s parameters are its documented defaults under the given ones', () => {
    const settings = settingsOf(
      '--policies',
      'clear_tool_uses,microcompact',
      '--peer-params',
      '{"clear_tool_uses":{"keep":5}}',
    );
    expect(settings.peerParams).toEqual({
      clear_tool_uses: { trigger: 100_000, keep: 5, clear_at_least: 0, exclude_tools: [], clear_tool_inputs: false },
    });
    expect(settingsOf('--policies').peerParams).toEqual({});
  });

  it('§9 a value its schema refuses is a usage error naming the peer and the parameter, with the schema’s message', () => {
    const peers = ['--policies', 'clear_tool_uses,microcompact,masking'];
    expect(usageError(...peers, '--peer-params', '{"clear_tool_uses":{"keep":-1}}')).toBe(
      '--peer-params: clear_tool_uses.keep: Too small: expected number to be >=0',
    );
    expect(usageError(...peers, '--peer-params', '{"clear_tool_uses":{"trigger":0.5}}')).toMatch(
      /^--peer-params: clear_tool_uses\.trigger: .*int/,
    );
    expect(usageError(...peers, '--peer-params', '{"microcompact":{"keep":3}}')).toBe(
      '--peer-params: microcompact: unknown key "keep"',
    );
    expect(usageError(...peers, '--peer-params', '{"autocompact":{}}')).toMatch(/unknown peer "autocompact"/);
    expect(usageError(...peers, '--peer-params', '{"opencode_prune":{}}')).toBe(
      '--peer-params: opencode_prune is not among --policies',
    );
    expect(usageError(...peers, '--peer-params', '{"masking":{"m":3}}')).toBe("--peer-params: masking's M is --mask-m");
    expect(usageError(...peers, '--peer-params', '{"clear_tool_uses":')).toBe('--peer-params: not JSON');
    expect(usageError(...peers, '--peer-params', '[1]')).toMatch(/expected an object of parameters by peer id/);
    expect(usageError('--peer-params', '{}')).toBe('--peer-params: only with --policies');
  });
});

describe('eval --one-scale', () => {
  it('R12 fits each fold on one scale only under --cv, and is off by default', () => {
    expect(settingsOf('--cv', '--one-scale')).toMatchObject({ cv: true, oneScale: true });
    expect(settingsOf('--cv').oneScale).toBe(false);
    expect(usageError('--one-scale')).toBe('--one-scale: only with --cv (it changes how each fold is fitted)');
  });
});
