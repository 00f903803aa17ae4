/** Small text helpers that respect code points (a surrogate pair is never split). */

/** The first `count` code points of `text`. */
export function headCodePoints(text: string, count: number): string {
  if (count <= 0) return '';
  let units = 0;
  let points = 0;
  while (units < text.length && points < count) {
    const code = text.charCodeAt(units);
    const isHighSurrogate = code >= 0xd800 && code <= 0xdbff;
    const next = units + 1 < text.length ? text.charCodeAt(units + 1) : 0;
    units += isHighSurrogate && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    points++;
  }
  return text.slice(0, units);
}

export function countCodePoints(text: string): number {
  let points = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    points++;
  }
  return points;
}

/** `text` cut to `limit` code points, with a note saying how much was cut. */
export function shorten(text: string, limit: number): string {
  const head = headCodePoints(text, limit);
  if (head.length === text.length) return text;
  return `${head}…[+${text.length - head.length} chars]`;
}
