/**
 * R3 `shell_command_not_read_only`: the shell command language as far as the read-only rule
 * (shellReadOnly.ts) needs it — a script split into simple commands (words and redirections)
 * joined by `|`, `|&`, `&&`, `||`, `;`, `&` or newlines, which the rule treats alike: every
 * command of a list or pipeline runs. Quoting follows POSIX (sh "Token Recognition", "Quoting").
 *
 * Conservative by construction: whatever could run a command or write a file that the words do
 * not show — command or process substitution, parameter expansion, subshells and groups,
 * here-documents, here-strings — is not parsed but reported as `unsupported`, and the rule
 * never reads such a script as read-only. An npm parser (shell-quote) was not used: it expands
 * variables, reads `2>/dev/null` as the word `2` then `>`, and says nothing of here-documents.
 */

export interface Redirect {
  /** `<`, `>`, `>>`, `>|`, `<>`, `>&`, `<&`, `&>` or `&>>`. */
  op: string;
  target: string;
}

export interface SimpleCommand {
  words: string[];
  redirects: Redirect[];
}

export type ParsedScript = { ok: true; commands: SimpleCommand[] } | { ok: false; why: string };

const OPERATOR_CHARS = new Set(['|', '&', ';', '<', '>', '(', ')', '\n']);
const BLANK = new Set([' ', '\t', '\r']);
/** After `$`, these start an expansion; any other character leaves the `$` literal. */
const EXPANSION_START = /[A-Za-z0-9_{(@*#?$!-]/;

class Unsupported extends Error {}

/** Splits `script` into simple commands, or says what it cannot read. */
export function parseScript(script: string): ParsedScript {
  try {
    return { ok: true, commands: new Lexer(script).commands() };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, why: error.message };
    throw error;
  }
}

/** A word quoted so that the lexer reads it back exactly, with nothing expanded. */
export function quoteWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

class Lexer {
  private i = 0;
  private readonly out: SimpleCommand[] = [];
  private current: SimpleCommand = { words: [], redirects: [] };

  constructor(private readonly s: string) {}

  commands(): SimpleCommand[] {
    for (;;) {
      this.skipBlanks();
      if (this.i >= this.s.length) break;
      const c = this.s[this.i];
      if (c === '#') this.skipComment();
      else if (OPERATOR_CHARS.has(c)) this.operator();
      else this.wordOrFdRedirect();
    }
    this.endCommand();
    return this.out;
  }

  private skipBlanks() {
    while (this.i < this.s.length) {
      if (BLANK.has(this.s[this.i])) this.i++;
      else if (this.s.startsWith('\\\n', this.i)) this.i += 2;
      else break;
    }
  }

  private skipComment() {
    while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
  }

  private endCommand() {
    if (this.current.words.length > 0 || this.current.redirects.length > 0) this.out.push(this.current);
    this.current = { words: [], redirects: [] };
  }

  private operator() {
    const rest = this.s.slice(this.i, this.i + 3);
    if (rest[0] === '(' || rest[0] === ')') throw new Unsupported('a subshell or group');
    if (rest.startsWith('&>')) return this.redirect(rest.startsWith('&>>') ? '&>>' : '&>');
    if (rest[0] === '<' || rest[0] === '>') return this.redirect(this.redirectOp());
    const op = ['&&', '||', '|&', ';;'].find((o) => rest.startsWith(o)) ?? rest[0];
    if (op === ';;') throw new Unsupported('a case clause');
    this.i += op.length;
    this.endCommand();
  }

  private redirectOp(): string {
    const rest = this.s.slice(this.i, this.i + 3);
    if (rest.startsWith('<<')) throw new Unsupported(rest.startsWith('<<<') ? 'a here-string' : 'a here-document');
    if (rest.startsWith('<(') || rest.startsWith('>(')) throw new Unsupported('process substitution');
    return ['>>', '>|', '<>', '>&', '<&'].find((o) => rest.startsWith(o)) ?? rest[0];
  }

  private redirect(op: string) {
    this.i += op.length;
    this.skipBlanks();
    const target = this.i < this.s.length && !OPERATOR_CHARS.has(this.s[this.i]) ? this.word() : null;
    if (target === null) throw new Unsupported(`a redirection ${op} without a target`);
    this.current.redirects.push({ op, target });
  }

  /** A word; digits right before `<` or `>` name the redirected descriptor (`2>/dev/null`). */
  private wordOrFdRedirect() {
    const start = this.i;
    const word = this.word();
    const next = this.s[this.i];
    if ((next === '<' || next === '>') && /^[0-9]+$/.test(this.s.slice(start, this.i))) {
      this.redirect(this.redirectOp());
      return;
    }
    this.current.words.push(word);
  }

  private word(): string {
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i];
      if (BLANK.has(c) || OPERATOR_CHARS.has(c)) break;
      if (c === "'") out += this.singleQuoted();
      else if (c === '"') out += this.doubleQuoted();
      else if (c === '\\') {
        if (this.s[this.i + 1] === undefined) throw new Unsupported('a trailing backslash');
        if (this.s[this.i + 1] !== '\n') out += this.s[this.i + 1];
        this.i += 2;
      } else {
        this.checkExpansion(c);
        out += c;
        this.i++;
      }
    }
    return out;
  }

  private singleQuoted(): string {
    const end = this.s.indexOf("'", this.i + 1);
    if (end < 0) throw new Unsupported('an unterminated quote');
    const text = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return text;
  }

  private doubleQuoted(): string {
    let out = '';
    this.i++;
    while (this.i < this.s.length) {
      const c = this.s[this.i];
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === '\\' && '$`"\\\n'.includes(this.s[this.i + 1] ?? '')) {
        if (this.s[this.i + 1] !== '\n') out += this.s[this.i + 1];
        this.i += 2;
        continue;
      }
      this.checkExpansion(c);
      out += c;
      this.i++;
    }
    throw new Unsupported('an unterminated quote');
  }

  /** `` ` `` and `$…` are substitutions or expansions whose value the words do not show. */
  private checkExpansion(c: string) {
    if (c === '`') throw new Unsupported('command substitution');
    if (c === '$' && EXPANSION_START.test(this.s[this.i + 1] ?? '')) {
      throw new Unsupported(this.s[this.i + 1] === '(' ? 'command substitution' : 'a parameter expansion');
    }
  }
}
