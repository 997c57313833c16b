/**
 * What the checks read of a built page (build/check/page-facts.ts): its
 * ids, every URL it links to or loads, and the text a reader or a machine
 * can read; and that what is kept of a page does not keep the page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { recordPage } from '../../../build/check/index.ts';
import { decodeEntities, readPage } from '../../../build/check/page-facts.ts';
import { buildFrom, pageAt } from '../../helpers/sites.ts';

test('a page is read for its ids, every URL it refers to, and its readable text', () => {
  const facts = readPage(
    '<html><head><meta property="og:image" content="https://x.example/i.png"/><meta name="description" content="About the knee."/><link rel="stylesheet" href="/a.css"/></head>' +
      '<body><h2 id="back">Back &amp; spine</h2><a href="/b#c" title="Tip">link</a><img src="/i.png" srcset="/i-1.png 1x, /i-2.png 2x" alt="Alt text"/><p id="p1">Body</p></body></html>',
  );
  assert.deepEqual(facts.ids, ['back', 'p1']);
  assert.deepEqual(facts.headingIds, ['back']);
  assert.deepEqual(
    facts.references.map((reference) => `${reference.attribute} ${reference.url}`),
    ['og:image https://x.example/i.png', 'href /a.css', 'href /b#c', 'src /i.png', 'srcset /i-1.png', 'srcset /i-2.png'],
  );
  for (const text of ['Back & spine', 'Tip', 'Alt text', 'Body', 'About the knee.']) assert.ok(facts.text.includes(text), text);
});

test("a page is read for what search engines read of its language: lang, canonical address, noindex and hreflang links, as React writes them", () => {
  const facts = readPage(
    '<html lang="es-US"><head><meta name="robots" content="noindex"/><link rel="canonical" href="https://x.example/es"/><link rel="alternate" type="application/rss+xml" href="/es/feed.xml"/>' +
      '<link rel="alternate" hrefLang="en" href="https://x.example/"/><link rel="alternate" hrefLang="es" href="https://x.example/es"/><link rel="alternate" hrefLang="x-default" href="https://x.example/"/></head><body></body></html>',
  );
  assert.deepEqual([facts.lang, facts.canonical, facts.noindex], ['es-US', 'https://x.example/es', true]);
  assert.deepEqual(facts.alternates, [{ language: 'en', url: 'https://x.example/' }, { language: 'es', url: 'https://x.example/es' }, { language: 'x-default', url: 'https://x.example/' }]);
  assert.deepEqual(readPage('<html><head><meta name="robots" content="index"/></head></html>'), { ids: [], headingIds: [], references: [], lang: '', canonical: '', noindex: false, alternates: [], text: ['robots', 'index'] });
});

// bug: React writes the attribute as srcSet, which the check did not read: the AVIF and WebP copies a page loads went unchecked.
test('a <source srcSet> as React writes it is read like srcset', () => {
  const facts = readPage('<picture><source type="image/avif" srcSet="/img/a.320w.avif 320w, /img/a.640w.avif 640w"/><img src="/img/a.png"/></picture>');
  assert.deepEqual(facts.references.map((reference) => reference.url), ['/img/a.320w.avif', '/img/a.640w.avif', '/img/a.png']);
});

test('the image copies an article page loads are among its references', async () => {
  const knee = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 90, b: 120 } } }).png().toBuffer();
  const build = await buildFrom({ 'assets/img/knee.png': knee, 'content/insights/a.md': '---\ntitle: A\n---\n\n![The knee](/img/knee.png)\n' });
  const urls = readPage(pageAt(build, '/insights/a')).references.map((reference) => reference.url);
  for (const copy of ['/img/knee.320w.avif', '/img/knee.400w.avif', '/img/knee.320w.webp', '/img/knee.400w.webp']) assert.ok(urls.includes(copy), `${copy} in ${urls.join(' ')}`);
});

test('a sentence split by inline markup is one block of text; blocks are apart; scripts and styles are not text, their attributes are', () => {
  const facts = readPage('<body><p>This sentence has <strong>more than <em>eight</em></strong> words in it.</p><p>Next block.</p><script type="application/ld+json">{"headline":"Hidden"}</script><style>.a{}</style><ul><li>One</li><li>Two</li></ul></body>');
  assert.deepEqual(facts.text, ['This sentence has more than eight words in it.', 'Next block.', 'application/ld+json', 'One', 'Two']);
});

test('character references are decoded, as a browser shows them; unknown ones are left as written', () => {
  assert.equal(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &#x1F9E0; &nbsp;&copy;'), 'a & b <c> "d" \'e\' 🧠 \u00a0&copy;');
  assert.deepEqual(readPage('<a href="/search?a=1&amp;b=2">x</a>').references[0]?.url, '/search?a=1&b=2');
});

// bug: the records the build keeps of every page held each page's whole HTML through slices of it.
test('what is kept of a page does not keep its HTML in memory', () => {
  // V8 keeps a whole string alive for any slice of it: facts made of slices would hold every page the checks read.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const page = (n: number) => `<html><body><h2 id="section-heading-${n}">Heading</h2><a href="/insights/some-long-article-address-${n}">Link</a><img srcSet="/images/a-long-image-name-${n}.320w.avif 320w"/><p>${'Words that make the page long. '.repeat(40_000)}</p></body></html>`;
  gc();
  const before = process.memoryUsage().heapUsed;
  // The checks keep a page's record (ids and references), and drop its text once audited.
  const kept = Array.from({ length: 20 }, (_, n) => recordPage(page(n), undefined));
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.equal(kept[19]?.facts.references[0]?.url, '/insights/some-long-article-address-19');
  // Each page is 1.2 MB; what remains of it is two ids and two links.
  assert.ok(grown < 4_000_000, `the heap grew by ${grown} bytes for 20 pages' records`);
});
