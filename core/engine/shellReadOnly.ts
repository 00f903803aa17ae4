/**
 * R3 `shell_command_not_read_only`: whether a shell command only reads. The seed leaves the
 * choice of read-only tools to the host (R5), but an agent's one shell tool both reads and
 * writes, so for a shell tool (shellTools.ts) eligibility is decided per call, by its command.
 * Conservative: a command is read-only only when every simple command of it is a known reader
 * with arguments that keep it one, and no redirection writes a file; anything unknown or
 * unreadable (shellSyntax.ts) is not. The policy's patterns widen or narrow the command list,
 * never the syntax: a redirection to a file or a substitution is never read-only.
 */
import type { ParsedScript, Redirect, SimpleCommand } from './shellSyntax.js';
import { parseScript, quoteWord } from './shellSyntax.js';

/** The policy's patterns (request `shell_read_only`): word prefixes, `*` matching any one word. */
export interface ShellPatterns {
  /** Commands also read-only. */
  allow: readonly string[];
  /** Commands never read-only, whatever else says. */
  deny: readonly string[];
}

/**
 * The built-in rule's name, recorded in an audit record beside the patterns so that `verify`
 * re-derives with the rule the export was made with; a change to the command list that changes
 * any verdict gets a new name.
 */
export const SHELL_RULE = 'read-only-commands/1';

export const NO_SHELL_PATTERNS: ShellPatterns = { allow: [], deny: [] };

export type ShellVerdict = { readOnly: true } | { readOnly: false; why: string };

/** null when the arguments keep the command a reader, else why not. */
type ArgsCheck = (args: readonly string[]) => string | null;

const ANY: ArgsCheck = () => null;
const flagsIn = (args: readonly string[], re: RegExp, what: string) => (args.some((a) => re.test(a)) ? what : null);
const operands = (args: readonly string[]) => args.filter((a) => !a.startsWith('-') || a === '-');
const atMostOneOperand =
  (name: string): ArgsCheck =>
  (args) =>
    operands(args).length > 1 ? `${name} with a second operand writes it` : null;

const FIND_ACTIONS = /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/;
/** A sed script of only printing commands: addresses, then `p`, `P`, `=`, `l`, `q`, `Q`, `n`, `d`, or `s///` without `w`/`e`. */
const SED_ADDRESS = String.raw`(?:\d+(?:~\d+)?|\$|/(?:[^/\\\n]|\\.)*/I?)`;
const SED_COMMAND = String.raw`(?:[pP=lqQnd]|s(/(?:[^/\\\n]|\\.)*){2}/[gpiIm0-9]*)`;
const SED_SCRIPT = new RegExp(
  String.raw`^\s*(?:(?:${SED_ADDRESS}(?:\s*,\s*${SED_ADDRESS})?)?\s*!?\s*${SED_COMMAND}\s*(?:[;\n]\s*|$))+$`,
);

function sedCheck(args: readonly string[]): string | null {
  const scripts: string[] = [];
  const rest: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '-e' || a === '--expression') scripts.push(args[++k] ?? '');
    else if (a.startsWith('--expression=')) scripts.push(a.slice('--expression='.length));
    else if (
      /^(-[nErsuz]+|--(quiet|silent|regexp-extended|posix|null-data|separate|unbuffered|debug|sandbox))$/.test(a)
    )
      continue;
    else if (a.startsWith('-') && a !== '-') return `sed ${a}`;
    else rest.push(a);
  }
  // Without -e the first operand is the script, the others are files read.
  if (scripts.length === 0 && rest.length > 0) scripts.push(rest[0]);
  if (scripts.length === 0) return 'sed without a script';
  return scripts.every((s) => SED_SCRIPT.test(s)) ? null : 'a sed script that may write or run';
}

function awkCheck(args: readonly string[]): string | null {
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '-F' || a === '-v') k++;
    else if (/^-[Fv]./.test(a)) continue;
    else if (a.startsWith('-')) return `awk ${a}`;
    else return /system|[>|]|fflush|close/.test(a) ? 'an awk program that may write or run' : null;
  }
  return 'awk without a program';
}

