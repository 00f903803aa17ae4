/**
 * Where each top-level member's value starts in a JSON object text. Logprobs come per
 * token, so reading the probability of an answer needs the character position of that
 * answer; JSON.parse does not give positions, hence this small scanner.
 */

export interface MemberSpan {
  /** Offset of the value's first character (its opening quote for a string). */
  valueStart: number;
  /** For a string value: offset of its first character inside the quotes. */
  innerStart: number | null;
}

class ScanError extends Error {}

/** Member spans keyed by decoded key, or null when `text` is not one JSON object (or repeats a key). */
export function memberSpans(text: string): Map<string, MemberSpan> | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) throw new ScanError(`expected ${ch} at ${i}`);
    i++;
  };
  const string = (): string => {
    const start = i;
    expect('"');
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    expect('"');
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '"') return void string();
    if (ch === '{' || ch === '[') {
      const close = ch === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) return void i++;
      for (;;) {
        if (ch === '{') {
          ws();
          string();
          ws();
          expect(':');
        }
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect(close);
      }
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (!literal) throw new ScanError(`unexpected character at ${i}`);
    i += literal[0].length;
  };

  try {
    const spans = new Map<string, MemberSpan>();
    ws();
    expect('{');
    ws();
    if (text[i] === '}') i++;
    else {
      for (;;) {
        ws();
        const key = string();
        ws();
        expect(':');
        ws();
        const valueStart = i;
        value();
        if (spans.has(key)) return null;
        spans.set(key, { valueStart, innerStart: text[valueStart] === '"' ? valueStart + 1 : null });
        ws();
        if (text[i] === ',') i++;
        else {
          expect('}');
          break;
        }
      }
    }
    ws();
    return i === text.length ? spans : null;
  } catch (error) {
    if (error instanceof ScanError || error instanceof SyntaxError) return null;
    throw error;
  }
}
