import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indexedBy, internedByKey, mapByPlace, memoByIdentity, memoLastCall, replacedPlaces, sameData, sameItems } from '../build/lib/memo.ts';

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