const GIT_READERS = new Set([
  'log',
  'diff',
  'show',
  'status',
  'blame',
  'grep',
  'ls-files',
  'ls-tree',
  'rev-parse',
  'describe',
  'shortlog',
  'cat-file',
  'rev-list',
  'merge-base',
  'ls-remote',
]);
const GIT_BRANCH_LISTING = /^(-a|-r|-v|-vv|-l|--list|--all|--remotes|--verbose|--show-current|--no-color)$/;

function gitCheck(args: readonly string[]): string | null {
  let k = 0;
  for (; k < args.length && args[k].startsWith('-'); k++) {
    if (args[k] === '-C') k++;
    else if (!/^(--no-pager|-P|--no-optional-locks|--git-dir=.*|--work-tree=.*)$/.test(args[k]))
      return `git ${args[k]}`;
  }
  const sub = args[k];
  const rest = args.slice(k + 1);
  if (sub === undefined) return 'git without a subcommand';
  if (rest.some((a) => a.startsWith('--output'))) return `git ${sub} --output writes a file`;
  if (rest.some((a) => /^(-O|--open-files-in-pager)/.test(a))) return `git ${sub} -O runs a pager command`;
  if (GIT_READERS.has(sub)) return null;
  if (sub === 'branch' && rest.every((a) => GIT_BRANCH_LISTING.test(a))) return null;
  if (sub === 'remote' && rest.every((a) => a === '-v' || a === '--verbose')) return null;
  if (sub === 'stash' && rest[0] === 'list') return null;
  if (sub === 'config' && rest.some((a) => /^(--get|--get-all|--get-regexp|--list|-l)$/.test(a))) return null;
  return `git ${sub}`;
}

const subcommands =
  (name: string, readers: readonly string[]): ArgsCheck =>
  (args) =>
    readers.includes(args[0] ?? '') ? null : `${name} ${args[0] ?? ''}`.trim();

/** `bash -c SCRIPT` and the like: the script is what runs (Codex wraps commands so). */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash']);

/** The known readers and what keeps each one a reader. */
const READERS: Readonly<Record<string, ArgsCheck>> = {
  ...Object.fromEntries(
    [
      'cat',
      'head',
      'tail',
      'wc',
      'ls',
      'pwd',
      'echo',
      'printf',
      'grep',
      'egrep',
      'fgrep',
      'stat',
      'du',
      'df',
      'which',
      'whoami',
      'id',
      'uname',
      'basename',
      'dirname',
      'realpath',
      'readlink',
      'diff',
      'cmp',
      'comm',
      'cut',
      'tr',
      'nl',
      'od',
      'hexdump',
      'strings',
      'column',
      'fold',
      'tac',
      'rev',
      'seq',
      'paste',
      'true',
      'false',
      'test',
      '[',
      'md5sum',
      'sha1sum',
      'sha256sum',
      'cksum',
      'more',
      'jq',
      'cd',
      'printenv',
      'nproc',
      'ps',
      'type',
    ].map((name) => [name, ANY]),
  ),
  rg: (args) => flagsIn(args, /^--pre(=|$)/, 'rg --pre runs a command'),
  file: (args) => flagsIn(args, /^(-C|--compile)$/, 'file -C writes a magic file'),
  tree: (args) => flagsIn(args, /^-o$/, 'tree -o writes a file'),
  sort: (args) =>
    flagsIn(args, /^(--output|-[^-]*o)/, 'sort -o writes a file') ??
    flagsIn(args, /^--compress-program/, 'sort --compress-program runs a command'),
  uniq: atMostOneOperand('uniq'),
  xxd: atMostOneOperand('xxd'),
  date: (args) => flagsIn(args, /^(--set|-[^-]*s)/, 'date -s sets the clock'),
  env: (args) => (args.length === 0 ? null : 'env with arguments runs a command'),
  find: (args) => {
    const action = args.find((a) => FIND_ACTIONS.test(a));
    return action ? `find ${action}` : null;
  },
  sed: sedCheck,
  awk: awkCheck,
  gawk: awkCheck,
  mawk: awkCheck,
  git: gitCheck,
  pip: subcommands('pip', ['list', 'show', 'freeze']),
  pip3: subcommands('pip3', ['list', 'show', 'freeze']),
  npm: subcommands('npm', ['ls', 'list', 'view']),
};

