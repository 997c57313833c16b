/**
 * Every page record of a build kept as one cache entry: what is read back is
 * what was kept, and an entry that is not a pack reads as no records.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packRecords, recordPage, sharedStrings, unpackRecords, type RecordPack } from '../../../build/check/index.ts';

const page = (slug: string) => `<html lang="en-US"><head><link rel="canonical" href="https://www.example.com/insights/${slug}"/><link rel="alternate" hrefLang="en" href="https://www.example.com/insights/${slug}"/><link rel="alternate" hrefLang="es" href="https://www.example.com/es/insights/${slug}"/><link rel="stylesheet" href="/assets/site.css"/><meta property="og:url" content="https://www.example.com/insights/${slug}"/></head><body><a href="#main">Skip</a><main id="main"><h2 id="user-content-${slug}">A section</h2><a href="/insights/${slug}#user-content-${slug}">Here</a><img src="/img/${slug}.png" srcSet="/img/${slug}.320w.avif 320w"/></main></body></html>`;

test('the records of a build read back from their pack as they were made, leaks included', () => {
  const keep = sharedStrings();
  const records = new Map(['knee-pain', 'part-d', 'open-enrollment'].map((slug, index) => [`key-${index}`, recordPage(page(slug), undefined, keep)]));
  records.set('hidden', recordPage(page('hidden').replace('<head>', '<head><meta name="robots" content="noindex"/>'), undefined, keep));
  records.set('leaking', { ...recordPage(page('draft'), undefined, keep), leaks: [{ draft: 'content/insights/draft.md', what: 'text', text: 'A sentence of the draft that is long enough.' }, { draft: 'content/insights/draft.md', what: 'address' }] });
  const pack = JSON.parse(JSON.stringify(packRecords(records))) as RecordPack;
  assert.deepEqual(unpackRecords(pack), records);
  assert.equal(pack.strings.filter((text) => text === '/assets/site.css').length, 1, 'a string the pages share is kept once');
});

test('an entry that is not a pack of records reads as none, and the pages are read again', () => {
  for (const entry of [undefined, {}, { strings: [], records: [[0, [], [], [], []]] }, { strings: ['a'], records: [[0, [1], [], [], []]] }, { strings: ['a'], records: [[0, [], [], [], []]] }, { strings: ['a'], records: [[0, [], [], [], [], 0, 0, 0, [0]]] }, [['key', { facts: {} }]]]) {
    assert.deepEqual(unpackRecords(entry as unknown as RecordPack), new Map(), JSON.stringify(entry));
  }
});
