/**
 * The big-session generator the real-size benchmark measures on: its output must be one Claude
 * Code session that our reader takes as the source repeated, with ids that never collide, or the
 * benchmark would time a history with duplicate ids (R2 makes every such pair ineligible).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairBlocks } from '../../core/engine/pairing.js';
import { countToolBlocks, openSource } from '../../core/formats/index.js';
import { repeatClaudeCodeSession } from './bigSession.js';
import { sharedPath, sharedSkipReason } from './shared.js';

const formats = sharedPath('formats');
const SESSION = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';

describe.skipIf(formats === null)(
  `the repeated Claude Code session ${formats === null ? sharedSkipReason('formats') : ''}`,
  () => {
    const source = formats === null ? '' : readFileSync(join(formats, SESSION), 'utf8');

    it('R1–R2 reads as one session holding the source three times, with no duplicate id', () => {
      const big = repeatClaudeCodeSession(source, 3 * Buffer.byteLength(source) - 1);
      const once = openSource(source);
      const thrice = openSource(big);
      expect(thrice.read.format).toBe('claude-code');
      expect(thrice.read.messages.length).toBe(3 * once.read.messages.length);
      const counts = countToolBlocks(thrice.read.messages);
      expect(counts.calls).toBe(3 * countToolBlocks(once.read.messages).calls);
      // Fresh ids per repetition: every pair of the source pairs again, and nothing more is unpaired.
      expect(pairBlocks(thrice.read.messages).pairs.length).toBe(3 * pairBlocks(once.read.messages).pairs.length);
      expect(pairBlocks(thrice.read.messages).unpaired.length).toBe(3 * pairBlocks(once.read.messages).unpaired.length);
    });

    it('is deterministic and starts with the source itself', () => {
      const a = repeatClaudeCodeSession(source, 2_500_000);
      expect(a).toBe(repeatClaudeCodeSession(source, 2_500_000));
      expect(a.startsWith(source.trimEnd())).toBe(true);
      expect(Buffer.byteLength(a)).toBeGreaterThanOrEqual(2_500_000);
    });
  },
);
