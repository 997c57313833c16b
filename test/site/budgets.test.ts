/**
 * Page weight and loading budgets, over every page of the sample site (issue 6):
 * at most 3 KB of JavaScript (gzip), at most 14 KB of HTML and CSS on the
 * critical path (gzip; what the first round trip of a new connection
 * carries), no request to another website, every image with its width and
 * height, the photo above the fold fetched first and article images lazily.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { elements, type Element } from '../helpers/elements.ts';
import { sampleSite } from '../helpers/sample-site.ts';
import { article, buildFrom, pageAt } from '../helpers/sites.ts';

const JS_BUDGET = 3 * 1024;
const CRITICAL_BUDGET = 14 * 1024;

const build = await sampleSite(false, '2025-11-01');
const gzipped = (bytes: string | Uint8Array) => gzipSync(bytes).length;
/** A file of the site by its address, gzipped; fails the test when the site has no such file. */
function gzippedFile(url: string): number {
  const contents = build.files.get(url.replace(/^\//, ''));
  assert.ok(contents !== undefined, `${url} is a file of the site`);
  return gzipped(contents);
}

const candidates = (srcset: string | undefined) => srcset?.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') ?? [];

/** The URLs a browser fetches for a page (not links it may follow). */
function fetched(page: Element[]): string[] {
  return page.flatMap(({ name, attributes }) => {
    if (name === 'script' && attributes.src !== undefined) return [attributes.src];
    if (name === 'img' && attributes.src !== undefined) return [attributes.src, ...candidates(attributes.srcset)];
    if (name === 'link' && ['stylesheet', 'icon', 'preload', 'modulepreload'].includes(attributes.rel ?? '')) return [attributes.href ?? ''];
    if (name === 'source') return candidates(attributes.srcset);
    return [];
  });
}

test('the sample site has pages to measure', () => {
  assert.ok(build.pages.length > 8);
});

for (const page of build.pages) {
  test(`${page.file} keeps its budgets`, () => {
    const parsed = elements(page.html);
    const scripts = parsed.filter((element) => element.name === 'script' && element.attributes.src !== undefined).map((element) => element.attributes.src ?? '');
    const javascript = scripts.reduce((total, src) => total + gzippedFile(src), 0);
    assert.ok(javascript <= JS_BUDGET, `JavaScript ${javascript} B gzip > ${JS_BUDGET}`);
    const stylesheets = parsed.filter((element) => element.name === 'link' && element.attributes.rel === 'stylesheet').map((element) => element.attributes.href ?? '');
    assert.equal(stylesheets.length, 1, 'one stylesheet');
    const critical = gzipped(page.html) + stylesheets.reduce((total, href) => total + gzippedFile(href), 0);
    assert.ok(critical <= CRITICAL_BUDGET, `HTML + CSS ${critical} B gzip > ${CRITICAL_BUDGET}`);
    for (const url of fetched(parsed)) assert.ok(url.startsWith('/') && !url.startsWith('//'), `a request to another website: ${url}`);
    for (const image of parsed.filter((element) => element.name === 'img')) {
      assert.ok(Number(image.attributes.width) > 0 && Number(image.attributes.height) > 0, `an image without its size: ${image.attributes.src ?? ''}`);
    }
  });
}

test('the photo above the fold is fetched first, never lazily', () => {
  for (const url of ['/', '/about']) {
    const photo = elements(pageAt(build, url)).find((element) => element.name === 'img' && element.attributes.src === build.model.site.photo.url);
    assert.ok(photo, `${url} shows the photo`);
    assert.equal(photo.attributes.fetchpriority, 'high', url);
    assert.equal(photo.attributes.loading, undefined, `${url}: the default, eager`);
  }
});

test('article images load lazily, with their width and height from the file', async () => {
  const withImage = await buildFrom({ 'content/insights/a.md': article({ title: 'A' }, '![The clinic logo](/images/physician.svg)') });
  const image = elements(pageAt(withImage, '/insights/a')).find((element) => element.name === 'img' && element.attributes.alt === 'The clinic logo');
  assert.deepEqual([image?.attributes.loading, image?.attributes.width, image?.attributes.height], ['lazy', '480', '600']);
});
