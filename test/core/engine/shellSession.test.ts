/**
 * R3 `shell_command_not_read_only` on a real Claude Code session (the shared cctrace session,
 * read in place): with Bash eligible, its mkdir, cp and rm calls are kept with the shell rule's
 * reason, and only calls whose commands read stay candidates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { parseRequest, policyOf } from '../../../core/engine/request.js';
import { classifyShellCommand } from '../../../core/engine/shellReadOnly.js';
import { openSource } from '../../../core/formats/index.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const FORMATS = sharedPath('formats');
const SESSION = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';

describe.skipIf(FORMATS === null)('R3 the shell rule on a real Claude Code session', () => {
  it('R3 with Bash eligible, every mkdir, cp and rm call is kept as shell_command_not_read_only', () => {
    if (FORMATS === null) throw new Error(sharedSkipReason('formats'));
    const messages = openSource(readFileSync(join(FORMATS, SESSION), 'utf8')).read.messages;
    const request = parseRequest({ messages, goal: 'Export the session', eligible_tool_names: ['Bash'] });
    const bash = analyze(messages, policyOf(request)).pairs.filter((p) => p.toolName === 'Bash');
    const commandOf = (input: unknown) => (JSON.parse(input as string) as { command: string }).command;
    const writing = bash.filter((p) => /(^|&&\s*)(mkdir|cp|rm)\s/m.test(commandOf(p.callBlock.input)));
    expect(writing.length).toBeGreaterThanOrEqual(10);
    for (const pair of writing) expect(pair.guard, commandOf(pair.callBlock.input)).toBe('shell_command_not_read_only');

    const candidates = bash.filter((p) => p.guard === null);
    for (const pair of candidates) expect(classifyShellCommand(commandOf(pair.callBlock.input)).readOnly).toBe(true);
    // Without the rule (a policy as records before it were derived) a shell tool is eligible by name.
    const { shellReadOnly: _rule, ...byName } = policyOf(request);
    const before = analyze(messages, byName).pairs.filter((p) => p.toolName === 'Bash' && p.guard === null);
    expect([bash.length, before.length, candidates.length]).toEqual([106, 104, 64]);
  });
});
