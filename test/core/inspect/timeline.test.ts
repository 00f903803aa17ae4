/** The turn timeline beside the context strip (core/inspect/timeline.ts). */
import { describe, expect, it } from 'vitest';
import type { ContextStrip } from '../../../core/inspect/contextStrip.js';
import { turnTimeline } from '../../../core/inspect/timeline.js';

const bar = (index: number, kind: 'kept' | 'shortened' | 'dropped' | 'protected', chars: number) => ({
  index,
  id: `m${index}`,
  kind,
  chars,
  start: 0,
});

describe('the turn timeline', () => {
  it('R13 R14 sums each turn’s characters by what the proposal does, counts the agent’s steps, starts at its first message', () => {
    const strip: ContextStrip = {
      bars: [
        bar(0, 'protected', 10),
        bar(1, 'kept', 5),
        bar(2, 'shortened', 100),
        bar(3, 'kept', 7),
        bar(4, 'dropped', 50),
      ],
      total: 172,
      chars: { kept: 12, shortened: 100, dropped: 50, protected: 10 },
      cacheBreak: null,
    };
    const spans = turnTimeline(strip, [1, 1, 1, 2, 2], ['user', 'assistant', 'user', 'user', 'assistant']);
    expect(spans).toEqual([
      {
        turn: 1,
        first: 0,
        messages: 3,
        steps: 1,
        chars: 115,
        byKind: { kept: 5, shortened: 100, dropped: 0, protected: 10 },
      },
      {
        turn: 2,
        first: 3,
        messages: 2,
        steps: 1,
        chars: 57,
        byKind: { kept: 7, shortened: 0, dropped: 50, protected: 0 },
      },
    ]);
    expect(spans.reduce((n, s) => n + s.chars, 0)).toBe(strip.total);
  });
});
