/**
 * What helps people find the site (build/outputs/discovery.ts): sitemap.xml
 * lists exactly the published pages with the day each last changed, and
 * robots.txt points to it; neither shows a draft.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { before, test } from 'node:test';
import { parseSitemap } from 'sitemap';
import { article, buildFrom, type SiteBuild } from '../../helpers/sites.ts';
import { DISCOVERY_FILES, DRAFT_TRACES, fileOf, PUBLISHED_URLS } from '../../helpers/discovery-site.ts';

let build: SiteBuild;
before(async () => {
  build = await buildFrom(DISCOVERY_FILES);
});

test('the sitemap parses and lists exactly the published pages, articles with their last change', async () => {
  const items = await parseSitemap(Readable.from([fileOf(build, 'sitemap.xml')]));
  assert.deepEqual(items.map((item) => item.url).sort(), [...PUBLISHED_URLS].sort());
  const lastmod = Object.fromEntries(items.map((item) => [item.url, item.lastmod?.slice(0, 10)]));
  assert.equal(lastmod['https://test.example/insights/newest-thing'], '2025-11-02', 'a later review is a change');
  assert.equal(lastmod['https://test.example/insights/old-news'], '2024-03-05');
  assert.equal(lastmod['https://test.example/'], '2025-11-02', 'a list changes with its newest article');
  assert.equal(lastmod['https://test.example/education'], undefined, 'a page whose changes the content does not date has none');
});

test('each lastmod in the sitemap is the day itself, not midnight UTC, which in Florida is the evening before', () => {
  const sitemap = fileOf(build, 'sitemap.xml').toString();
  assert.match(sitemap, /<loc>https:\/\/test\.example\/insights\/newest-thing<\/loc><lastmod>2025-11-02<\/lastmod>/);
  assert.doesNotMatch(sitemap, /<lastmod>[^<]*T/);
});

test('a draft is in the sitemap of no build, not even a build with drafts', async () => {
  assert.doesNotMatch(fileOf(build, 'sitemap.xml').toString(), DRAFT_TRACES);
  const withDrafts = await buildFrom(DISCOVERY_FILES, { includeDrafts: true });
  assert.doesNotMatch(fileOf(withDrafts, 'sitemap.xml').toString(), DRAFT_TRACES);
});

test('a site address with a path keeps it in every address of the sitemap, as in robots.txt and the canonical links', async () => {
  const underPath = await buildFrom(DISCOVERY_FILES, { baseUrl: 'https://test.example/practice' });
  const items = await parseSitemap(Readable.from([fileOf(underPath, 'sitemap.xml')]));
  const expected = PUBLISHED_URLS.map((url) => url.replace('https://test.example', 'https://test.example/practice'));
  assert.deepEqual(items.map((item) => item.url).sort(), [...expected].sort());
  assert.match(fileOf(underPath, 'robots.txt').toString(), /^Sitemap: https:\/\/test\.example\/practice\/sitemap\.xml$/m);
});

test('robots.txt allows crawling and points to the sitemap', () => {
  assert.equal(fileOf(build, 'robots.txt').toString(), 'User-agent: *\nAllow: /\n\nSitemap: https://test.example/sitemap.xml\n');
});

/** The key and bytes of a file in a build. */
const keyed = (of: SiteBuild, name: string) => ({ key: of.plan.outputs.find((output) => output.path === name)?.key, bytes: fileOf(of, name).toString() });

test('the sitemap is the same file while what it shows is; a body edit leaves it, a new review date changes it', async () => {
  const edited = await buildFrom({ ...DISCOVERY_FILES, 'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }, 'A new body.') });
  assert.deepEqual(keyed(edited, 'sitemap.xml'), keyed(build, 'sitemap.xml'), 'the sitemap does not show bodies');
  const reviewed = await buildFrom({ ...DISCOVERY_FILES, 'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05', lastReviewed: '2026-02-03' }, 'See [the education page](/education).') });
  assert.notEqual(keyed(reviewed, 'sitemap.xml').key, keyed(build, 'sitemap.xml').key);
  assert.match(keyed(reviewed, 'sitemap.xml').bytes, /2026-02-03/);
});
