/** R3 `shell_command_not_read_only` (R5 refined per call): which shell commands only read. */
import { describe, expect, it } from 'vitest';
import { classifyShellCommand, patternProblem } from '../../../core/engine/shellReadOnly.js';
import { parseScript } from '../../../core/engine/shellSyntax.js';
import { shellCallVerdict, shellCommandsOf } from '../../../core/engine/shellTools.js';

const readOnly = (command: string | string[], patterns = { allow: [] as string[], deny: [] as string[] }) =>
  classifyShellCommand(command, patterns).readOnly;

describe('R3 shell commands that only read', () => {
  it.each([
    'cat README.md',
    'head -n 20 src/a.ts',
    'tail -f log.txt',
    "sed -n '10,20p' src/a.ts",
    "sed -n '/^export/p;$p' a.ts",
    "sed 's/foo/bar/g' a.ts",
    'grep -rn "TODO" src | head -20',
    'rg --files | wc -l',
    'ls -la ~/.claude/projects/ 2>/dev/null | head -20',
    'find . -name "*.py" -type f',
    'git log --oneline -5',
    'git --no-pager diff HEAD~1 -- src',
    'git -C repo status',
    'git show HEAD:README.md',
    'git blame -L 1,10 a.ts',
    'git branch -a',
    'pwd',
    'echo "done"',
    'cd /testbed && grep -n "def visit" pylint/pyreverse/inspector.py',
    'cat a.json | jq ".items[] | .name" | sort | uniq -c',
    "awk '{print $1}' access.log",
    'ls missing 2>&1 || echo "none"',
    'GIT_PAGER=cat git log -1',
    'wc -l *.ts # count lines',
    'test -f a.txt && echo yes',
  ])('R3 %s is read-only', (command) => {
    expect(classifyShellCommand(command)).toEqual({ readOnly: true });
  });

  it('R3 an argument vector is read as its words, and bash -lc reads its script', () => {
    expect(readOnly(['ls', '-la'])).toBe(true);
    expect(readOnly(['bash', '-lc', 'cat a.txt | head'])).toBe(true);
    expect(readOnly(['bash', '-lc', 'echo hi > a.txt'])).toBe(false);
    // A word with a quote or `;` in it is one argument, never a second command.
    expect(readOnly(['echo', "it's; rm -rf /"])).toBe(true);
    expect(readOnly(['rm', '-rf', 'build'])).toBe(false);
  });
});

describe('R3 shell commands that write, run code or cannot be read are not read-only', () => {
  it.each([
    ['mkdir -p build', 'mkdir is not a known read-only command'],
    ['cp a b', 'cp is not a known read-only command'],
    ['rm -rf /tmp/x', 'rm is not a known read-only command'],
    ['mv a b', 'mv is not a known read-only command'],
    ['touch a', 'touch is not a known read-only command'],
    ['chmod 600 a', 'chmod is not a known read-only command'],
    ["echo 'Hello World' > test.txt", 'redirects output to test.txt'],
    ['cat a >> b', 'redirects output to b'],
    ['ls 2> err.log', 'redirects output to err.log'],
    ['ls &> all.log', 'redirects output to all.log'],
    ['grep x a | tee out.txt', 'tee is not a known read-only command'],
    ["sed -i 's/a/b/' f", 'sed -i'],
    ["sed -i.bak 's/a/b/' f", 'sed -i.bak'],
    ["sed -n 'w out' f", 'a sed script that may write or run'],
    ["sed 's/a/b/w out' f", 'a sed script that may write or run'],
    ['find . -name "*.pyc" -delete', 'find -delete'],
    ['find . -exec rm {} \\;', 'find -exec'],
    ['find . -fprint out', 'find -fprint'],
    ['git commit -m x', 'git commit'],
    ['git checkout main', 'git checkout'],
    ['git apply p.diff', 'git apply'],
    ['git diff --output=p.diff', 'git diff --output writes a file'],
    ['git branch feature', 'git branch'],
    ['pip install requests', 'pip install'],
    ['npm install', 'npm install'],
    ['apt-get install -y jq', 'apt-get is not a known read-only command'],
    ['python3 script.py', 'python3 is not a known read-only command'],
    ['node -e "require(1)"', 'node is not a known read-only command'],
    ['patch -p1 < fix.diff', 'patch is not a known read-only command'],
    ["cat <<'EOF' > a.py\nprint(1)\nEOF", 'cannot be read: a here-document'],
    ['echo $(date)', 'cannot be read: command substitution'],
    ['echo `date`', 'cannot be read: command substitution'],
    ['ls $DIR', 'cannot be read: a parameter expansion'],
    ['(cd a && ls)', 'cannot be read: a subshell or group'],
    ['diff <(ls a) <(ls b)', 'cannot be read: process substitution'],
    ['echo "unterminated', 'cannot be read: an unterminated quote'],
    ['sort -o out.txt in.txt', 'sort -o writes a file'],
    ['sort --compress-program=sh big.txt', 'sort --compress-program runs a command'],
    ['git grep -Ovim TODO', 'git grep -O runs a pager command'],
    ['less -o copy.txt a.txt', 'less is not a known read-only command'],
    ['uniq in.txt out.txt', 'uniq with a second operand writes it'],
    ['xargs rm < list', 'xargs is not a known read-only command'],
    ['sudo cat /etc/shadow', 'sudo is not a known read-only command'],
    ['./configure', './configure is not a known read-only command'],
    ['awk \'{print > "out"}\' f', 'an awk program that may write or run'],
    ['bash build.sh', 'bash runs a script file or reads commands from its input'],
    ['cat a <> b', 'redirects output to b'],
    ['', 'an empty command'],
  ])('R3 %j is kept: %s', (command, why) => {
    expect(classifyShellCommand(command)).toEqual({ readOnly: false, why });
  });

  it('R3 every command of a list or pipeline must read: one write anywhere keeps the call', () => {
    expect(readOnly('ls && mkdir -p x')).toBe(false);
    expect(readOnly('cat a | sed -i s/a/b/ b')).toBe(false);
    expect(readOnly('echo ok; rm a')).toBe(false);
    expect(readOnly('grep a b & touch c')).toBe(false);
    expect(readOnly('ls\nrm a')).toBe(false);
  });

  it('R3 a redirection to /dev/null or a descriptor writes no file', () => {
    expect(readOnly('grep x f 2>/dev/null')).toBe(true);
    expect(readOnly('grep x f >/dev/null 2>&1')).toBe(true);
    expect(readOnly('grep x f 1>&2')).toBe(true);
    expect(readOnly('cat < in.txt')).toBe(true);
  });
});

