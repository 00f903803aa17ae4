/**
 * SPEC §9 through the built command line: a Claude Code session its agent compacted. The CLI
 * takes the live context start from the file (`live_from_message_id`), keeps the calls before it
 * as `outside_live_context`, and lists the boundary in `metadata.source.compactions`.
 */
import { afterEach, expect, it } from 'vitest';
import { COMPACTED_SESSION } from '../../core/formats/compactedSession.js';
import { runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

it('§9 compact_context on a compacted session: boundary in metadata.source, earlier calls outside_live_context', async () => {
  tmp = tempDir();
  const path = tmp.write('session.jsonl', COMPACTED_SESSION);
  const result = await runCli(
    [
      'compact_context',
      `messages=@${path}`,
      'goal=finish',
      'eligible_tool_names=["Read"]',
      'options={"preserve_recent_messages":0}',
    ],
    { cwd: tmp.dir },
  );
  expect(result.code).toBe(0);
  const envelope = JSON.parse(result.stdout);
  expect(envelope.metadata.source.compactions).toEqual([
    {
      live_from_message: 5,
      live_from_message_id: 'sum',
      kept: 'a summary message in place of 5 earlier messages',
      summary: 'Summary: t1 and t2 were read.',
      trigger: 'manual',
      tokens_before: 41000,
    },
  ]);
  const reasons = envelope.answer.decisions.map((d: { call_id: string; reason: string }) => [d.call_id, d.reason]);
  expect(reasons.filter(([, r]: string[]) => r === 'outside_live_context').map(([id]: string[]) => id)).toEqual([
    't1',
    't2',
  ]);
  expect(envelope.answer.stats).toMatchObject({ candidates: 2, ineligible: 2 });
});
