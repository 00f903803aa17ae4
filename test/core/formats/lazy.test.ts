/**
 * SPEC §9 "Sources": the detection registry (core/formats/detection.ts) is the adapters' own
 * detection, in the same tie-break order, and opening a file while loading only its format's
 * adapter (core/formats/lazy.ts) gives what `openSource` gives — the same source, or the same
 * error — on every real file, our own fixtures and the usual mistakes.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTER_LOADERS, FORMAT_INFOS } from '../../../core/formats/detection.js';
import { FORMAT_IDS, FORMATS, openSource } from '../../../core/formats/index.js';
import { openSourceLazily } from '../../../core/formats/lazy.js';
import { OWN_FIXTURES } from './ownFixtures.js';
import { FIXTURES, fixtureText, FORMATS_DIR } from './support.js';

describe('§9 detection without the adapters', () => {
  it('§9 every adapter is registered with its own detect, names and patterns, in FORMATS order', async () => {
    expect(FORMAT_INFOS.map((f) => f.id)).toEqual(FORMATS.map((f) => f.id));
    expect(FORMAT_INFOS.map((f) => f.id)).toEqual([...FORMAT_IDS]);
    for (const [i, info] of FORMAT_INFOS.entries()) {
      const adapter = FORMATS[i];
      expect(info.detect).toBe(adapter.detect);
      expect([info.name, info.reads, info.patterns]).toEqual([adapter.name, adapter.reads, adapter.patterns]);
      expect(await ADAPTER_LOADERS[info.id]()).toBe(adapter);
    }
  });
});

/** What opening `text` gives: the source, or the error's class, reason and message. */
async function outcome(open: () => unknown): Promise<unknown> {
  try {
    return await open();
  } catch (error) {
    const { name, message, reason } = error as Error & { reason?: string };
    return { name, message, reason };
  }
}

const texts: Array<{ name: string; text: string; choice?: { format?: string; conversation?: string } }> = [
  ...(FORMATS_DIR ? FIXTURES.map((f) => ({ name: f.file, text: fixtureText(f) })) : []),
  ...OWN_FIXTURES.map((f) => ({ name: `own: ${f.name}`, text: f.text })),
  { name: 'not JSON', text: 'messages.json' },
  { name: 'no history', text: '{"a": 1}' },
  { name: 'empty list', text: '[]' },
  { name: 'a named format', text: '[{"role":"user","content":"hi"}]', choice: { format: 'openai-chat' } },
  { name: 'an unknown format', text: '[]', choice: { format: 'nope' } },
  { name: 'an unknown conversation', text: '[{"role":"user","content":"hi"}]', choice: { conversation: 'x' } },
  {
    name: 'bad messages of our own format',
    text: '[{"role":"user","content":[{"type":"text"},{"type":"tool_call","id":"a"}]},{"role":3}]',
  },
];

describe('§9 openSourceLazily opens as openSource does', () => {
  for (const { name, text, choice } of texts)
    it(`§9 ${name}`, async () => {
      const eager = await outcome(() => openSource(text, choice));
      expect(await outcome(() => openSourceLazily(text, choice))).toStrictEqual(eager);
    });
});