describe('R3 the policy widens or narrows the shell rule with command patterns', () => {
  it('R3 an allow pattern makes a command read-only; a deny pattern wins over both', () => {
    const allow = ['sqlite3 * .tables', 'make -n'];
    expect(readOnly('sqlite3 db.sqlite .tables', { allow, deny: [] })).toBe(true);
    expect(readOnly('sqlite3 db.sqlite "DROP TABLE t"', { allow, deny: [] })).toBe(false);
    expect(readOnly('make -n all | head', { allow, deny: [] })).toBe(true);
    expect(readOnly('git log -1', { allow: [], deny: ['git log'] })).toBe(false);
    expect(readOnly('make -n', { allow, deny: ['make'] })).toBe(false);
    expect(classifyShellCommand('cat a', { allow: [], deny: ['cat'] })).toEqual({
      readOnly: false,
      why: 'matches the excluded pattern "cat"',
    });
  });

  it('R3 no pattern makes a redirection to a file or a substitution read-only', () => {
    expect(readOnly('make -n > plan.txt', { allow: ['make'], deny: [] })).toBe(false);
    expect(readOnly('make -n $(cat targets)', { allow: ['*'], deny: [] })).toBe(false);
  });

  it('R3 a pattern is one command of plain words', () => {
    expect(patternProblem('git log')).toBeNull();
    expect(patternProblem('ls > x')).toBe('"ls > x" is not a command of plain words');
    expect(patternProblem('a && b')).not.toBeNull();
    expect(patternProblem('')).not.toBeNull();
  });
});

describe('R3 shell tools carry their command under command, cmd or commands', () => {
  it('R3 reads command, cmd and commands, and keeps an input without a command', () => {
    expect(shellCommandsOf({ command: 'ls', description: 'list' })).toEqual(['ls']);
    expect(shellCommandsOf({ cmd: 'ls' })).toEqual(['ls']);
    expect(shellCommandsOf({ type: 'exec', command: ['bash', '-lc', 'ls'] })).toEqual([['bash', '-lc', 'ls']]);
    expect(shellCommandsOf({ commands: ['ls', 'pwd'] })).toEqual(['ls', 'pwd']);
    expect(shellCommandsOf({ path: 'a' })).toBeNull();
    const none = { allow: [], deny: [] };
    expect(shellCallVerdict({ commands: ['ls', 'rm a'] }, none).readOnly).toBe(false);
    expect(shellCallVerdict({ path: 'a' }, none)).toEqual({ readOnly: false, why: 'the input holds no command' });
  });

  it('R3 the tokenizer names the descriptor of a redirection apart from a word', () => {
    expect(parseScript('echo 2 > f')).toEqual({
      ok: true,
      commands: [{ words: ['echo', '2'], redirects: [{ op: '>', target: 'f' }] }],
    });
    expect(parseScript('ls 2>/dev/null')).toEqual({
      ok: true,
      commands: [{ words: ['ls'], redirects: [{ op: '>', target: '/dev/null' }] }],
    });
  });
});
