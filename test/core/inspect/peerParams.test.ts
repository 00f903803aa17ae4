/**
 * A peer policy's parameters as a form (§9 compare against a peer policy): fields read from each
 * peer's own schema with its documented defaults, values checked by that schema with its
 * messages, what differs from the defaults, and the always-on variant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PEER_IDS, PEERS } from '../../../core/policies/peers/index.js';
import type { PeerParams, PeerParamValue } from '../../../core/inspect/peerParams.js';
import {
  changedParams,
  checkPeerParams,
  fieldRange,
  paramFieldsOf,
  paramFromText,
  paramText,
  peerDefaults,
  peerParamFields,
  peerParamsForm,
  withAlwaysOn,
} from '../../../core/inspect/peerParams.js';

describe('peer parameters as a form', () => {
  it('§9 every peer’s fields are its schema’s keys, each with the documented default the schema itself applies', () => {
    for (const id of PEER_IDS) {
      const fields = peerParamFields(id);
      const schemaDefaults = PEERS[id].params.parse({}) as PeerParams;
      expect(fields.map((f) => f.key)).toEqual(Object.keys(schemaDefaults));
      for (const f of fields) {
        expect(f.default).toEqual(schemaDefaults[f.key]);
        expect(f.description).not.toBe('');
      }
    }
  });

  it('§9 the kinds and ranges come from the schema: integers with their minimum, a nullable list, a bounded share', () => {
    const byKey = (id: (typeof PEER_IDS)[number]) => new Map(peerParamFields(id).map((f) => [f.key, f]));
    const clear = byKey('clear_tool_uses');
    expect(clear.get('trigger')).toMatchObject({ kind: 'integer', minimum: 0, maximum: null, default: 100_000 });
    expect(clear.get('exclude_tools')).toMatchObject({ kind: 'names', nullable: false, default: [] });
    expect(clear.get('clear_tool_inputs')).toMatchObject({ kind: 'boolean', default: false });
    expect(byKey('microcompact').get('compactable_tools')).toMatchObject({ kind: 'names', nullable: true });
    const share = byKey('gemini_truncation').get('head_share')!;
    expect(share).toMatchObject({ kind: 'number', minimum: 0, maximum: 1, default: 0.2 });
    expect(fieldRange(share)).toBe('number 0–1');
    expect(fieldRange(byKey('gemini_truncation').get('threshold')!)).toBe('integer ≥ 1');
  });

  it('§9 a parameter no field can say is refused when the form is read, not shown as something else', () => {
    const described = (t: z.ZodType) => z.strictObject({ x: t.describe('x') });
    expect(() => paramFieldsOf(described(z.string().default('a')))).toThrow(/peer parameter x/);
    expect(() => paramFieldsOf(described(z.number().positive().default(1)))).toThrow(/peer parameter x/);
    expect(() => paramFieldsOf(z.strictObject({ x: z.number().default(1) }))).toThrow(/peer parameter x/);
    expect(paramFieldsOf(described(z.number().int().max(9).default(1)))).toEqual([
      { key: 'x', kind: 'integer', nullable: false, minimum: null, maximum: 9, description: 'x', default: 1 },
    ]);
  });

  it('§9 refused values carry the schema’s own message for that parameter: negative, not whole, not a list', () => {
    const defaults = peerDefaults('clear_tool_uses');
    const check = checkPeerParams('clear_tool_uses', { ...defaults, keep: -1, trigger: 1.5, exclude_tools: 'Read' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const direct = PEERS.clear_tool_uses.params.safeParse({ ...defaults, keep: -1 });
    expect(check.errors.keep).toBe(direct.error?.issues[0].message);
    expect(check.errors.keep).toMatch(/>=0/);
    expect(check.errors.trigger).toMatch(/int/);
    expect(check.errors.exclude_tools).toMatch(/array/);
    expect(checkPeerParams('masking', { m: 4 })).toEqual({ ok: true, params: { m: 4 } });
  });

  it('§9 typed text reads as the schema’s value: numbers as numbers, names split at commas, blank refused', () => {
    const [trigger, , , exclude] = peerParamFields('clear_tool_uses');
    expect(paramFromText(trigger, ' 250 ')).toEqual({ value: 250 });
    expect(paramFromText(trigger, '')).toEqual({ error: 'Required: a number' });
    expect(paramFromText(trigger, 'abc')).toHaveProperty('error');
    expect(paramFromText(exclude, ' Read, ,Bash ,')).toEqual({ value: ['Read', 'Bash'] });
    expect(paramFromText(exclude, '')).toEqual({ value: [] });
    expect(paramText(['Read', 'Bash'])).toBe('Read, Bash');
  });

  it('§9 the always-on variant sets its trigger and off puts those parameters back at their defaults', () => {
    const defaults = peerDefaults('clear_tool_uses');
    const on = withAlwaysOn('clear_tool_uses', { ...defaults, keep: 1 }, true);
    expect(on).toEqual({ ...defaults, keep: 1, trigger: 0 });
    const form = peerParamsForm('clear_tool_uses', on);
    expect(form.alwaysOn).toEqual({ on: true, sets: 'trigger 0' });
    expect(form.summary).toBe('trigger 0 (default 100,000), keep 1 (default 3)');
    expect(withAlwaysOn('clear_tool_uses', on, false)).toEqual({ ...defaults, keep: 1 });
    expect(
      peerParamsForm('microcompact', withAlwaysOn('microcompact', peerDefaults('microcompact'), true)),
    ).toMatchObject({
      alwaysOn: { on: true, sets: 'compactable_tools null' },
      summary: 'compactable_tools null (default Read, Bash, Grep, Glob, WebSearch, WebFetch, Edit, Write)',
    });
    expect(peerParamsForm('masking', peerDefaults('masking'))).toMatchObject({
      alwaysOn: null,
      summary: 'its documented defaults',
    });
  });

  it('§9 property: the changed parameters are exactly those set away from their defaults', () => {
    const fields = peerParamFields('opencode_prune');
    const valueArb = (f: (typeof fields)[number]): fc.Arbitrary<PeerParamValue> =>
      f.kind === 'names'
        ? fc.array(fc.constantFrom('skill', 'Read', 'bash'), { maxLength: 2 })
        : fc.integer({ min: f.minimum ?? 0, max: 60_000 });
    const paramsArb = fc.record(Object.fromEntries(fields.map((f) => [f.key, valueArb(f)])));
    fc.assert(
      fc.property(paramsArb, (params) => {
        const check = checkPeerParams('opencode_prune', params);
        expect(check.ok).toBe(true);
        const defaults = peerDefaults('opencode_prune');
        const expected = fields
          .filter((f) => JSON.stringify(params[f.key]) !== JSON.stringify(defaults[f.key]))
          .map((f) => f.key);
        expect(changedParams('opencode_prune', params).map((c) => c.key)).toEqual(expected);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
