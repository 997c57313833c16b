/** A processed body kept with its HTML compressed (build/markdown/packed.ts): the same document back, from memory and from a cache file. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../build/markdown/index.ts';
import { documentFile, documentFromFile, packDocument, unpackDocument } from '../build/markdown/packed.ts';

const BODY = 'Medicare Part D’s cap is **$2,100** — “out of pocket”.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [the plan](/insights/plan) and ![a chart](/img/chart.png).';

test('a packed document gives back the same HTML and facts, non-ASCII text included', () => {
  const document = renderMarkdown(BODY, '/insights/a');
  const unpacked = unpackDocument(packDocument(document));
  assert.equal(unpacked.html, document.html);
  assert.deepEqual({ ...unpacked, html: unpacked.html }, document);
  assert.ok(packDocument(document).packedHtml.byteLength < Buffer.byteLength(document.html), 'the HTML is smaller packed');
});

test('the compressed HTML is not a field: JSON and a comparison of fields see the facts only', () => {
  const unpacked = unpackDocument(packDocument(renderMarkdown(BODY, '/insights/a')));
  assert.deepEqual(Object.keys(unpacked).sort(), ['figuresUsed', 'links', 'textBlocks', 'unknownFigures', 'wordCount']);
  assert.equal('html' in unpacked, true, 'the HTML is read through the document');
});

test('a packed document survives its cache file', () => {
  const packed = packDocument(renderMarkdown(BODY, '/insights/a'));
  const read = documentFromFile(documentFile(packed));
  assert.ok(read);
  assert.deepEqual(read, packed);
  assert.equal(unpackDocument(read).html, renderMarkdown(BODY, '/insights/a').html);
});

test('a file that is not a cached document is not taken for one', () => {
  const file = documentFile(packDocument(renderMarkdown(BODY, '/insights/a')));
  assert.equal(documentFromFile(Buffer.alloc(2)), undefined, 'too short');
  assert.equal(documentFromFile(file.subarray(0, 20)), undefined, 'cut inside its facts');
  assert.equal(documentFromFile(Buffer.from('{"html":"<p>an entry of the old format</p>"}')), undefined, 'the JSON of an older version');
  const damagedFacts = Buffer.from(file);
  damagedFacts[5] = 0x7b;
  assert.equal(documentFromFile(damagedFacts), undefined, 'facts that are not JSON');
});

test('damaged HTML in a cache file fails with a message that says what to delete, when the page renders', () => {
  const file = documentFile(packDocument(renderMarkdown(BODY, '/insights/a')));
  const damaged = Buffer.from(file);
  damaged[damaged.length - 3] = (damaged[damaged.length - 3] as number) ^ 0xff;
  const read = documentFromFile(damaged);
  assert.ok(read, 'the facts are intact');
  assert.throws(() => unpackDocument(read).html, /a processed body in the build cache is damaged .*delete the cache folder's markdown\/ and build again/);
});
