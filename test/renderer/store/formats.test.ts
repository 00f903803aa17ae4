/**
 * The inspector and native formats (SPEC §9), through the real store over the real host: a
 * file with several conversations waits for a pick, the snapshot names its format and
 * conversation, export writes the source's own format (or our message array when asked), the
 * audit record names the source, and an eligible name matching no call is flagged.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { AuditRecordSchema } from '../../../core/records/audit.js';
import { openSource } from '../../../core/formats/index.js';
import { OWN_FIXTURES } from '../../core/formats/ownFixtures.js';
import { withPositionalIds } from '../../core/formats/support.js';
import type { SavedExport } from './directBridge.js';
import { keepSaves, storeOver } from './directBridge.js';

function makeStore(saved: SavedExport[] = []) {
  const setup = setupHost('web', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: '/nonexistent',
    extra: keepSaves(saved),
  });
  return storeOver(setup).store;
}

const results = (task: number, output: string) => ({
  task_id: task,
  reward: 0,
  traj: [
    { role: 'system', content: 'policy' },
    { role: 'user', content: 'find my booking' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_booking', arguments: '{"id":7}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_booking', content: output },
    { role: 'assistant', content: 'Found it.' },
    { role: 'user', content: 'thanks' },
  ],
});
const tauBench = JSON.stringify([results(0, 'short'), results(1, 'x'.repeat(2000))], null, 2);

describe('native formats in the inspector', () => {
  it('§9 a file with several conversations lists them; the pick opens that one, named in the snapshot', async () => {
    const store = makeStore();
    expect(await store.getState().openSnapshot({ fileName: 'results.json', text: tauBench })).toBe(false);
    const choosing = store.getState().choosing!;
    expect(choosing.format).toBe('openai-chat');
    expect(choosing.conversations.map((c) => c.key)).toEqual(['0', '1']);
    expect(store.getState().snapshot?.fileName).not.toBe('results.json');
    expect(await store.getState().chooseConversation('1')).toBe(true);
    const snapshot = store.getState().snapshot!;
    expect(store.getState().choosing).toBeNull();
    expect(snapshot.source.format).toBe('openai-chat');
    expect(snapshot.source.read.conversation).toBe('1');
    expect(snapshot.source.read.notes.ids).toMatch(/message ids synthesized/);
    expect(snapshot.summary.toolCalls).toBe(1);
  });

  it('§9 export writes the source format by default and our message array when asked; the audit names the source', async () => {
    const saved: SavedExport[] = [];
    const store = makeStore(saved);
    await store.getState().openSnapshot({ fileName: 'results.json', text: tauBench, conversation: '1' });
    store.getState().setGoal('Tell the user the booking status');
    store.getState().toggleTool('get_booking', true);
    expect(store.getState().setOption('preserve_recent_messages', 1)).toBeNull();
    expect(store.getState().setOption('keep_threshold', 1)).toBeNull();
    await store.getState().startRun();
    const proposal = store.getState().proposal!;
    expect([...proposal.actions.values()]).not.toContain('keep');
    store.getState().setReviewer('Ada Reviewer');
    await store.getState().exportApproved({ as: 'source', report: false });
    await store.getState().exportApproved({ as: 'messages', report: false });
    expect(saved.map((s) => s.suggestedName)).toEqual(['results.compacted.json', 'results.compacted.messages.json']);
    const native = JSON.parse(saved[0].text as string);
    expect(native[0]).toEqual(JSON.parse(tauBench)[0]);
    const reread = openSource(saved[0].text, { conversation: '1' });
    expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(JSON.parse(saved[1].text as string)));
    const audit = AuditRecordSchema.parse(saved[0].record);
    expect(saved[1].record.exported_as).toBe('messages');
    expect(audit.source).toEqual({ format: 'openai-chat', conversation: '1', conversations: 2 });
    expect(audit.container).toBeNull();
  });

  it('§9 an Anthropic request body opens with its calls (no silent 0); a name that matches no call is flagged', async () => {
    const store = makeStore();
    expect(
      await store.getState().openSnapshot({
        fileName: 'request.json',
        text: OWN_FIXTURES.find((f) => f.name === 'anthropic request body')!.text,
      }),
    ).toBe(true);
    expect(store.getState().snapshot!.summary.toolCalls).toBe(4);
    store.getState().toggleTool('Read_File', true);
    expect(store.getState().unmatchedTools).toEqual([{ name: 'Read_File', closest: ['read_file'] }]);
    store.getState().toggleTool('Read_File', false);
    expect(store.getState().unmatchedTools).toEqual([]);
  });

  it('§9 a file read as the wrong shape fails with the reason and keeps the current snapshot', async () => {
    const store = makeStore();
    await store.getState().openExample();
    const before = store.getState().snapshot;
    expect(await store.getState().openSnapshot({ fileName: 'odd.json', text: '{"hello": "world"}' })).toBe(false);
    expect(store.getState().openError).toMatch(/^odd\.json: not a history in any known format/);
    expect(store.getState().snapshot).toBe(before);
  });
});
