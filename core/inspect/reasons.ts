/**
 * A decision's evidence as reasons a person reads: the offline model (core/engine/offline/
 * model.ts) writes one line per signal, "<what it saw>: keep_result +1.57 toward keep, keep_call
 * −0.40 toward drop", plus its baseline and the goal's rules (caps and floors). This parses those
 * lines, says in words which way each pushes the two answers (R8: the call, the full result), and
 * ranks them: the goal's rules first (they override the sum), then signals by how far they moved
 * the answer that decided the action (R12: keep_result for `keep`, both otherwise). The baseline
 * is a prior, not a reason, and goes with the rest. Lines from other backends that do not parse
 * stay as they are, after the ranked ones.
 */
import type { Action } from '../engine/schema.js';

export interface Reason {
  /** What the model saw, as the model wrote it, first letter capitalised. */
  text: string;
  /** Signed logit contributions (above zero leans to keep); null when the line names none. */
  result: number | null;
  call: number | null;
  /** `rule`: a cap or floor from the goal; `signal`: a weighted term; `baseline`; `note`: unparsed. */
  kind: 'rule' | 'signal' | 'baseline' | 'note';
  /** The push in words, e.g. "toward keeping the result and dropping the call"; '' for a note. */
  effect: string;
}

export interface RankedReasons {
  top: Reason[];
  rest: Reason[];
  /** The largest |contribution| over every reason, for scaling bars alike; 0 when none. */
  scale: number;
}

const TERM =
  /^(.*): keep_result ([+−-])(\d+(?:\.\d+)?) toward (?:keep|drop), keep_call ([+−-])(\d+(?:\.\d+)?) toward (?:keep|drop)$/;
const RULE =
  /: keep_call and keep_result at (most|least) [\d.]+$|: kept whatever its size, keep_result at least [\d.]+$/;

const number = (sign: string, digits: string) => (sign === '+' ? 1 : -1) * Number(digits);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const way = (x: number) => (x >= 0 ? 'keeping' : 'dropping');

/** "toward keeping the result and the call", "toward dropping the result, keeping the call". */
export function effectInWords(result: number, call: number): string {
  if (way(result) === way(call)) return `toward ${way(result)} the result and the call`;
  return `toward ${way(result)} the result, ${way(call)} the call`;
}

export function parseReason(line: string): Reason {
  const term = TERM.exec(line);
  if (term) {
    const result = number(term[2], term[3]);
    const call = number(term[4], term[5]);
    const baseline = term[1] === 'baseline before any evidence';
    return {
      text: baseline ? 'Where every call starts, before any signal' : capital(term[1]),
      result,
      call,
      kind: baseline ? 'baseline' : 'signal',
      effect: effectInWords(result, call),
    };
  }
  if (RULE.test(line)) {
    const floor = line.includes('at least');
    const cut = line.lastIndexOf(': ');
    return {
      text: capital(line.slice(0, cut)),
      result: null,
      call: null,
      kind: 'rule',
      effect: floor ? 'keeps the full result whatever the sum says' : 'caps both answers below the sum',
    };
  }
  return { text: capital(line), result: null, call: null, kind: 'note', effect: '' };
}

/** How far a signal moved the answer(s) that decided `action` (R12). */
function weight(reason: Reason, action: Action | null): number {
  const r = Math.abs(reason.result ?? 0);
  const c = Math.abs(reason.call ?? 0);
  return action === 'keep' ? r : r + c;
}

/** The `shown` strongest reasons (rules first), the rest in the model's order. */
export function rankReasons(lines: readonly string[], action: Action | null, shown = 3): RankedReasons {
  const reasons = lines.map(parseReason);
  const rules = reasons.filter((r) => r.kind === 'rule');
  const signals = reasons
    .filter((r) => r.kind === 'signal')
    .map((r, i) => ({ r, i }))
    .sort((a, b) => weight(b.r, action) - weight(a.r, action) || a.i - b.i)
    .map(({ r }) => r);
  const ranked = [...rules, ...signals];
  const top = ranked.slice(0, shown);
  const rest = reasons.filter((r) => !top.includes(r));
  const scale = Math.max(0, ...reasons.flatMap((r) => [Math.abs(r.result ?? 0), Math.abs(r.call ?? 0)]));
  return { top, rest, scale };
}

/** The first `shown` items of a long list and how many more stand behind an expander. */
export function firstOf<T>(items: readonly T[], shown: number): { first: readonly T[]; more: number } {
  return { first: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}
