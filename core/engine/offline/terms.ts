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

/**
 * Light stemming, enough to meet plural and verb forms without a dictionary: `retries` meets
 * `retry`, `sending`/`sends`/`send`, `preserved`/`preserve`, `dropping`/`drop`, `uses`/`used`.
 */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    // Bounded: a long-running host sees many histories.
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, (stemmed = stemWord(word)));
  }
  return stemmed;
}

// A history repeats its words many times over: each is stemmed once (a third of the offline
// model's term extraction on a 0.5 MB session, test/bench/cli.bench.ts).
const stems = new Map<string, string>();
const MAX_STEMS = 100_000;

function stemWord(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const suffix = w.length >= 5 && w.endsWith('ing') ? 3 : w.length >= 4 && /[^e]ed$/.test(w) ? 2 : 0;
  // Only when a vowel stays (`string`, `spring` keep their `ing`).
  if (suffix > 0 && /[aeiouy]/.test(w.slice(0, -suffix))) {
    w = w.slice(0, -suffix);
    if (/([b-df-hj-km-np-tv-xz])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  } else if (w.length >= 7 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 2 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const UPPER_OR_UNDERSCORE = /[A-Z_]/;

/** Splits `paymentRetryPolicy`, `payment_retry`, `HTTPServer2` into their words. */
function splitIdentifier(token: string): string[] {
  return token
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
}

/**
 * Distinct terms of `text`, in first-seen order. `surfaces`, when given, learns the word as
 * written for each stemmed term (`theme` for `them`), for evidence a person reads.
 */
export function extractTerms(text: string, surfaces?: Map<string, string>): string[] {
  const seen = new Set<string>();
  const keep = (term: string, written: string) => {
    seen.add(term);
    if (surfaces && !surfaces.has(term)) surfaces.set(term, written);
  };
  const add = (term: string) => {
    if (term.length < 3 && !/^\d{2,}$/.test(term)) return;
    if (STOPWORDS.has(term)) return;
    keep(term, term);
  };
  // Stop words are told by the word as written: a stem may spell one (`theme` → `them`).
  const addWord = (word: string) => {
    const stemmed = stem(word);
    if (!STOPWORDS.has(word) && (stemmed.length >= 3 || /^\d{2,}$/.test(stemmed))) keep(stemmed, word);
  };
  for (const match of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const token = match[0];
    if (/^\d+$/.test(token)) {
      add(token);
      continue;
    }
    // Only capitals and underscores split a token: a plain lower-case word is its own part.
    const parts = UPPER_OR_UNDERSCORE.test(token) ? splitIdentifier(token) : [token];
    for (const part of parts) addWord(part.toLowerCase());
    // The whole identifier too, so `retry_policy` in a goal meets exactly that identifier.
    if (parts.length > 1) add(token.toLowerCase());
  }
  // Hyphenated names (`orders-v1`, `pg-orders-3`) as a whole too: their parts are common words,
  // the compound is what a goal and a call input share.
  // The lookbehind starts a match only where an alphanumeric run starts (a match found inside a
  // run would start at its beginning anyway): the same matches, without retrying every position.
  if (text.includes('-'))
    for (const match of text.matchAll(/(?<![A-Za-z0-9])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g))
      if (/[A-Za-z]/.test(match[0])) add(match[0].toLowerCase());
  return [...seen];
}

/** A term that names something (an identifier, a path part, a number, a compound) rather than a plain word. */
export function isNameTerm(term: string): boolean {
  return /[^a-z]/.test(term) || term.length >= 12;
}
