import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flatMapByPlace, indexedBy, internedByKey, joinedByPlace, mapByPlace, memoByIdentity, memoLastCall, pickedByPlace, replacedPlaces, sameData, sameItems, withReplacedPlaces, zipByPlace } from '../build/lib/memo.ts';

test('sameData: identical values, and arrays and plain objects member by member', () => {
  const shared = { deep: [1, 2] };
  assert.ok(sameData(shared, shared));
  assert.ok(sameData({ a: 1, b: [shared, 'x'] }, { a: 1, b: [shared, 'x'] }));
  assert.ok(sameData({ a: { b: { c: 'd' } } }, { a: { b: { c: 'd' } } }));
  assert.ok(sameData(Number.NaN, Number.NaN));
  assert.ok(!sameData({ a: 1 }, { a: 2 }));
  assert.ok(!sameData({ a: 1 }, { a: 1, b: undefined }), 'a key more is a difference');
  assert.ok(!sameData({ a: 1, b: undefined }, { a: 1, c: undefined }), 'other keys');
  assert.ok(!sameData([1, 2], [1, 2, 3]));
  assert.ok(!sameData([1], { 0: 1 }), 'an array is not an object with the same keys');
  assert.ok(!sameData(null, {}));
  assert.ok(!sameData(0, -0), 'as Object.is');
});

test('sameData: objects of other kinds are the same only when identical', () => {
  assert.ok(!sameData(new Map([[1, 2]]), new Map([[1, 2]])));
  assert.ok(!sameData(new Set([1]), new Set([1])));
  assert.ok(!sameData(new Date(0), new Date(0)));
  class Point {
    constructor(readonly x: number) {}
  }
  assert.ok(!sameData(new Point(1), new Point(1)));
  const map = new Map();
  assert.ok(sameData({ map }, { map }));
});

test('memoByIdentity: the same object and arguments give the very same result; anything else computes again', () => {
  let calls = 0;
  const describe = memoByIdentity((item: { name: string }, suffix: string) => {
    calls++;
    return { text: `${item.name}${suffix}` };
  });
  const item = { name: 'a' };
  const first = describe(item, '!');
  assert.equal(describe(item, '!'), first);
  assert.equal(calls, 1);
  assert.notEqual(describe(item, '?'), first, 'another argument');
  assert.notEqual(describe({ name: 'a' }, '?'), first, 'an equal but different object');
  assert.equal(calls, 3);
  assert.deepEqual(describe(item, '!'), first, 'only the last call per object is kept');
  assert.equal(calls, 4);
});

test('memoLastCall: only the last call is remembered, arguments compared by identity', () => {
  let calls = 0;
  const length = memoLastCall((text: string | undefined) => {
    calls++;
    return { length: text?.length ?? 0 };
  });
  const first = length('abc');
  assert.equal(length('abc'), first, 'strings compare by value');
  assert.equal(length(undefined).length, 0);
  assert.notEqual(length('abc'), first, 'after another call, computed again');
  assert.equal(calls, 3);
  const total = memoLastCall((numbers: number[]) => ({ sum: numbers.reduce((a, b) => a + b, 0) }), sameData);
  const six = total([1, 2, 3]);
  assert.equal(total([1, 2, 3]), six, 'with sameData, a list rebuilt with the same items is the same argument');
  assert.notEqual(total([1, 2, 4]), six);
});

test('internedByKey: the same data under a key gives back the object kept last time', () => {
  const intern = internedByKey<{ title: string }>();
  const first = intern('/a', { title: 'A' });
  assert.equal(intern('/a', { title: 'A' }), first, 'same data: the kept object');
  assert.notEqual(intern('/b', { title: 'A' }), first, 'another key keeps its own');
  const renamed = intern('/a', { title: 'A, renamed' });
  assert.deepEqual(renamed, { title: 'A, renamed' });
  assert.equal(intern('/a', { title: 'A, renamed' }), renamed, 'the new value is kept from then on');
});

