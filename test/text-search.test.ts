import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextSearch } from '../build/lib/text-search.ts';
import { seededRandom } from '../build/lib/random-pick.ts';

test('a prepared text answers includes exactly as the string does', () => {
  const random = seededRandom('text search');
  const words = ['Medicare', 'covers', 'the', 'annual', 'wellness', 'visit', 'once', 'every', '12 months.', 'Ask', 'your', 'doctor', '—', 'café', '😀'];
  const sentence = (length: number) => Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
  const text = Array.from({ length: 400 }, () => sentence(12)).join('\n');
  const search = new TextSearch(text);
  let found = 0;
  for (let trial = 0; trial < 3000; trial++) {
    // Half the needles are cut from the text itself, anywhere, at any length; half are made up.
    const start = Math.floor(random() * text.length);
    const needle = trial % 2 === 0 ? text.slice(start, start + 1 + Math.floor(random() * 80)) : sentence(1 + Math.floor(random() * 10));
    assert.equal(search.includes(needle), text.includes(needle), JSON.stringify(needle));
    if (text.includes(needle)) found++;
  }
  assert.ok(found > 1500, 'both answers were asked for');
  assert.equal(new TextSearch('').includes('anything at all here'), false);
  assert.equal(new TextSearch('short').includes(''), true);
  assert.equal(new TextSearch('exactly sixteen!').includes('exactly sixteen!'), true);
});
