/**
 * History data is plain JSON, where "__proto__" is an ordinary key: JSON.parse makes it an own
 * property. Assigning `copy["__proto__"] = value` to a fresh object sets its prototype instead
 * and the field is lost (R14), so every copy of data keys goes through here.
 */

/** Sets `key` as an own enumerable data property, whatever its name. */
export function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A copy of `source` in its own key order with each value mapped by `value(key)`, and `extra`
 * appended when `source` lacks it; own "__proto__" keys stay own.
 */
export function mapOwn<T extends object>(
  source: T,
  value: (key: string) => unknown,
  extra?: { key: string; value: unknown },
): T {
  const copy = {} as T;
  for (const key of Object.keys(source)) setOwn(copy, key, value(key));
  if (extra && !Object.hasOwn(source, extra.key)) setOwn(copy, extra.key, extra.value);
  return copy;
}
