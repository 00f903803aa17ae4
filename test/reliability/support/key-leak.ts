/**
 * The key-leak suite's vocabulary: keys of every awkward shape, the provider behaviours that
 * could carry a key back (fakeOpenAI's echoes, a hang, a reset), and the one check of a
 * surface's text for the key or any identifying piece of it.
 */
import { IDENTIFYING_CHARS, keyForms } from '../../../core/engine/openai/index.js';
import type { EchoPlace, Reply } from '../../support/fakeOpenAI.js';
import { ECHO_PLACES } from '../../support/fakeOpenAI.js';

/** As configured (DECISION_MODEL_API_KEY); the key sent is the trimmed value. */
export const LEAK_KEYS: ReadonlyArray<{ shape: string; key: string }> = [
  { shape: 'sk-…', key: 'sk-proj-Abc123XyZ0987654321qwertyuiopASDF' },
  { shape: 'no prefix', key: 'f3b9c2a1d4e5f6a7b8c9d0e1f2a3b4c5' },
  { shape: 'with " and \\', key: 'sk-q"uo\\te-0123456789abcdef' },
  { shape: 'surrounding spaces', key: '   sk-spaced-0123456789abcdef  ' },
  { shape: 'one character', key: 'e' },
  { shape: 'regex metacharacters', key: 'a.b*c+d?e(f)[g]{h}|i^j$k\\l' },
];

export type Probe = EchoPlace | 'hang' | 'reset';
export const PROBES: readonly Probe[] = [...ECHO_PLACES, 'hang', 'reset'];

export function probeReply(probe: Probe): Reply {
  if (probe === 'hang') return { hang: true };
  if (probe === 'reset') return { reset: true };
  return { echo: probe };
}

/**
 * Where `text` shows the key: any piece of IDENTIFYING_CHARS characters of any form of it.
 * A shorter key is ordinary text (`e` is in every sentence), so for it the check is the
 * places the fake provider quotes it: after `Bearer ` and after `provided: `.
 */
export function keyLeaks(text: string, configured: string): string[] {
  const key = configured.trim();
  const forms = keyForms(key);
  if (key.length < IDENTIFYING_CHARS)
    return forms.flatMap((f) => [`Bearer ${f}`, `provided: ${f}`]).filter((quoted) => text.includes(quoted));
  const found = new Set<string>();
  for (const form of forms)
    for (let i = 0; i + IDENTIFYING_CHARS <= form.length; i++) {
      const piece = form.slice(i, i + IDENTIFYING_CHARS);
      if (text.includes(piece)) found.add(piece);
    }
  return [...found];
}

/** The text blocks of a history, in order: what compaction must never rewrite (R14). */
export function historyTexts(messages: unknown): string[] {
  const out: string[] = [];
  for (const message of messages as Array<{ content?: unknown }>)
    for (const block of Array.isArray(message.content) ? message.content : [])
      if ((block as { type?: string }).type === 'text') out.push((block as { text: string }).text);
  return out;
}
