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
    const known = recordedPlaces(a, b);
    if (known !== undefined) return known.every((place) => sameItem(a[place] as T, b[place] as T));
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index] && !sameItem(a[index] as T, b[index] as T)) return false;
    return true;
  };
}

/**
 * What is known of lists made from earlier ones: this list is that one with
 * new objects at these places, and the same objects everywhere else. The
 * stages that make a list by place record it, so that the next stage learns
 * which one article of 10,000 changed without comparing 10,000 places (at
 * 10,000 articles, a dozen such passes were most of an edit in the preview).
 * Only one step is kept: a list does not keep its predecessors alive.
 */
const replacements = new WeakMap<readonly unknown[], { before: readonly unknown[]; places: readonly number[] }>();

/**
 * Records that `now` holds the objects of `before` except at `places`, and
 * hands back `now`.
 */
export function withReplacedPlaces<T>(now: readonly T[], before: readonly T[], places: readonly number[]): readonly T[] {
  if (now !== before) {
    replacements.delete(before);
    replacements.set(now, { before, places });
  }
  return now;
}

/** The places where `now` holds new objects in place of `before`'s, when it is the same list or recorded as made from it; otherwise unknown. */
function recordedPlaces(before: readonly unknown[], now: readonly unknown[]): readonly number[] | undefined {
  if (before === now) return [];
  const known = replacements.get(now);
  return known?.before === before && before.length === now.length ? known.places : undefined;
}

/**
 * A list as `before`, with the value `valueAt` gives at each of `places`:
 * `before` itself when every value is the one there, otherwise a copy,
 * recorded as made from `before`.
 */