test('sameItems: place by place, the same objects or the same compared fields', () => {
  const same = sameItems((a: { title: string; body: string }, b: { title: string; body: string }) => a.title === b.title);
  const a = { title: 'A', body: 'one' };
  const b = { title: 'B', body: 'two' };
  assert.ok(same([a, b], [a, b]));
  assert.ok(same([a, b], [{ title: 'A', body: 'edited' }, b]), 'a new object whose compared field is the same');
  assert.ok(!same([a, b], [{ title: 'A, renamed', body: 'one' }, b]), 'a compared field changed');
  assert.ok(!same([a, b], [b, a]), 'the order counts');
  assert.ok(!same([a, b], [a]), 'so does the length');
  assert.ok(same('text', 'text') && !same('text', 'other'), 'anything else compares as Object.is');
  let calls = 0;
  const titles = memoLastCall((items: readonly { title: string; body: string }[]) => {
    calls++;
    return items.map((item) => item.title);
  }, same);
  const first = titles([a, b]);
  assert.equal(titles([{ ...a, body: 'edited' }, b]), first, 'an edit to what the function does not read does not run it again');
  assert.notEqual(titles([a, { ...b, title: 'C' }]), first);
  assert.equal(calls, 2);
});

test('indexedBy: the last Map brought up to date in place when the list keeps its places, else made afresh', () => {
  const byName = indexedBy((item: { name: string; value: number }) => item.name);
  const a = { name: 'a', value: 1 };
  const b = { name: 'b', value: 2 };
  const first = byName([a, b]);
  assert.deepEqual([...first.values()], [a, b]);
  const edited = { name: 'b', value: 3 };
  const second = byName([a, edited]);
  assert.equal(second, first, 'one new object under the same key: the same Map, patched');
  assert.equal(second.get('b'), edited);
  const renamed = { name: 'c', value: 3 };
  const third = byName([a, renamed]);
  assert.notEqual(third, first, 'a key changed: indexed afresh, so that the old key goes');
  assert.deepEqual([...third.keys()], ['a', 'c']);
  const fourth = byName([a]);
  assert.deepEqual([...fourth.keys()], ['a'], 'a shorter list: afresh');
  const twice = indexedBy((item: { name: string; value: number }) => item.name);
  const doubled = { name: 'a', value: 5 };
  twice([a, doubled]);
  assert.equal(twice([{ name: 'a', value: 6 }, doubled]).get('a'), doubled, 'a key held twice keeps the later item, as new Map would');
});

test('mapByPlace: the same item at the same place takes the last result there; all the same, the same list', () => {
  const calls: string[] = [];
  const shout = mapByPlace((item: { name: string }, suffix: string) => {
    calls.push(item.name);
    return `${item.name.toUpperCase()}${suffix}`;
  });
  const a = { name: 'a' };
  const b = { name: 'b' };
  const first = shout([a, b], '!');
  assert.deepEqual(first, ['A!', 'B!']);
  assert.equal(shout([a, b], '!'), first, 'nothing new: the very same list');
  const edited = { name: 'b2' };
  assert.deepEqual(shout([a, edited], '!'), ['A!', 'B2!']);
  assert.deepEqual(calls, ['a', 'b', 'b2'], 'only the new item is computed');
  assert.deepEqual(shout([edited, a], '!'), ['B2!', 'A!'], 'moved items are computed again: wrap a memo to avoid it');
  assert.deepEqual(shout([edited, a], '?'), ['B2?', 'A?'], 'another further argument computes every place');
});

test('replacedPlaces: the places of new objects under the same key; undefined when the list changed its shape', () => {
  const a = { key: 'a' };
  const b = { key: 'b' };
  const sameKey = (item: { key: string }, was: { key: string }) => item.key === was.key;
  assert.deepEqual(replacedPlaces([a, b], [a, b], sameKey), [], 'nothing new');
  assert.deepEqual(replacedPlaces([a, b], [a, { key: 'b' }], sameKey), [1]);
  assert.equal(replacedPlaces([a, b], [a, { key: 'c' }], sameKey), undefined, 'another key at a place');
  assert.equal(replacedPlaces([a, b], [b, a], sameKey), undefined, 'moved');
  assert.equal(replacedPlaces([a, b], [a], sameKey), undefined, 'shorter');
});

