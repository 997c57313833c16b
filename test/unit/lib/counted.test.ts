import assert from 'node:assert/strict';
import { test } from 'node:test';
import { counted } from '../../../build/lib/counted.ts';

test('a count says its noun in the singular for one alone', () => {
  assert.deepEqual(
    [0, 1, 2, 25].map((count) => counted(count, 'article')),
    ['0 articles', '1 article', '2 articles', '25 articles'],
  );
  assert.equal(counted(1, 'sample handout'), '1 sample handout');
});
