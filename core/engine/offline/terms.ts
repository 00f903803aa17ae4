/**
 * Term extraction for the offline model: paths and identifiers split on `/._-` and camelCase,
 * numbers, quoted strings; lower-cased and lightly stemmed so `retries` meets `retry`.
 */

const STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see two way who boy did its let put say she too use ' +
    'that with have this will your from they know want been good much some time very when come here just like long make many more only over such take than them well were ' +
    'what into then there these their would could should about after again also because before being between both does doing down during each few further ' +
    'most other same should through under until while which where why yes yet whose whom shall might must may ' +
    'true false null none json input output text type name value path file line lines'
  ).split(' '),
);

/** Light stemming: enough to meet plural and verb forms without a dictionary. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/** Splits `paymentRetryPolicy`, `payment_retry`, `HTTPServer2` into their words. */
function splitIdentifier(token: string): string[] {
  return token
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
}

/** Distinct terms of `text`, in first-seen order. */
export function extractTerms(text: string): string[] {
  const seen = new Set<string>();
  const add = (term: string) => {
    if (term.length < 3 && !/^\d{2,}$/.test(term)) return;
    if (STOPWORDS.has(term)) return;
    seen.add(term);
  };
  for (const match of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const token = match[0];
    if (/^\d+$/.test(token)) {
      add(token);
      continue;
    }
    const parts = splitIdentifier(token);
    for (const part of parts) add(stem(part.toLowerCase()));
    // The whole identifier too, so `retry_policy` in a goal meets exactly that identifier.
    if (parts.length > 1) add(token.toLowerCase());
  }
  // Hyphenated names (`orders-v1`, `pg-orders-3`) as a whole too: their parts are common words,
  // the compound is what a goal and a call input share.
  for (const match of text.matchAll(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g))
    if (/[A-Za-z]/.test(match[0])) add(match[0].toLowerCase());
  return [...seen];
}

/** Words in a goal that ask for exact, verbatim evidence (p_result). */
export const EXACT_CUES = [
  'exact',
  'exactly',
  'verbatim',
  'quote',
  'quoted',
  'quoting',
  'patch',
  'diff',
  'offset',
  'offsets',
  'line number',
  'line numbers',
  'log line',
  'log lines',
  'sql',
  'literal',
  'byte',
  'checksum',
  'stack trace',
  'traceback',
  'cite',
  'copy',
];

/** Words that mark a goal clause as about finished or irrelevant work. */
export const DISMISSIVE_CUES = [
  'irrelevant',
  'obsolete',
  'completed',
  'finished',
  'done',
  'ignore',
  'unrelated',
  'no longer',
  'not needed',
  'retired',
  'stale',
  'old',
];

/** The cues of `cues` that occur in `text` as whole words. */
export function cuesIn(text: string, cues: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return cues.filter((cue) => new RegExp(`(^|[^a-z])${cue.replace(/ /g, '\\s+')}([^a-z]|$)`).test(lower));
}