test('withReplacedPlaces: a list recorded as made from another is compared at its recorded places only', () => {
  const a = { key: 'a' };
  const b = { key: 'b' };
  const before = [a, b];
  const edited = { key: 'b' };
  const now = withReplacedPlaces([a, edited], before, [1]);
  assert.deepEqual(replacedPlaces(before, now, (item, was) => item.key === was.key), [1]);
  assert.equal(replacedPlaces(before, withReplacedPlaces([a, { key: 'c' }], before, [1]), (item, was) => item.key === was.key), undefined, 'a key changed at a recorded place');
  // A record that leaves out a place is believed: the proof that the other places are not looked at.
  const unrecorded = withReplacedPlaces([{ key: 'a' }, edited], before, [1]);
  assert.deepEqual(replacedPlaces(before, unrecorded, () => true), [1]);
  assert.deepEqual(replacedPlaces([a, b], unrecorded, () => true), [0, 1], 'another list than the recorded one is compared place by place');
  const same = sameItems((x: { key: string }, y: { key: string }) => x.key === y.key);
  assert.ok(same(before, withReplacedPlaces([{ key: 'x' }, edited], before, [1])), 'sameItems, too, looks only at the recorded places');
});

test('withReplacedPlaces: only one step is kept, so that a list does not keep its predecessors alive', () => {
  const first = [{ n: 1 }, { n: 2 }];
  // Place 0 is new too, but left out of the record.
  const second = withReplacedPlaces([{ n: 3 }, { n: 4 }], first, [1]);
  assert.deepEqual(replacedPlaces(first, second, () => true), [1], 'the record is believed');
  withReplacedPlaces([{ n: 5 }, second[1] as { n: number }], second, [0]);
  assert.deepEqual(replacedPlaces(first, second, () => true), [0, 1], 'once a list is made from it, its own record is gone: compared place by place');
});

test('mapByPlace: a list recorded as made from the last one is computed at its recorded places, and its result recorded in turn', () => {
  const calls: string[] = [];
  const upper = mapByPlace((item: { name: string }) => {
    calls.push(item.name);
    return item.name.toUpperCase();
  });
  const before = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
  const first = upper(before);
  calls.length = 0;
  // Place 0 is new too, but not recorded: it is not looked at.
  const now = withReplacedPlaces([{ name: 'x' }, before[1] as { name: string }, { name: 'z' }], before, [2]);
  const second = upper(now);
  assert.deepEqual(second, ['A', 'B', 'Z']);
  assert.deepEqual(calls, ['z']);
  assert.deepEqual(replacedPlaces(first, second, () => true), [2]);
  const lengths = mapByPlace((text: string) => text.length);
  const counted = lengths(first);
  assert.equal(lengths(withReplacedPlaces(['A', 'B', 'Y'], first, [2])), counted, 'results equal to the last ones: the same list');
});

test('zipByPlace: a function of two lists place by place, computed again where either holds a new item', () => {
  const calls: string[] = [];
  const pairs = zipByPlace((name: string, value: { n: number }) => {
    calls.push(name);
    return `${name}=${value.n}`;
  });
  const one = { n: 1 };
  const two = { n: 2 };
  assert.deepEqual(pairs(['a', 'b'], [one, two]), ['a=1', 'b=2']);
  assert.deepEqual(pairs(['a', 'b'], [one, { n: 3 }]), ['a=1', 'b=3']);
  assert.deepEqual(pairs(['c', 'b'], [one, { n: 3 }]), ['c=1', 'b=3']);
  assert.deepEqual(calls, ['a', 'b', 'b', 'c', 'b'], 'the second list held a new object at place 1 on the third call');
});

