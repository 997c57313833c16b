import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neighbours } from '../../../build/lib/neighbours.ts';

// spec §2 Article: previous is the newer neighbour, next the older one.
const NEWEST_FIRST = ['newest', 'middle', 'oldest'];

test('the newest article has no previous, and the next older one as next', () => {
  assert.deepEqual(neighbours(NEWEST_FIRST, 0), { previous: undefined, next: 'middle' });
});

test('a middle article has the newer as previous and the older as next', () => {
  assert.deepEqual(neighbours(NEWEST_FIRST, 1), { previous: 'newest', next: 'oldest' });
});

test('the oldest article has no next', () => {
  assert.deepEqual(neighbours(NEWEST_FIRST, 2), { previous: 'middle', next: undefined });
});

test('a single article has no neighbours', () => {
  assert.deepEqual(neighbours(['only'], 0), { previous: undefined, next: undefined });
});
