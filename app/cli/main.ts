#!/usr/bin/env node
/**
 * `compaction-inspector` — the command-line entry. Each command lives in its own module
 * exporting `run(argv): Promise<number>` (the exit code), loaded only when used so that
 * `compact_context` never pays for the web host or the evaluator.
 */
import { EXIT, FAILURES } from '../host/errors.js';

export interface Command {
  run(argv: string[]): Promise<number>;
}

/** Add a command with one line here (and, optionally, a summary in help.ts). */
const COMMANDS: Record<string, () => Promise<Command>> = {
  compact_context: () => import('./compact.js'),
  serve: () => import('./serve.js'),
  eval: () => import('./eval.js'),
  formats: () => import('./formats.js'),
  compare: () => import('./compare.js'),
  verify: () => import('./verify.js'),
  check: () => import('./check.js'),
  mcp: () => import('./mcp.js'),
  install: () => import('./install.js'),
  uninstall: () => import('./install.js').then((module) => ({ run: module.uninstall })),
  hook: () => import('./hook.js'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(
      `usage: compaction-inspector <command> [args]; commands: ${Object.keys(COMMANDS).join(', ')} (see --help)\n`,
    );
    return EXIT.invalid_input;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    // Loaded lazily like the commands: a broken install then fails with one line, not a trace.
    const { helpText } = await import('./help.js');
    process.stdout.write(helpText(Object.keys(COMMANDS)));
    return EXIT.success;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`unknown command "${name}" (known: ${Object.keys(COMMANDS).join(', ')}; see --help)\n`);
    return EXIT.invalid_input;
  }
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Never a stack trace: one line a person can act on.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`internal error: ${message.split('\n')[0]}\n`);
    process.exitCode = FAILURES.internal.exit;
  },
);
