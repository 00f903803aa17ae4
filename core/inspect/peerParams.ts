/**
 * A peer policy's parameters as a form (§9, compare against a peer policy). The fields are read
 * from the peer's own zod schema (core/policies/peers/) through its JSON Schema (zod's
 * `toJSONSchema`, input side), so a parameter's kind, range, meaning and documented default are
 * written once, beside the rule that uses them; values are checked by the same schema
 * `proposePeer` checks them with, and its messages are what a person reads. A new kind of
 * parameter fails `peerParamFields` loudly rather than showing a field that cannot say it.
 */
import { z } from 'zod';
import type { PeerId } from '../policies/peers/index.js';
import { PEERS } from '../policies/peers/index.js';

export type PeerParamValue = number | boolean | string[] | null;
export type PeerParams = Record<string, PeerParamValue>;

/** `names` is a list of tool names (typed comma-separated). */
export type PeerParamKind = 'integer' | 'number' | 'boolean' | 'names';

export interface PeerParamField {
  key: string;
  kind: PeerParamKind;
  /** Null is a value of its own (its meaning is in the description, e.g. "every tool"). */
  nullable: boolean;
  minimum: number | null;
  maximum: number | null;
  description: string;
  default: PeerParamValue;
}

/** The JSON Schema shapes a field may take; strict, so an unknown constraint is refused, not dropped. */
const Bound = { minimum: z.number().optional(), maximum: z.number().optional() };
const ScalarSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('integer'), ...Bound }),
  z.strictObject({ type: z.literal('number'), ...Bound }),
  z.strictObject({ type: z.literal('boolean') }),
  z.strictObject({ type: z.literal('array'), items: z.strictObject({ type: z.literal('string') }) }),
]);
/** Every field says what it means (the form's hint) and has its documented default. */
const DescribedSchema = z.looseObject({ description: z.string(), default: z.unknown() });
const NullableSchema = z.strictObject({
  anyOf: z.tuple([ScalarSchema, z.strictObject({ type: z.literal('null') })]),
});
const ObjectSchema = z.object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()) });

/** What JSON Schema writes for an integer with no bound of its own. */
const UNBOUNDED = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);
const bound = (n: number | undefined) => (n === undefined || UNBOUNDED.has(n) ? null : n);

function fieldOf(key: string, property: unknown): PeerParamField {
  const refuse = () => new Error(`peer parameter ${key}: no form field for ${JSON.stringify(property)}`);
  const described = DescribedSchema.safeParse(property);
  if (!described.success) throw refuse();
  const { description, default: fallback, ...shape } = described.data;
  const nullable = 'anyOf' in shape;
  const scalar = nullable ? NullableSchema.safeParse(shape) : ScalarSchema.safeParse(shape);
  if (!scalar.success) throw refuse();
  const type = 'anyOf' in scalar.data ? scalar.data.anyOf[0] : scalar.data;
  const range: { minimum?: number; maximum?: number } = type.type === 'integer' || type.type === 'number' ? type : {};
  return {
    key,
    kind: type.type === 'array' ? 'names' : type.type,
    nullable,
    minimum: bound(range.minimum),
    maximum: bound(range.maximum),
    description,
    default: fallback as PeerParamValue,
  };
}

/** The fields of a parameters schema, in its order; throws for a parameter no field can say. */
export function paramFieldsOf(schema: z.ZodType): PeerParamField[] {
  const json = ObjectSchema.parse(z.toJSONSchema(schema, { io: 'input' }));
  return Object.entries(json.properties).map(([key, property]) => fieldOf(key, property));
}

const fieldCache = new Map<PeerId, PeerParamField[]>();

/** The peer's parameters as fields, read once per peer. */
export function peerParamFields(id: PeerId): PeerParamField[] {
  const fields = fieldCache.get(id) ?? paramFieldsOf(PEERS[id].params);
  fieldCache.set(id, fields);
  return fields;
}

/** What a field accepts, in words: "integer ≥ 0", "number 0–1", "tool names, comma-separated". */
export function fieldRange(field: PeerParamField): string {
  if (field.kind === 'boolean') return 'on or off';
  if (field.kind === 'names') return 'tool names, comma-separated';
  const { minimum: min, maximum: max } = field;
  const range =
    min !== null && max !== null
      ? ` ${formatParam(min)}–${formatParam(max)}`
      : min !== null
        ? ` ≥ ${formatParam(min)}`
        : max !== null
          ? ` ≤ ${formatParam(max)}`
          : '';
  return `${field.kind}${range}`;
}