/** Targets a redirection may write without writing a file. */
const NOWHERE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

function redirectWrites(r: Redirect): string | null {
  if (r.op === '<') return null;
  if ((r.op === '>&' || r.op === '<&') && /^([0-9]+|-)$/.test(r.target)) return null;
  if (r.op !== '<>' && r.op !== '<&' && NOWHERE.has(r.target)) return null;
  return `redirects output to ${r.target}`;
}

const patternWords = (pattern: string): string[] | null => {
  const parsed = parseScript(pattern);
  return parsed.ok && parsed.commands.length === 1 && parsed.commands[0].redirects.length === 0
    ? parsed.commands[0].words
    : null;
};

/** A pattern that is not one simple command of plain words, or null when it is one. */
export function patternProblem(pattern: string): string | null {
  const words = patternWords(pattern);
  return words === null || words.length === 0 ? `"${pattern}" is not a command of plain words` : null;
}

const matches = (words: readonly string[], pattern: string) => {
  const p = patternWords(pattern) ?? [];
  return p.length > 0 && p.length <= words.length && p.every((w, k) => w === '*' || w === words[k]);
};

const MAX_NESTING = 4;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function commandVerdict(command: SimpleCommand, patterns: ShellPatterns, depth: number): ShellVerdict {
  for (const r of command.redirects) {
    const why = redirectWrites(r);
    if (why) return { readOnly: false, why };
  }
  // Leading NAME=value words set the command's environment only.
  const first = command.words.findIndex((w) => !ASSIGNMENT.test(w));
  if (first < 0) return { readOnly: true };
  const words = command.words.slice(first);
  const denied = patterns.deny.find((p) => matches(words, p));
  if (denied !== undefined) return { readOnly: false, why: `matches the excluded pattern "${denied}"` };
  if (patterns.allow.some((p) => matches(words, p))) return { readOnly: true };
  const [name, ...args] = words;
  if (SHELLS.has(name)) return nestedShell(name, args, patterns, depth);
  const check = Object.hasOwn(READERS, name) ? READERS[name] : undefined;
  if (!check) return { readOnly: false, why: `${name} is not a known read-only command` };
  const why = check(args);
  return why === null ? { readOnly: true } : { readOnly: false, why };
}

function nestedShell(name: string, args: readonly string[], patterns: ShellPatterns, depth: number): ShellVerdict {
  let k = 0;
  while (k < args.length && /^-[lceuxo]+$/.test(args[k]) && !args[k].includes('c')) k++;
  if (!/^-[lceux]*c[lceux]*$/.test(args[k] ?? '') || args[k + 1] === undefined || depth >= MAX_NESTING)
    return { readOnly: false, why: `${name} runs a script file or reads commands from its input` };
  return verdictOf(parseScript(args[k + 1]), patterns, depth + 1);
}

function verdictOf(parsed: ParsedScript, patterns: ShellPatterns, depth: number): ShellVerdict {
  if (!parsed.ok) return { readOnly: false, why: `cannot be read: ${parsed.why}` };
  if (parsed.commands.length === 0) return { readOnly: false, why: 'an empty command' };
  for (const command of parsed.commands) {
    const verdict = commandVerdict(command, patterns, depth);
    if (!verdict.readOnly) return verdict;
  }
  return { readOnly: true };
}

/** A command as a shell script (`ls -la | head`) or as an argument vector (`["bash", "-lc", "ls"]`). */
export function classifyShellCommand(
  command: string | readonly string[],
  patterns: ShellPatterns = NO_SHELL_PATTERNS,
): ShellVerdict {
  const script = typeof command === 'string' ? command : command.map(quoteWord).join(' ');
  return verdictOf(parseScript(script), patterns, 0);
}
