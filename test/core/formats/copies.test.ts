/**
 * SPEC §9: paired copies stay consistent after a compaction is written back — Inspect's
 * `events` and attachments, SWE-agent's `trajectory` steps, OpenHands' cause links and
 * thoughts, mini-swe-agent's bash blocks — on the real files of ../shared/formats.
 */
import { describe, expect, it } from 'vitest';
import { sharedSkipReason } from '../../support/shared.js';
import { alternatingModel, compactAndReread, FIXTURES, fixtureText, FORMATS_DIR } from './support.js';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const fixture = (file: string) => fixtureText(FIXTURES.find((f) => f.file.endsWith(file)) as (typeof FIXTURES)[number]);
const dropped = (r: Awaited<ReturnType<typeof compactAndReread>>) =>
  r.response.success ? r.response.answer.decisions.filter((d) => d.action === 'drop_call') : [];
const truncated = (r: Awaited<ReturnType<typeof compactAndReread>>) =>
  r.response.success ? r.response.answer.decisions.filter((d) => d.action === 'drop_result') : [];

describe.skipIf(!FORMATS_DIR)('paired copies', () => {
  if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

  it('§9 Inspect: model-event copies equal the new messages, tool events follow, attachments still resolve', async () => {
    const text = fixture('_browser.json');
    const run = await compactAndReread(text, {}, alternatingModel(), { preserve_recent_messages: 2 });
    expect(dropped(run).length).toBeGreaterThan(0);
    expect(truncated(run).length).toBeGreaterThan(0);
    const before = JSON.parse(text).samples[0] as Rec;
    const sample = JSON.parse(run.exported).samples[0] as Rec;
    const byId = new Map((sample.messages as Rec[]).map((m) => [m.id, m]));
    const resolve = (v: unknown) =>
      typeof v === 'string' && v.startsWith('attachment://') ? sample.attachments[v.slice(13)] : v;
    for (const event of sample.events as Rec[]) {
      if (event.event !== 'model') continue;
      for (const copy of event.input as Rec[]) {
        const now = byId.get(copy.id);
        if (!now) {
          // Only messages the compaction removed are missing, and then from every copy.
          expect((before.messages as Rec[]).some((m) => m.id === copy.id)).toBe(false);
          continue;
        }
        expect(resolve(copy.content)).toEqual(resolve(now.content));
        expect(copy.tool_calls ?? null).toEqual(now.tool_calls ?? null);
      }
    }
    const toolEvents = (sample.events as Rec[]).filter((e) => e.event === 'tool');
    for (const d of dropped(run)) expect(toolEvents.some((e) => e.id === d.call_id)).toBe(false);
    for (const d of truncated(run)) {
      const message = (sample.messages as Rec[]).find((m) => m.tool_call_id === d.call_id) as Rec;
      expect(toolEvents.find((e) => e.id === d.call_id)?.result).toEqual(message.content);
    }
    expect(sample.attachments).toEqual(before.attachments);
    for (const ref of run.exported.match(/attachment:\/\/[0-9a-f]+/g) ?? [])
      expect(sample.attachments[ref.slice(13)]).toBeTypeOf('string');
  });

  for (const file of ['6e44b9__sweagenttestrepo-1c2844.traj', 'pydicom__pydicom-1458.traj']) {
    it(`§9 SWE-agent ${file}: trajectory steps follow the history’s calls and observations`, async () => {
      const text = fixture(file);
      const run = await compactAndReread(text, {}, alternatingModel(), { preserve_recent_messages: 1 });
      const before = JSON.parse(text) as Rec;
      const after = JSON.parse(run.exported) as Rec;
      // SWE-agent's inspector and run-replay need every call: drop_call is written as drop_result.
      expect(dropped(run).length).toBeGreaterThan(0);
      expect(run.proposal.keptForTargets?.map((k) => k.call_id)).toEqual(dropped(run).map((d) => d.call_id));
      expect(after.trajectory.map((s: Rec) => s.action)).toEqual(before.trajectory.map((s: Rec) => s.action));
      const acting = (after.history as Rec[]).filter(
        (h) => h.role === 'assistant' && !h.is_demo && (h.tool_calls || h.action),
      );
      // Steps past the history (a final submit the history never recorded) stay at the end.
      expect(acting.map((h) => h.action)).toEqual(
        (after.trajectory as Rec[]).slice(0, acting.length).map((s) => s.action),
      );
      (after.history as Rec[]).forEach((h, i) => {
        const k = acting.indexOf(h);
        const next = after.history[i + 1] as Rec | undefined;
        if (k < 0 || !next || next.role === 'assistant') return;
        const observation = after.trajectory[k].observation as string;
        // Unchanged: the history adds the state line after the step's observation; shortened: the same text.
        expect(next.content === observation || (next.content as string).startsWith(observation)).toBe(true);
      });
      expect(after.info).toEqual(before.info);
    });
  }

  it('§9 OpenHands: every observation still has its cause; a dropped action with a thought becomes a message', async () => {
    const text = fixture('runtime-trajs-basic_gui_mode.json');
    const run = await compactAndReread(text, {}, alternatingModel(), { preserve_recent_messages: 1 });
    const after = JSON.parse(run.exported) as Rec[];
    const ids = new Set(after.map((e) => e.id));
    for (const event of after) if (typeof event.cause === 'number') expect(ids.has(event.cause)).toBe(true);
    const before = JSON.parse(text) as Rec[];
    for (const d of dropped(run)) {
      const action = before.find((e) => e.tool_call_metadata?.tool_call_id === d.call_id && 'action' in e) as Rec;
      const now = after.find((e) => e.id === action.id);
      if (action.args.thought) expect(now).toMatchObject({ action: 'message', args: { content: action.args.thought } });
      else expect(now).toBeUndefined();
    }
  });

  it('§9 mini-swe-agent: drop_call keeps every reply and its bash block, the observation shortened; raw responses stay', async () => {
    const text = fixture('pydata__xarray-4629.traj.json');
    const run = await compactAndReread(text, {}, alternatingModel(), { preserve_recent_messages: 2 });
    const before = JSON.parse(text) as Rec;
    const after = JSON.parse(run.exported) as Rec;
    const blocks = (m: Rec[]) => m.filter((x) => x.role === 'assistant' && /```bash\s*\n/.test(x.content)).length;
    expect(dropped(run).length).toBeGreaterThan(0);
    expect(run.proposal.keptForTargets).toHaveLength(dropped(run).length);
    expect(blocks(after.messages)).toBe(blocks(before.messages));
    expect(after.messages.map((m: Rec) => m.role)).toEqual(before.messages.map((m: Rec) => m.role));
    expect(JSON.stringify(after.messages).length).toBeLessThan(JSON.stringify(before.messages).length);
    const extras = (m: Rec[]) => m.filter((x) => x.extra).map((x) => x.extra);
    expect(extras(before.messages)).toEqual(expect.arrayContaining(extras(after.messages)));
    expect(after.info).toEqual(before.info);
  });
});
