/**
 * Rules for doing work once across the preview's builds, which run again and
 * again in one process: an unchanged input is the same object as last time,
 * so what was made from it can be handed back without looking inside.
 */

/**
 * True when two values hold the same data: the same object or primitive, or
 * arrays and plain objects whose members hold the same data. Objects of any
 * other kind (a Map, a class instance) are equal only when identical.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * A comparison of lists for {@link memoLastCall}: true when, place by place,
 * the items are the very same objects or agree on what `sameItem` compares,
 * the part of them the wrapped function reads. After an edit to one
 * article's body, the list of 10,000 articles holds one new object, whose
 * title, date and address are what they were: a function of those alone
 * need not run again.
 */
export function sameItems<T>(sameItem: (a: T, b: T) => boolean): (a: unknown, b: unknown) => boolean {
  return (a, b) => {
    if (Object.is(a, b)) return true;
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index] && !sameItem(a[index] as T, b[index] as T)) return false;
    return true;
  };
}

function sameArguments(a: readonly unknown[], b: readonly unknown[], same: (x: unknown, y: unknown) => boolean = Object.is): boolean {
  return a.length === b.length && a.every((value, index) => same(value, b[index]));
}

/**
 * Wraps a pure function so that a call with the same arguments as the last
 * call returns the last result, the very same object.
 *
 * @param same how arguments compare: identity unless told otherwise (e.g. {@link sameData} for a list rebuilt each time)
 */
export function memoLastCall<A extends unknown[], R>(compute: (...args: A) => R, same: (x: unknown, y: unknown) => boolean = Object.is): (...args: A) => R {
  let last: { args: A; result: R } | undefined;
  return (...args) => {
    if (last && sameArguments(last.args, args, same)) return last.result;
    last = { args, result: compute(...args) };
    return last.result;
  };
}

/**
 * Wraps a pure function of an object (and more arguments) so that a call
 * with the same object and identical further arguments as the last call for
 * that object returns the last result, the very same object. Results are
 * held only as long as their object is.
 */
export function memoByIdentity<K extends object, A extends unknown[], R>(compute: (key: K, ...rest: A) => R): (key: K, ...rest: A) => R {
  const results = new WeakMap<K, { rest: A; result: R }>();
  return (key, ...rest) => {
    const known = results.get(key);
    if (known && sameArguments(known.rest, rest)) return known.result;
    const result = compute(key, ...rest);
    results.set(key, { rest, result });
    return result;
  };
}

/**
 * Wraps a function of one item (and further arguments) into one of a list:
 * where the list holds the very same item at the same place as in the last
 * call, and the further arguments are identical, the last result there is
 * taken without a call. Comparing places costs a thousandth of looking each
 * of 10,000 items up; wrap a memo (e.g. {@link memoByIdentity}) so that an
 * item that moved is not computed again either. When every result is the
 * one at its place last time, the list handed back is the last one itself,
 * which whoever compares lists then knows at a glance.
 */
export function mapByPlace<T, A extends unknown[], R>(compute: (item: T, ...rest: A) => R): (items: readonly T[], ...rest: A) => readonly R[] {
  let last: { items: readonly T[]; rest: A; results: readonly R[] } | undefined;
  return (items, ...rest) => {
    const before = last !== undefined && sameArguments(last.rest, rest) ? last : undefined;
    let unchanged = before !== undefined && before.results.length === items.length;
    const results = items.map((item, place) => {
      const result = before !== undefined && before.items[place] === item ? (before.results[place] as R) : compute(item, ...rest);
      unchanged &&= result === before?.results[place];
      return result;
    });
    last = { items, rest, results: unchanged && before !== undefined ? before.results : results };
    return last.results;
  };
}

/**
 * The places where a list holds a new object in place of the last list's,
 * when both are as long and each new object agrees with the one it replaces
 * on `sameKey` (its path, its address); `undefined` when they do not, and
 * the list has changed its shape: an item added, gone or moved.
 */
export function replacedPlaces<T>(before: readonly T[], now: readonly T[], sameKey: (item: T, was: T) => boolean): number[] | undefined {
  if (before.length !== now.length) return undefined;
  const places: number[] = [];
  for (let place = 0; place < now.length; place++) {
    const item = now[place] as T;
    const was = before[place] as T;
    if (item === was) continue;
    if (!sameKey(item, was)) return undefined;
    places.push(place);
  }
  return places;
}

/**
 * Indexes lists by a key, each list in the Map of the last one brought up to
 * date: where the new list holds a new object at the same place under the
 * same key, only that entry is set again. Any other difference (an item
 * added, gone or moved) indexes the list afresh. The Map handed back last
 * time is changed in place, so it is for use until the next call.
 */
export function indexedBy<T, K>(keyOf: (item: T) => K): (items: readonly T[]) => ReadonlyMap<K, T> {
  let last: { items: readonly T[]; index: Map<K, T> } | undefined;
  return (items) => {
    const before = last;
    // A key that two items hold is indexed afresh, so that the later one keeps it, as in a new Map.
    const replaced = before === undefined ? undefined : replacedPlaces(before.items, items, (item, was) => keyOf(item) === keyOf(was) && before.index.get(keyOf(was)) === was);
    const index = before !== undefined && replaced !== undefined ? before.index : new Map(items.map((item) => [keyOf(item), item]));
    for (const place of replaced ?? []) index.set(keyOf(items[place] as T), items[place] as T);
    last = { items, index };
    return index;
  };
}

/**
 * A table that hands back, for a key, the value it kept last time when the
 * new one holds the same data: a list rebuilt from changed objects whose
 * shown part did not change is then made of the very same items.
 */
export function internedByKey<T>(): (key: string, value: T) => T {
  const kept = new Map<string, T>();
  return (key, value) => {
    const last = kept.get(key);
    if (last !== undefined && sameData(last, value)) return last;
    kept.set(key, value);
    return value;
  };
}
