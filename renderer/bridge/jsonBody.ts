/**
 * A request body as `JSON.stringify` would write it, without one long task: `run.start` carries
 * the whole history, and one `JSON.stringify` of 20 MB held the page's main thread for ~1 s. A
 * value `encoded` already has as JSON (the history, written by the snapshot worker) goes in as
 * that Blob, uncopied; other large arrays near the top are written element by element, yielding
 * to the page whenever a slice has taken `sliceMs`. fetch then reads the Blob off this thread.
 */
import { nextTask } from '../nextTask.js';

/** The JSON of `value` as a Blob when it is already written elsewhere, else null. */
export type Encoded = (value: object) => Promise<Blob> | null;

/** Arrays longer than this, at most `DEPTH` levels down, are written element by element. */
const LARGE = 256;
const DEPTH = 3;

export async function jsonBody(value: unknown, encoded: Encoded = () => null, sliceMs = 8): Promise<Blob> {
  const slices: Array<string | Blob> = [];
  let parts: string[] = [];
  let since = performance.now();
  const flush = () => {
    slices.push(parts.join(''));
    parts = [];
  };
  const write = async (v: unknown, depth: number): Promise<void> => {
    const json = typeof v === 'object' && v !== null ? encoded(v) : null;
    if (json) {
      flush();
      slices.push(await json);
    } else if (Array.isArray(v) && v.length > LARGE) {
      parts.push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) parts.push(',');
        // As JSON.stringify writes an array element that has no JSON form.
        parts.push(JSON.stringify(v[i]) ?? 'null');
        if (performance.now() - since > sliceMs) {
          flush();
          await nextTask();
          since = performance.now();
        }
      }
      parts.push(']');
    } else if (depth < DEPTH && isPlainObject(v)) {
      parts.push('{');
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        // As JSON.stringify skips a property that has no JSON form.
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        await write(item, depth + 1);
      }
      parts.push('}');
    } else parts.push(JSON.stringify(v) ?? 'null');
  };
  await write(value, 0);
  flush();
  return new Blob(slices, { type: 'application/json' });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && !('toJSON' in v);
}
