/**
 * The terms that identify what a call worked on — its target — as later messages would name it:
 * a path and its distinctive segments, an identifier, a search pattern or another short quoted
 * value of its input. Common words and path pieces that unrelated calls share (`web`, `src`,
 * `test`, `docs`, `main`) never identify a target: a later "web" says nothing about
 * `web/styles`. How specific a term is in one history is measured separately (`specificity`),
 * over every call's input and result. Deterministic; used by the evidence links and the offline
 * model (docs/decision-model.md, "Later mentions").
 */
import { distinctiveTerms } from './distinctive.js';

/** Path pieces and words that name a kind of place, not a thing: shared by unrelated calls. */
export const GENERIC_TERMS: ReadonlySet<string> = new Set(
  (
    'web src lib libs app apps test tests spec specs docs doc main bin build dist out public static assets config ' +
    'configs conf scripts script tmp temp var etc usr home opt internal pkg cmd api core common shared utils util ' +
    'helpers components styles style data logs log db www site server client packages modules vendor node_modules ' +
    'include examples example fixtures testbed repo workspace project root index master dev prod local users user ' +
    'readme http https com org www json yaml yml txt html css md'
  ).split(' '),
);

/** At most this many terms per call: a long command names its target in its first few. */
export const MAX_TARGET_TERMS = 8;

const COMPOUND = /[-_.\d]|[a-z][A-Z]/;
const PATH_LIKE = /^[~.]?[A-Za-z0-9_.~-]*\/[A-Za-z0-9_.~/-]*$/;
const SHORT_VALUE = /^[^\s]{3,80}$/;

function keepTerm(out: Set<string>, raw: string): void {
  const term = raw
    .replace(/^[^A-Za-z0-9_]+/, '')
    .replace(/[^A-Za-z0-9_]+$/, '')
    .toLowerCase();
  if (term.length < 3 || GENERIC_TERMS.has(term)) return;
  // Short numbers (line counts, ports) and bare words of two letters match by chance.
  if (/^\d+$/.test(term) && term.length < 4) return;
  out.add(term);
}

/** A path, its file name, and the segments that are compound names (`orders-v1`, `0042_add_index`). */
function addPathTerms(out: Set<string>, path: string): void {
  const clean = path.replace(/^\.\//, '').replace(/\/+$/, '');
  if (!clean.includes('/') || clean.length < 4) {
    keepTerm(out, clean);
    return;
  }
  keepTerm(out, clean);
  const segments = clean.split('/').filter(Boolean);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (last ? segment.length >= 4 : COMPOUND.test(segment)) keepTerm(out, segment);
  });
}

/**
 * The terms identifying a call's target (lower-cased, first-seen order), from the string values
 * of its input one a line (`callInputText` in evidence.ts).
 */
export function targetTerms(inputValues: string): string[] {
  const out = new Set<string>();
  for (const value of inputValues.split('\n')) {
    const v = value.trim();
    if (v === '') continue;
    if (PATH_LIKE.test(v)) addPathTerms(out, v);
    // A pattern, an identifier or a name given alone is the target as the agent named it.
    else if (SHORT_VALUE.test(v)) keepTerm(out, v);
    else
      for (const term of distinctiveTerms(v)) {
        if (term.includes('/') && !term.includes(' ')) addPathTerms(out, term);
        else keepTerm(out, term);
      }
    if (out.size >= MAX_TARGET_TERMS) break;
  }
  return [...out].slice(0, MAX_TARGET_TERMS);
}

/**
 * How specific a term is in one history, in [0, 1]: 1 when only one of `calls` calls holds it
 * in its input or result, falling towards 0 as more calls do (an IDF scaled to its maximum).
 */
export function specificity(holders: number, calls: number): number {
  const n = Math.max(1, calls);
  const df = Math.min(n, Math.max(1, holders));
  return n === 1 ? 1 : Math.log((n + 1) / df) / Math.log(n + 1);
}