export function patched<T>(before: readonly T[], places: readonly number[], valueAt: (place: number) => T): readonly T[] {
  let copy: T[] | undefined;
  const changed: number[] = [];
  for (const place of places) {
    const value = valueAt(place);
    if (value === before[place]) continue;
    copy ??= before.slice();
    copy[place] = value;
    changed.push(place);
  }
  return copy === undefined ? before : withReplacedPlaces(copy, before, changed.sort((a, b) => a - b));
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
    // The arguments are kept even when they count as the same, so that the next call is compared with the newest list, whose replaced places are recorded (see withReplacedPlaces).
    last = last && sameArguments(last.args, args, same) ? { args, result: last.result } : { args, result: compute(...args) };
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
 * of 10,000 items up, and a list recorded as made from the last one (see
 * {@link withReplacedPlaces}) is not even compared; wrap a memo (e.g.
 * {@link memoByIdentity}) so that an item that moved is not computed again
 * either. When every result is the one at its place last time, the list
 * handed back is the last one itself, which whoever compares lists then
 * knows at a glance; otherwise it is recorded as made from the last one.
 */
export function mapByPlace<T, A extends unknown[], R>(compute: (item: T, ...rest: A) => R): (items: readonly T[], ...rest: A) => readonly R[] {
  const results = resultsByPlace<R>();
  return (items, ...rest) => results([items], rest, (place) => compute(items[place] as T, ...rest));
}

/** As {@link mapByPlace}, for a function of the items at one place of two lists of the same length. */
export function zipByPlace<T, U, A extends unknown[], R>(compute: (item: T, other: U, ...rest: A) => R): (items: readonly T[], others: readonly U[], ...rest: A) => readonly R[] {
  const results = resultsByPlace<R>();
  return (items, others, ...rest) => results([items, others], rest, (place) => compute(items[place] as T, others[place] as U, ...rest));
}

/** The rule of {@link mapByPlace} over any number of lists, read place by place. */
function resultsByPlace<R>(): (lists: readonly (readonly unknown[])[], rest: readonly unknown[], computeAt: (place: number) => R) => readonly R[] {
  let last: { lists: readonly (readonly unknown[])[]; rest: readonly unknown[]; results: readonly R[] } | undefined;
  return (lists, rest, computeAt) => {
    const length = lists[0]?.length ?? 0;
    const before = last !== undefined && sameArguments(last.rest, rest) && last.results.length === length && lists.every((list) => list.length === length) ? last : undefined;
    const places = new Set<number>();
    const known =
      before !== undefined &&
      lists.every((list, index) => {
        const found = recordedPlaces(before.lists[index] as readonly unknown[], list);
        for (const place of found ?? []) places.add(place);
        return found !== undefined;
      });
    let results: readonly R[];
    if (before !== undefined && known) results = patched(before.results, [...places].sort((a, b) => a - b), computeAt);
    else {
      const fresh: R[] = [];
      for (let place = 0; place < length; place++) fresh.push(before !== undefined && lists.every((list, index) => list[place] === before.lists[index]?.[place]) ? (before.results[place] as R) : computeAt(place));
      const changed = before === undefined ? undefined : replacedPlaces(before.results, fresh, () => true);
      results = before === undefined || changed === undefined ? fresh : changed.length === 0 ? before.results : withReplacedPlaces(fresh, before.results, changed);
    }
    last = { lists, rest, results };
    return results;
  };
}

/**
 * Wraps a function that gives each item of a list its part of a longer
 * list (none, one or more values: a filter, the warnings of each article)
 * into one that joins those parts. When the list is recorded as made from
 * the last one (see {@link withReplacedPlaces}) and its new items give
 * parts as long as before, only those parts are looked at, and the result
 * is recorded in turn.
 */
export function flatMapByPlace<T, R>(partOf: (item: T) => readonly R[]): (items: readonly T[]) => readonly R[] {
  let last: { items: readonly T[]; joined: readonly R[]; starts: readonly number[] } | undefined;
  return (items) => {
    const known = last === undefined ? undefined : recordedPlaces(last.items, items);
    if (last !== undefined && known !== undefined) {
      const { joined, starts } = last;
      const newParts = new Map<number, R>();
      const fits = known.every((place) => {
        const part = partOf(items[place] as T);
        const start = starts[place] as number;
        if (part.length !== (starts[place + 1] as number) - start) return false;
        part.forEach((value, index) => newParts.set(start + index, value));
        return true;
      });
      if (fits) {
        last = { items, joined: patched(joined, [...newParts.keys()], (place) => newParts.get(place) as R), starts };
        return last.joined;
      }
    }
    const joined: R[] = [];
    const starts = [0];
    for (const item of items) {
      joined.push(...partOf(item));
      starts.push(joined.length);
    }
    last = { items, joined, starts };
    return joined;
  };
}

/**
 * Wraps `places.map((place) => items[place])`, a selection or a sorted view
 * of a list, so that when the places are the same list as last time and the
 * items are recorded as made from the last ones, only the new items are put
 * in, and the view is recorded in turn.
 */
export function pickedByPlace<T>(): (items: readonly T[], places: readonly number[]) => readonly T[] {
  let last: { items: readonly T[]; places: readonly number[]; picked: readonly T[]; positions: Int32Array } | undefined;
  return (items, places) => {
    const known = last?.places === places ? recordedPlaces(last.items, items) : undefined;
    if (last !== undefined && known !== undefined) {
      const { positions } = last;
      const shown = known.flatMap((place) => ((positions[place] as number) < 0 ? [] : [positions[place] as number])).sort((a, b) => a - b);
      last = { items, places, picked: patched(last.picked, shown, (position) => items[places[position] as number] as T), positions };
      return last.picked;
    }
    const positions = new Int32Array(items.length).fill(-1);
    places.forEach((place, position) => (positions[place] = position));
    last = { items, places, picked: places.map((place) => items[place] as T), positions };
    return last.picked;
  };
}

/**
 * Joins lists, as `[...a, ...b]` does, into a list recorded as made from the
 * last one when every part is as long as before: the places of the parts'
 * new objects, moved by the length of the parts before them.
 */
export function joinedByPlace<T>(): (parts: readonly (readonly T[])[]) => readonly T[] {
  let last: { parts: readonly (readonly T[])[]; joined: readonly T[] } | undefined;
  return (parts) => {
    const before = last;
    let offset = 0;
    const places: number[] = [];
    const known =
      before !== undefined &&
      before.parts.length === parts.length &&
      parts.every((part, index) => {
        const was = before.parts[index] as readonly T[];
        const replaced = replacedPlaces(was, part, () => true);
        for (const place of replaced ?? []) places.push(offset + place);
        offset += part.length;
        return replaced !== undefined;
      });
    const joined = before !== undefined && known ? patched(before.joined, places, (place) => placeIn(parts, place)) : parts.flat();
    last = { parts, joined };
    return joined;
  };
}

/** The item at a place of the lists joined. */
function placeIn<T>(parts: readonly (readonly T[])[], place: number): T {
  let rest = place;
  for (const part of parts) {
    if (rest < part.length) return part[rest] as T;
    rest -= part.length;
  }
  throw new RangeError(`No place ${place} in the lists joined.`);
}

/**
 * The places where a list holds a new object in place of the last list's,
 * when both are as long and each new object agrees with the one it replaces
 * on `sameKey` (its path, its address); `undefined` when they do not, and
 * the list has changed its shape: an item added, gone or moved.
 */
export function replacedPlaces<T>(before: readonly T[], now: readonly T[], sameKey: (item: T, was: T) => boolean): number[] | undefined {
  if (before.length !== now.length) return undefined;
  const known = recordedPlaces(before, now);
  if (known !== undefined) return known.every((place) => now[place] === before[place] || sameKey(now[place] as T, before[place] as T)) ? known.filter((place) => now[place] !== before[place]) : undefined;
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
