/**
 * `install claude-code [--project | --user]` and `uninstall claude-code [--project | --user]`
 * (docs/claude-code.md): our PreCompact hook (app/cli/hook.ts) in Claude Code's settings — the
 * project's `.claude/settings.json` (the default) or the user's `~/.claude/settings.json`. Every
 * other setting and hook in the file is kept as it is; installing twice leaves one entry; a file
 * that is not a JSON object is refused, never replaced.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../host/errors.js';
import { cliLauncher } from '../host/launcher.js';
import { approvalQueueDir } from '../host/approvals.js';
import { shellWord } from '../../core/restore/config.js';

/** The arguments that make a settings entry ours: what `uninstall` removes and `install` replaces. */
const HOOK_ARGS = ['hook', 'pre-compact'];

/**
 * Claude Code kills a hook after its `timeout` (seconds) and then compacts as usual: long enough
 * for the longest wait a policy may set (`approval_wait_seconds`, at most 3600) and the run before it.
 */
const HOOK_TIMEOUT_SECONDS = 3600 + 120;

type Json = Record<string, unknown>;
interface HookEntry {
  matcher?: string;
  hooks?: Array<{ type?: string; command?: string; timeout?: number }>;
}

/** The shell command Claude Code runs: this installation's node and entry point, and our arguments. */
export function hookCommand(): string {
  const launcher = cliLauncher('web');
  return [launcher.command, ...launcher.args, ...HOOK_ARGS].map(shellWord).join(' ');
}

function isOurs(command: string | undefined): boolean {
  return command !== undefined && command.endsWith(` ${HOOK_ARGS.join(' ')}`) && command.includes('main.js');
}

function settingsPath(scope: 'project' | 'user', cwd: string): string {
  return scope === 'user' ? join(homedir(), '.claude', 'settings.json') : join(cwd, '.claude', 'settings.json');
}

function readSettings(path: string): Json {
  if (!existsSync(path)) return {};
  const text = readFileSync(path, 'utf8');
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON (${(error as Error).message}); fix it first, it was left as it is`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path} is not a JSON object; it was left as it is`);
  return value as Json;
}

function writeSettings(path: string, settings: Json): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(temporary, path);
}

/** `settings` without our PreCompact entries (an entry that also runs other hooks keeps them). */
export function withoutOurHook(settings: Json): Json {
  const hooks = (settings.hooks ?? {}) as Record<string, HookEntry[]>;
  const preCompact = (hooks.PreCompact ?? [])
    .map((entry) => ({ ...entry, hooks: (entry.hooks ?? []).filter((h) => !isOurs(h.command)) }))
    .filter((entry) => entry.hooks.length > 0);
  const { PreCompact: _removed, ...otherHooks } = hooks;
  const nextHooks = preCompact.length > 0 ? { ...otherHooks, PreCompact: preCompact } : otherHooks;
  const { hooks: _old, ...rest } = settings;
  return Object.keys(nextHooks).length > 0 ? { ...rest, hooks: nextHooks } : rest;
}

/** `settings` with our PreCompact hook, for both triggers (an empty matcher matches manual and auto). */
export function withOurHook(settings: Json, command: string): Json {
  const base = withoutOurHook(settings);
  const hooks = (base.hooks ?? {}) as Record<string, HookEntry[]>;
  return {
    ...base,
    hooks: {
      ...hooks,
      PreCompact: [
        ...(hooks.PreCompact ?? []),
        { matcher: '', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] },
      ],
    },
  };
}

function parseScope(verb: string, argv: string[]): { scope: 'project' | 'user' } {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { project: { type: 'boolean' }, user: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1 || positionals[0] !== 'claude-code')
    throw new Error(`${verb}: the agent to ${verb} for: claude-code`);
  if (values.project && values.user) throw new Error(`${verb}: --project or --user, not both`);
  return { scope: values.user ? 'user' : 'project' };
}

function usage(verb: string, error: unknown): number {
  process.stderr.write(
    `${(error as Error).message.split('\n')[0]} (usage: ${verb} claude-code [--project | --user])\n`,
  );
  return EXIT.invalid_input;
}

export async function run(argv: string[]): Promise<number> {
  let scope: 'project' | 'user';
  try {
    ({ scope } = parseScope('install', argv));
  } catch (error) {
    return usage('install', error);
  }
  const path = settingsPath(scope, process.cwd());
  try {
    writeSettings(path, withOurHook(readSettings(path), hookCommand()));
  } catch (error) {
    process.stderr.write(`install: ${(error as Error).message.split('\n')[0]}\n`);
    return EXIT.invalid_input;
  }
  process.stdout.write(
    [
      `Installed the PreCompact hook in ${resolve(path)}.`,
      `When Claude Code is about to compact${scope === 'project' ? ' in this project' : ''}, Compaction Inspector proposes`,
      `which old tool calls to cut and waits for your decision in its approval queue`,
      `(compaction-inspector serve, or the desktop app); proposals are kept in ${approvalQueueDir()}.`,
      `Remove it with: compaction-inspector uninstall claude-code${scope === 'user' ? ' --user' : ''}`,
      '',
    ].join('\n'),
  );
  return EXIT.success;
}

export async function uninstall(argv: string[]): Promise<number> {
  let scope: 'project' | 'user';
  try {
    ({ scope } = parseScope('uninstall', argv));
  } catch (error) {
    return usage('uninstall', error);
  }
  const path = settingsPath(scope, process.cwd());
  try {
    if (!existsSync(path)) {
      process.stdout.write(`Nothing to remove: ${resolve(path)} does not exist.\n`);
      return EXIT.success;
    }
    const settings = readSettings(path);
    const next = withoutOurHook(settings);
    if (JSON.stringify(next) === JSON.stringify(settings)) {
      process.stdout.write(`Nothing to remove: ${resolve(path)} has no Compaction Inspector hook.\n`);
      return EXIT.success;
    }
    writeSettings(path, next);
  } catch (error) {
    process.stderr.write(`uninstall: ${(error as Error).message.split('\n')[0]}\n`);
    return EXIT.invalid_input;
  }
  process.stdout.write(`Removed the PreCompact hook from ${resolve(path)}; its other settings are as they were.\n`);
  return EXIT.success;
}
