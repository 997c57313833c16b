/**
 * Page weight and loading budgets, over every page of the real site (issue 6):
 * at most 3 KB of JavaScript (gzip), at most 14 KB of HTML and CSS on the
 * critical path (gzip; what the first round trip of a new connection
 * carries), no request to another website, every image with its width and
 * height, the photo above the fold fetched first and article images lazily.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { buildSite } from '../build/index.ts';
import { article, buildFrom, pageAt, PROJECT_ROOT, TEST_CACHE_DIR } from './helpers/sites.ts';

const JS_BUDGET = 3 * 1024;
const CRITICAL_BUDGET = 14 * 1024;

const build = await buildSite({ contentDir: path.join(PROJECT_ROOT, 'content'), assetsDir: path.join(PROJECT_ROOT, 'assets'), includeDrafts: false, today: '2025-11-01', cacheDir: TEST_CACHE_DIR });
const generated = new Map<string, Buffer>(build.files.flatMap((file) => ('contents' in file ? [[`/${file.path}`, Buffer.from(file.contents)] as const] : [])));
const gzipped = (bytes: Buffer | string) => gzipSync(bytes).length;

interface Element {
  name: string;
  attributes: Record<string, string>;
}

function elements(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser({ onopentag: (name, attributes) => found.push({ name, attributes }) });
  parser.end(html);
  return found;
}

/** The URLs a browser fetches for a page (not links it may follow). */
function fetched(page: Element[]): string[] {
  return page.flatMap(({ name, attributes }) => {
    if (name === 'script' && attributes.src !== undefined) return [attributes.src];
    if (name === 'img' && attributes.src !== undefined) return [attributes.src, ...(attributes.srcset?.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') ?? [])];
    if (name === 'link' && ['stylesheet', 'icon', 'preload', 'modulepreload'].includes(attributes.rel ?? '')) return [attributes.href ?? ''];
    if (name === 'source' && attributes.srcset !== undefined) return attributes.srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
    return [];
  });
}

for (const page of build.pages) {
  test(`${page.file} keeps its budgets`, () => {
    const parsed = elements(page.html);
    const scripts = parsed.filter((element) => element.name === 'script' && element.attributes.src !== undefined).map((element) => element.attributes.src ?? '');
    const javascript = scripts.reduce((total, src) => total + gzipped(generated.get(src) ?? ''), 0);
    assert.ok(javascript <= JS_BUDGET, `JavaScript ${javascript} B gzip > ${JS_BUDGET}`);
    const stylesheets = parsed.filter((element) => element.name === 'link' && element.attributes.rel === 'stylesheet').map((element) => element.attributes.href ?? '');
    const critical = gzipped(page.html) + stylesheets.reduce((total, href) => total + gzipped(generated.get(href) ?? ''), 0);
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
    assert.equal(photo?.attributes.fetchpriority, 'high', url);
    assert.equal(photo?.attributes.loading, undefined, `${url}: the default, eager`);
  }
});

test('article images load lazily, with their width and height from the file', async () => {
  const withImage = await buildFrom({ 'content/insights/a.md': article({ title: 'A' }, '![The clinic logo](/images/physician.svg)') });
  const image = elements(pageAt(withImage, '/insights/a')).find((element) => element.name === 'img' && element.attributes.alt === 'The clinic logo');
  assert.deepEqual([image?.attributes.loading, image?.attributes.width, image?.attributes.height], ['lazy', '480', '600']);
});
