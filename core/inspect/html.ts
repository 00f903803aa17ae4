/**
 * HTML text for the self-contained pages core writes (the audit report, eval's page): every text
 * escaped, and every character that changes how text displays without being seen shown as a
 * visible marker instead (`⟨U+202E⟩`). A right-to-left override in a tool or file name can make
 * `evil<U+202E>txt.exe` read as `evilexe.txt`, and zero-width or tag characters hide text a reviewer
 * approves without seeing: the report must show what the file holds. Plain text, not markup,
 * so the same escape serves element content and quoted attribute values.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks), zero-width and other
 * invisible format characters (soft hyphen, joiners, word joiner, invisible operators, BOM,
 * Hangul fillers) and the tag block (U+E0000–U+E007F, invisible "ASCII" smuggled in text).
 */
const HIDDEN =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;

/** `⟨U+202E⟩` for one hidden character. */
export function hiddenMarker(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** Text safe in element content and in quoted attribute values, hidden characters made visible. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c).replace(HIDDEN, hiddenMarker);
}
