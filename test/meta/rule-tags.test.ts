/**
 * A test name is a claim about a rule: every `R<n>` and `§<n>` in a vitest or Playwright test
 * name must be a rule or section of ../shared/SPEC.md. Names are read from the source (the
 * literal first argument of `it`, `test` and `describe`; the text parts of a template), so a
 * name built only at run time is not checked.
 *
 * Without ../shared (a clone elsewhere) the names are checked against `KNOWN_RULES` and
 * `KNOWN_SECTIONS` below, so a typo still fails; with SPEC.md present, those lists must equal
 * what SPEC.md defines, so they cannot drift from it unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, sharedPath, sharedSkipReason } from '../support/shared.js';

const KNOWN_RULES = Array.from({ length: 15 }, (_, i) => i + 1);
const KNOWN_SECTIONS = Array.from({ length: 9 }, (_, i) => i + 1);

const TEST_FILE = /\.(test|spec|bench|fuzz)\.tsx?$/;
// `it(`, `test.skip(`, `describe.skipIf(cond)(`, `it.each([...])(` … up to the opening quote.
const CALL = /\b(?:it|test|describe)(?:\.[A-Za-z]+(?:\([^()]*\))?)*\(\s*(['"`])/g;

interface TestName {
  file: string;
  line: number;
  name: string;
}

/** The literal names of the tests and suites in `source`; template placeholders become `…`. */
function testNames(source: string, file = ''): TestName[] {
  const names: TestName[] = [];
  for (const match of source.matchAll(CALL)) {
    const quote = match[1];
    let name = '';
    let i = (match.index ?? 0) + match[0].length;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') {
        name += source[i + 1] ?? '';
        i += 2;
      } else if (quote === '`' && source.startsWith('${', i)) {
        let depth = 1;
        for (i += 2; i < source.length && depth > 0; i++) depth += source[i] === '{' ? 1 : source[i] === '}' ? -1 : 0;
        name += '…';
      } else name += source[i++];
    }
    names.push({ file, line: source.slice(0, match.index).split('\n').length, name });
  }
  return names;
}

/** `R<n>` and `§<n>` tags of a name that SPEC does not define. */
function unknownTags(name: string, rules: ReadonlySet<number>, sections: ReadonlySet<number>): string[] {
  const unknown: string[] = [];
  for (const [tag, kind, n] of name.matchAll(/(?<![A-Za-z0-9])(R|§)(\d+)\b/g))
    if (!(kind === 'R' ? rules : sections).has(Number(n))) unknown.push(tag);
  return unknown;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

const specPath = sharedPath('SPEC.md');
const spec = specPath === null ? null : readFileSync(specPath, 'utf8');
const specRules = spec === null ? null : [...spec.matchAll(/^- \*\*R(\d+)\*\*/gm)].map((m) => Number(m[1]));
const specSections = spec === null ? null : [...spec.matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1]));

const rules = new Set(specRules ?? KNOWN_RULES);
const sections = new Set(specSections ?? KNOWN_SECTIONS);
const allNames = testFiles(join(REPO_ROOT, 'test')).flatMap((path) =>
  testNames(readFileSync(path, 'utf8'), relative(REPO_ROOT, path)),
);

describe('test names cite rules that exist', () => {
  it('the name reader finds literal, template and modified names, and flags a rule SPEC lacks', () => {
    const source = [
      "it('R3 guards', () => {});",
      'describe.skipIf(x === null)(`R10 HTTP ${status} is retried`, () => {});',
      "test.skip('§8 exit codes \\'quoted\\'', async () => {});",
      // Spelled so that the walk over this very file does not read it as a test name.
      `it.each([1, 2])('R${99} not a rule %s', () => {});`,
    ].join('\n');
    expect(testNames(source).map((n) => n.name)).toEqual([
      'R3 guards',
      'R10 HTTP … is retried',
      "§8 exit codes 'quoted'",
      'R99 not a rule %s',
    ]);
    expect(unknownTags('R99 not a rule; R3 is; §8 is; §12 is not; PR12 is no tag', rules, sections)).toEqual([
      'R99',
      '§12',
    ]);
  });

  it('every R<n> and §<n> in a vitest or Playwright test name is a rule or section of SPEC.md', () => {
    // The walk must reach both runners' files, or the check below proves nothing.
    expect(allNames.some((n) => n.file.endsWith('.spec.ts') && /\bR\d+/.test(n.name))).toBe(true);
    expect(allNames.filter((n) => /\bR\d+/.test(n.name)).length).toBeGreaterThan(100);
    const wrong = allNames
      .map((n) => ({ ...n, unknown: unknownTags(n.name, rules, sections) }))
      .filter((n) => n.unknown.length > 0)
      .map((n) => `${n.file}:${n.line} ${n.unknown.join(', ')} in "${n.name}"`);
    expect(wrong).toEqual([]);
  });

  it.skipIf(spec === null)(
    spec === null ? sharedSkipReason('SPEC.md') : 'the fallback rule and section lists equal those SPEC.md defines',
    () => {
      expect(specRules).toEqual(KNOWN_RULES);
      expect(specSections).toEqual(KNOWN_SECTIONS);
    },
  );
});
