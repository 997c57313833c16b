/** A processed body kept with its HTML and text blocks compressed (build/markdown/packed.ts): the same document back, from memory and from a cache file. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../build/markdown/index.ts';
import { documentFile, documentFromFile, packDocument, unpackDocument } from '../build/markdown/packed.ts';

const BODY = 'Medicare Part D’s cap is **$2,100** — “out of pocket”.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [the plan](/insights/plan) and ![a chart](/img/chart.png).';

test('a packed document gives back the same HTML, text blocks and facts, non-ASCII text included', () => {
  const document = renderMarkdown(BODY, '/insights/a');
  const unpacked = unpackDocument(packDocument(document));
  assert.equal(unpacked.html, document.html);
  assert.deepEqual(unpacked.textBlocks, ['Medicare Part D’s cap is $2,100 — “out of pocket”.', 'a', 'b', '1', '2', 'See the plan and .']);
  assert.deepEqual({ ...unpacked, html: unpacked.html, textBlocks: unpacked.textBlocks }, document);
  assert.ok(packDocument(document).packedHtml.byteLength < Buffer.byteLength(document.html), 'the HTML is smaller packed');
});

test('the compressed text is not a field: JSON and a comparison of fields see the small facts only', () => {
  const unpacked = unpackDocument(packDocument(renderMarkdown(BODY, '/insights/a')));
  assert.deepEqual(Object.keys(unpacked).sort(), ['figuresUsed', 'links', 'unknownFigures', 'wordCount']);
  assert.equal('html' in unpacked && 'textBlocks' in unpacked, true, 'the HTML and the text blocks are read through the document, as page keys expect');
});

test('a packed document survives its cache file', () => {
  const packed = packDocument(renderMarkdown(BODY, '/insights/a'));
  const read = documentFromFile(documentFile(packed));
  assert.ok(read);
  assert.deepEqual(read, packed);
  assert.equal(unpackDocument(read).html, renderMarkdown(BODY, '/insights/a').html);
  assert.deepEqual(unpackDocument(read).textBlocks, renderMarkdown(BODY, '/insights/a').textBlocks);
});

test('a file that is not a cached document is not taken for one', () => {
  const file = documentFile(packDocument(renderMarkdown(BODY, '/insights/a')));
  assert.equal(documentFromFile(Buffer.alloc(2)), undefined, 'too short');
  assert.equal(documentFromFile(file.subarray(0, 20)), undefined, 'cut inside its facts');
  const factsEnd = 4 + file.readUInt32BE(0);
  assert.equal(documentFromFile(file.subarray(0, factsEnd + 10)), undefined, 'cut inside its HTML');
  assert.equal(documentFromFile(Buffer.from('{"html":"<p>an entry of the old format</p>"}')), undefined, 'the JSON of an older version');
  const damagedFacts = Buffer.from(file);
  damagedFacts[5] = 0x7b;
  assert.equal(documentFromFile(damagedFacts), undefined, 'facts that are not JSON');
});

test('damaged text in a cache file fails with a message that says what to delete, when it is read', () => {
  const packed = packDocument(renderMarkdown(BODY, '/insights/a'));
  const file = documentFile(packed);
  const damage = (at: number) => {
    const damaged = Buffer.from(file);
    damaged[at] = (damaged[at] as number) ^ 0xff;
    const read = documentFromFile(damaged);
    assert.ok(read, 'the facts are intact');
    return unpackDocument(read);
  };
  const fix = /a processed body in the build cache is damaged .*delete the cache folder's markdown\/ and build again/;
  const htmlEnd = file.length - packed.packedTextBlocks.length;
  assert.throws(() => damage(htmlEnd - 3).html, fix);
  assert.throws(() => damage(file.length - 3).textBlocks, fix);
});
