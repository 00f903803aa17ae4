/**
 * R3 `shell_command_not_read_only`: no shell call whose command writes is ever a candidate.
 * Generated commands put a writing part (a writing command, an output redirection, find -exec,
 * sed -i, a here-document, a substitution) among read-only parts in pipelines and lists; and
 * every shell call of the shared real transcripts that the formats read is classified, each one
 * judged read-only checked against a list of write patterns kept apart from the classifier.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyShellCommand } from '../../core/engine/shellReadOnly.js';
import { isShellTool, shellCommandsOf } from '../../core/engine/shellTools.js';
import { inspectSource, openConversation } from '../../core/formats/index.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';

const RUNS = { seed: 7, numRuns: 600 };

const READS = [
  'ls -la',
  'cat a.txt',
  'grep -rn TODO src',
  'git log --oneline -3',
  'head -5 f',
  "sed -n '1,5p' f",
  'pwd',
  'echo hi',
  'wc -l f',
  'find . -name "*.py"',
  'cd /repo',
  'jq .a f.json',
];
const WRITES = [
  'rm -rf build',
  'mkdir -p out',
  'cp a b',
  'mv a b',
  'touch f',
  'chmod +x run.sh',
  'ln -s a b',
  'dd if=a of=b',
  'git commit -am wip',
  'git checkout -b topic',
  'git apply fix.diff',
  'git reset --hard',
  'pip install requests',
  'npm install',
  'apt-get install -y jq',
  'python3 setup.py',
  'node build.js',
  "sed -i 's/a/b/' f",
  "sed -i.bak -n '1p' f",
  "sed -n 'w copy' f",
  'find . -name "*.pyc" -delete',
  'find . -exec rm {} +',
  'find . -execdir touch x \\;',
  'find . -fprint list.txt',
  'tee out.txt',
  'patch -p1',
  'xargs rm',
  'sort -o sorted.txt f',
];
/** Writes the syntax shows, which no command pattern can widen. */
const SYNTAX_WRITES = ["cat <<'EOF'\nline\nEOF", 'echo $(rm -rf x)', 'echo `touch x`', 'diff <(ls) b'];
const REDIRECTS = ['> out.txt', '>> log.txt', '2> err.txt', '&> all.txt', '>| f', '1>out'];
const JOINS = [' | ', ' && ', ' ; ', ' || ', '\n', ' & '];

/** A writing part: a writing command, or syntax that writes or hides what runs (a redirection to a file, …). */
const writeArb = fc.oneof(
  fc.constantFrom(...WRITES).map((part) => ({ part, syntax: false })),
  fc.constantFrom(...SYNTAX_WRITES).map((part) => ({ part, syntax: true })),
  fc
    .tuple(fc.constantFrom(...READS), fc.constantFrom(...REDIRECTS))
    .map(([r, w]) => ({ part: `${r} ${w}`, syntax: true })),
);

const scriptArb = fc
  .tuple(
    fc.array(fc.constantFrom(...READS), { maxLength: 4 }),
    writeArb,
    fc.nat(),
    fc.array(fc.constantFrom(...JOINS), { minLength: 5, maxLength: 5 }),
  )
  .map(([reads, write, at, joins]) => {
    const parts = [...reads];
    parts.splice(at % (reads.length + 1), 0, write.part);
    const script = parts.reduce((text, part, k) => (k === 0 ? part : `${text}${joins[k - 1]}${part}`), '');
    return { script, syntax: write.syntax };
  });

describe('R3 no shell command that writes is read-only', () => {
  it('R3 a writing part anywhere in a pipeline or list keeps the call, as a script and as bash -lc', () => {
    fc.assert(
      fc.property(scriptArb, ({ script, syntax }) => {
        expect(classifyShellCommand(script).readOnly).toBe(false);
        expect(classifyShellCommand(['bash', '-lc', script]).readOnly).toBe(false);
        // A pattern allowing every command widens the list, never past a write the syntax shows.
        if (syntax) expect(classifyShellCommand(script, { allow: ['*'], deny: [] }).readOnly).toBe(false);
      }),
      RUNS,
    );
  });
});

/**
 * Write patterns kept apart from the classifier: a command word that changes files, installs
 * or runs code, a git subcommand that changes the repository, sed -i, find actions, a
 * redirection to a file, a here-document or a substitution.
 */