/** The peer's documented defaults. */
export const peerDefaults = (id: PeerId): PeerParams => PEERS[id].params.parse({}) as PeerParams;

export type PeerParamsCheck = { ok: true; params: PeerParams } | { ok: false; errors: Record<string, string> };

/** `params` checked by the peer's schema; on failure, the first message for each parameter. */
export function checkPeerParams(id: PeerId, params: unknown): PeerParamsCheck {
  const parsed = PEERS[id].params.safeParse(params);
  if (parsed.success) return { ok: true, params: parsed.data as PeerParams };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A field's text read as a value, or why it is not one. */
export type ParamRead = { value: PeerParamValue } | { error: string };

/**
 * What a person typed, as the value the schema checks: a number field's text as a number (the
 * schema then says whether it is in range or whole), a names field's text split at commas.
 * Blank is refused here: the schema would read a missing value as its default.
 */
export function paramFromText(field: PeerParamField, text: string): ParamRead {
  if (field.kind === 'names')
    return {
      value: text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    };
  if (field.kind === 'boolean') return { error: `${field.key} is a switch, not text` };
  if (text.trim() === '') return { error: 'Required: a number' };
  const value = Number(text);
  return Number.isNaN(value) ? { error: `Invalid input: "${text}" is not a number` } : { value };
}

/** A value as its field's text shows it (null shows as blank: the null switch says it). */
export function paramText(value: PeerParamValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A value in a sentence: thousands separated, an empty list as "none". */
export function formatParam(value: PeerParamValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  return typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(value);
}

export interface ParamChange {
  key: string;
  value: PeerParamValue;
  default: PeerParamValue;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The parameters whose value is not the documented default, in the schema's order. */
export function changedParams(id: PeerId, params: PeerParams): ParamChange[] {
  const defaults = peerDefaults(id);
  return peerParamFields(id)
    .filter((f) => f.key in params && !same(params[f.key], defaults[f.key]))
    .map((f) => ({ key: f.key, value: params[f.key], default: defaults[f.key] }));
}

/** "keep 5 (default 3), trigger 0 (default 100,000)". */
export const describeChanges = (changes: readonly ParamChange[]) =>
  changes.map((c) => `${c.key} ${formatParam(c.value)} (default ${formatParam(c.default)})`).join(', ');

/** What the peer's "always on" variant sets (its trigger at zero); null for a peer that has none. */
export const alwaysOnOf = (id: PeerId): PeerParams | null => (PEERS[id].alwaysOn as PeerParams | undefined) ?? null;

/** Whether `params` are the always-on variant's: every value it sets is set. */
export function isAlwaysOn(id: PeerId, params: PeerParams): boolean {
  const always = alwaysOnOf(id);
  return always !== null && Object.entries(always).every(([key, value]) => same(params[key], value));
}

/** `params` with the always-on values, or with those parameters back at their defaults. */
export function withAlwaysOn(id: PeerId, params: PeerParams, on: boolean): PeerParams {
  const always = alwaysOnOf(id);
  if (always === null) return params;
  const defaults = peerDefaults(id);
  const patch = Object.fromEntries(Object.keys(always).map((key) => [key, on ? always[key] : defaults[key]]));
  return { ...params, ...patch };
}

/** The form of a peer's parameters as the inspector shows it: always a set the peer's schema accepts. */
export interface PeerParamsForm {
  peer: PeerId;
  fields: PeerParamField[];
  params: PeerParams;
  changed: ParamChange[];
  /** "its documented defaults", or the parameters that differ with their defaults. */
  summary: string;
  /** The always-on switch: whether it is on and what it sets; null for a peer without that variant. */
  alwaysOn: { on: boolean; sets: string } | null;
}

/** The form for `params` (already accepted by the schema: checkPeerParams). */
export function peerParamsForm(id: PeerId, params: PeerParams): PeerParamsForm {
  const changed = changedParams(id, params);
  const always = alwaysOnOf(id);
  return {
    peer: id,
    fields: peerParamFields(id),
    params,
    changed,
    summary: changed.length === 0 ? 'its documented defaults' : describeChanges(changed),
    alwaysOn:
      always === null
        ? null
        : {
            on: isAlwaysOn(id, params),
            sets: Object.entries(always)
              .map(([key, value]) => `${key} ${formatParam(value)}`)
              .join(', '),
          },
  };
}