test('flatMapByPlace: parts joined, and taken part by part when the list is recorded and each part keeps its length', () => {
  const calls: string[] = [];
  const warnings = flatMapByPlace((item: { name: string; warnings: string[] }) => {
    calls.push(item.name);
    return item.warnings;
  });
  const before = [
    { name: 'a', warnings: ['a1'] },
    { name: 'b', warnings: [] },
    { name: 'c', warnings: ['c1', 'c2'] },
  ];
  const first = warnings(before);
  assert.deepEqual(first, ['a1', 'c1', 'c2']);
  calls.length = 0;
  const second = warnings(withReplacedPlaces([before[0], before[1], { name: 'c', warnings: ['c1', 'c3'] }], before, [2]) as typeof before);
  assert.deepEqual(second, ['a1', 'c1', 'c3']);
  assert.deepEqual(calls, ['c']);
  assert.deepEqual(replacedPlaces(first, second, () => true), [2], 'recorded in turn');
  const third = warnings(withReplacedPlaces([{ name: 'a', warnings: [] }, before[1], before[2]], before, [0]) as typeof before);
  assert.deepEqual(third, ['c1', 'c2'], 'a part of another length: joined afresh');
  const filter = flatMapByPlace((n: number) => (n > 1 ? [n] : []));
  assert.deepEqual(filter([1, 2, 3]), [2, 3]);
});

test('joinedByPlace: lists joined, recorded as made from the last join where every part keeps its length', () => {
  const join = joinedByPlace<string>();
  const big = ['a', 'b', 'c'];
  const first = join([['head'], big, ['tail']]);
  assert.deepEqual(first, ['head', 'a', 'b', 'c', 'tail']);
  const second = join([['head'], withReplacedPlaces(['a', 'B', 'c'], big, [1]), ['tail']]);
  assert.deepEqual(second, ['head', 'a', 'B', 'c', 'tail']);
  assert.deepEqual(replacedPlaces(first, second, () => true), [2]);
  const third = join([['head'], ['a', 'B'], ['tail']]);
  assert.deepEqual(third, ['head', 'a', 'B', 'tail'], 'a shorter part: joined afresh');
});

test('pickedByPlace: a view of chosen places, patched where the items are recorded as new', () => {
  const pick = pickedByPlace<{ id: number }>();
  const items = [{ id: 0 }, { id: 1 }, { id: 2 }];
  const places = [2, 0];
  const first = pick(items, places);
  assert.deepEqual(first, [{ id: 2 }, { id: 0 }]);
  const edited = { id: 0 };
  const second = pick(withReplacedPlaces([edited, items[1], items[2]] as typeof items, items, [0]), places);
  assert.equal(second[1], edited);
  assert.equal(second[0], items[2]);
  assert.deepEqual(replacedPlaces(first, second, () => true), [1]);
  assert.deepEqual(pick(items, [0, 1]), [items[0], items[1]], 'other places: picked afresh');
});

test('memoLastCall: a call that counts as the same keeps its arguments, for the next comparison', () => {
  let calls = 0;
  const same = sameItems((a: { title: string }, b: { title: string }) => a.title === b.title);
  const titles = memoLastCall((items: readonly { title: string }[]) => {
    calls++;
    return items.map((item) => item.title);
  }, same);
  const first = [{ title: 'A' }, { title: 'B' }];
  titles(first);
  const second = [{ title: 'A' }, first[1] as { title: string }];
  titles(second);
  // Recorded against the second list: had the first been kept, place 0 would be compared and place 1's new title found.
  const third = withReplacedPlaces([second[0] as { title: string }, { title: 'B' }], second, [1]);
  titles(third);
  assert.equal(calls, 1);
  titles(withReplacedPlaces([{ title: 'changed' }, third[1] as { title: string }], third, [1]));
  assert.equal(calls, 1, 'a record that leaves out the changed place is believed: proof that the newest list was kept');
});
