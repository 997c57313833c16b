/** Lists taken a few items at a time (build/lib/groups.ts): the markdown pool's batches, the page records' packed pairs. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inGroups } from '../../../build/lib/groups.ts';

test('a list is taken in groups of the size asked, in order, the last one shorter when the list is not a whole number of groups', () => {
  assert.deepEqual(inGroups([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.deepEqual(inGroups(['a', 'b', 'c'], 3), [['a', 'b', 'c']]);
  assert.deepEqual(inGroups([], 25), []);
});