const WRITE_COMMANDS =
  /^(rm|rmdir|mv|cp|mkdir|touch|chmod|chown|ln|dd|truncate|install|tee|patch|xargs|python[0-9.]*|node|ruby|perl|php|sudo|make|apt|apt-get|brew|yarn|pnpm|cargo|go)$/;
const WRITE_SEGMENTS = [
  /^git(\s+-\S+)*\s+(commit|checkout|apply|reset|push|pull|merge|rebase|add|rm|mv|clean|init|clone|cherry-pick|revert|tag|switch|restore|fetch|am)\b/,
  /^(pip[0-9.]*|npm|conda|gem)\s+(install|uninstall|remove|update|upgrade|add|ci)\b/,
  /^sed\s(.*\s)?(-[a-zA-Z]*i|--in-place)/,
  /^find\s.*\s-(exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)\b/,
  /^sort\s(.*\s)?(-o|--output)/,
];
const stripQuoted = (s: string) => s.replace(/'[^']*'/g, "''").replace(/"(?:[^"\\]|\\.)*"/g, '""');

function writePatternIn(command: string): string | null {
  if (/<<|[<>$]\(|`/.test(command.replace(/'[^']*'/g, "''"))) return 'here-document or substitution';
  if (/\bsed\b.*['"\s;/]w\s+\S/.test(command)) return 'a sed w command';
  const bare = stripQuoted(command);
  for (const m of bare.matchAll(/(?:\d|&)?>>?\|?\s*(\S*)/g))
    if (!/^(\/dev\/(null|stdout|stderr)|&\d|&-)/.test(m[1])) return `redirection to ${m[1]}`;
  for (const segment of bare.split(/\|\|?|&&|;|\n|&/)) {
    const words = segment.trim().replace(/^([A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, '');
    const first = words.split(/\s+/)[0] ?? '';
    if (WRITE_COMMANDS.test(first)) return `command ${first}`;
    const hit = WRITE_SEGMENTS.find((re) => re.test(words));
    if (hit) return `segment ${words.slice(0, 40)}`;
  }
  return null;
}

describe('R3 the independent write patterns', () => {
  it('R3 flag every writing part the generator uses and no read-only one', () => {
    for (const part of [...WRITES, ...SYNTAX_WRITES, ...REDIRECTS.map((r) => `ls ${r}`)])
      expect(writePatternIn(part), part).not.toBeNull();
    for (const part of READS) expect(writePatternIn(part), part).toBeNull();
  });
});

const DIRS = ['formats', 'corpus', 'corpus-next'].map((sub) => [sub, sharedPath(sub)] as const);
const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** Every shell call's commands in the files the formats read (files they do not read are skipped). */
function sharedShellCommands(dir: string): Array<{ file: string; command: string | string[] }> {
  const out: Array<{ file: string; command: string | string[] }> = [];
  for (const file of walk(dir).filter((f) => !/(\.md|index\.json)$/.test(f))) {
    let source;
    try {
      source = inspectSource(file.endsWith('.eval') ? new Uint8Array(readFileSync(file)) : readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    for (const conversation of source.conversations)
      for (const message of openConversation(source, conversation.key).read.messages)
        for (const block of Array.isArray(message.content) ? message.content : []) {
          if (block.type !== 'tool_call' || !isShellTool(block.name) || typeof block.input !== 'string') continue;
          let input: unknown;
          try {
            input = JSON.parse(block.input);
          } catch {
            continue;
          }
          for (const command of shellCommandsOf(input) ?? []) out.push({ file, command });
        }
  }
  return out;
}

describe.each(DIRS)('R3 every shell call of the shared %s judged read-only matches no write pattern', (sub, dir) => {
  it.skipIf(dir === null)(`R3 ${sub}: read-only verdicts hold against the independent write patterns`, () => {
    if (dir === null) throw new Error(sharedSkipReason(sub));
    const calls = sharedShellCommands(dir);
    expect(calls.length).toBeGreaterThan(0);
    const wrong = calls
      .filter(({ command }) => classifyShellCommand(command).readOnly)
      .map(({ file, command }) => {
        const script = typeof command === 'string' ? command : command.join(' ');
        const hit = writePatternIn(script);
        return hit && `${file}: ${hit}: ${script.slice(0, 120)}`;
      })
      .filter((w) => w !== null);
    expect(wrong).toEqual([]);
  });
});
