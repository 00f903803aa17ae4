/**
 * R3 `shell_command_not_read_only`: which tools are shells and where their call input carries
 * the command. A shell tool's call is a candidate only when its command only reads
 * (shellReadOnly.ts); every other tool stays eligible by name alone (R5). The names are those
 * the format adapters (core/formats/adapters) give shell calls, with the agent that writes each:
 *
 * - `Bash` — Claude Code (`command`);
 * - `bash` — mini-swe-agent and SWE-agent actions (`command`), Inspect AI's `bash()` tool (`cmd`);
 * - `shell` and `shell_command` — Codex CLI (`command`, an argument vector or a script);
 * - `exec_command` — Codex CLI's unified exec (`cmd`);
 * - `local_shell` — the Responses API's `local_shell_call` (`command`, an argument vector);
 * - `execute_bash` and `run` — OpenHands' function call and its `CmdRunAction` (`command`);
 * - `run_shell_command` — Gemini CLI (`command`);
 * - `execute_shell_command` — AgentScope's toolkit (`command`);
 * - `run_commands` — the Cline SDK (`commands`, a list of scripts); `execute_command` — Cline (`command`).
 *
 * A name is matched exactly, never guessed (R5). A call of one of these tools whose input holds
 * no command this module can read is not read-only: the rule errs towards keeping.
 */
import type { ShellPatterns, ShellVerdict } from './shellReadOnly.js';
import { classifyShellCommand } from './shellReadOnly.js';

export const SHELL_TOOL_NAMES: ReadonlySet<string> = new Set([
  'Bash',
  'bash',
  'shell',
  'shell_command',
  'exec_command',
  'local_shell',
  'execute_bash',
  'run',
  'run_shell_command',
  'execute_shell_command',
  'run_commands',
  'execute_command',
]);

export const isShellTool = (name: unknown): boolean => typeof name === 'string' && SHELL_TOOL_NAMES.has(name);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * The commands a shell call's parsed input runs: a script or an argument vector under
 * `command` or `cmd`, or a list of scripts under `commands`; null when it holds none.
 */
export function shellCommandsOf(input: unknown): Array<string | string[]> | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  for (const key of ['command', 'cmd'] as const) {
    const value = fields[key];
    if (typeof value === 'string') return [value];
    if (isStringList(value) && value.length > 0) return [value];
  }
  if (isStringList(fields.commands) && fields.commands.length > 0) return fields.commands;
  return null;
}

/** A shell call's verdict from its parsed input: read-only only when every command it runs is. */
export function shellCallVerdict(input: unknown, patterns: ShellPatterns): ShellVerdict {
  const commands = shellCommandsOf(input);
  if (commands === null) return { readOnly: false, why: 'the input holds no command' };
  for (const command of commands) {
    const verdict = classifyShellCommand(command, patterns);
    if (!verdict.readOnly) return verdict;
  }
  return { readOnly: true };
}
