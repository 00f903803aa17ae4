/**
 * JSON as Python's `json.dumps` writes it by default (`allow_nan=True`): bare `NaN`,
 * `Infinity` and `-Infinity` where a number goes, which JSON.parse refuses (smolagents' GAIA
 * outputs carry `"agent_error": NaN`). Read here only after JSON.parse failed, so strict JSON
 * never pays for it; the values become JavaScript's NaN and ±Infinity. Nothing is written
 * back from them: an export copies every unedited value from the source text (splice.ts), so
 * the spelling stays `NaN` (SPEC §9).
 *
 * Each token outside a string becomes a marker string, and JSON.parse's reviver turns the
 * markers back into numbers: JSON.parse still checks everything else. No JSON string can hold
 * a marker unless the text spells `\u0000` before it, and such a text is refused.
 */

const TOKENS: ReadonlyArray<readonly [string, number]> = [
  ['-Infinity', -Infinity],
  ['Infinity', Infinity],
  ['NaN', NaN],
];
const MARK = '\u0000non-finite:';

/** The value of `text` with non-finite numbers, or null when it holds none outside strings (or is not JSON). */
export function parseNonFinite(text: string): unknown {
  if (/\\u0000non-finite:/i.test(text)) return null;
  const parts: string[] = [];
  let from = 0;
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = endOfString(text, i) - 1;
      continue;
    }
    if (c !== 0x4e && c !== 0x49 && c !== 0x2d) continue;
    const token = TOKENS.find(([spelling]) => text.startsWith(spelling, i));
    if (!token) continue;
    parts.push(text.slice(from, i), JSON.stringify(MARK + token[0]));
    i += token[0].length - 1;
    from = i + 1;
    found++;
  }
  if (found === 0) return null;
  parts.push(text.slice(from));
  const values = new Map(TOKENS.map(([spelling, value]) => [MARK + spelling, value]));
  try {
    return JSON.parse(parts.join(''), (_key, value: unknown) =>
      typeof value === 'string' && values.has(value) ? values.get(value) : value,
    );
  } catch {
    return null;
  }
}

/** The offset after the string opening at `offset` (its end when unterminated: JSON.parse then refuses). */
function endOfString(text: string, offset: number): number {
  for (let i = offset + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}
