import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickRandom, seededRandom } from '../../../build/lib/random-pick.ts';

const POOL = ['a', 'b', 'c', 'd', 'e'];

/** A source returning the given numbers in turn. */
function sequence(...numbers: number[]) {
  let index = 0;
  return () => numbers[index++ % numbers.length] as number;
}

test('an injected source decides the pair, which keeps the pool order', () => {
  assert.deepEqual(pickRandom(POOL, 2, sequence(0, 0)), ['a', 'b']);
  assert.deepEqual(pickRandom(POOL, 2, sequence(0.99, 0.99)), ['a', 'e']);
  assert.deepEqual(pickRandom(POOL, 2, sequence(0.99, 0)), ['b', 'e']);
});

test('choices are distinct and never more than asked', () => {
  for (let seed = 0; seed < 200; seed++) {
    const pair = pickRandom(POOL, 2, seededRandom(String(seed)));
    assert.equal(pair.length, 2);
    assert.notEqual(pair[0], pair[1]);
  }
});

test('a pool smaller than the count gives the whole pool', () => {
  assert.deepEqual(pickRandom(['only'], 2, Math.random), ['only']);
  assert.deepEqual(pickRandom([], 2, Math.random), []);
});

test('every pair can come out, roughly evenly', () => {
  const counts = new Map<string, number>();
  const random = seededRandom('evenness');
  for (let draw = 0; draw < 10_000; draw++) {
    const key = pickRandom(POOL, 2, random).join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  assert.equal(counts.size, 10, 'all 10 pairs of 5 items appear');
  for (const [pair, count] of counts) assert.ok(count > 800 && count < 1200, `pair ${pair} drawn ${count} times of 10000`);
});

test('the seeded source gives the same numbers for the same seed only', () => {
  const first = seededRandom('topics');
  const again = seededRandom('topics');
  const other = seededRandom('other topics');
  const a = [first(), first(), first()];
  assert.deepEqual([again(), again(), again()], a);
  assert.notDeepEqual([other(), other(), other()], a);
  for (const value of a) assert.ok(value >= 0 && value < 1);
});
