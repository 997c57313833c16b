/**
 * What lets a reader trust the site (issue 5), on the pages themselves:
 * every page says it has no advertising and no tracking; every article
 * says who wrote it, when and by whom it was last reviewed, and its sources;
 * a translation, who translated it and who reviewed the translation.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { assertContains, buildFrom, pageAt, type SiteBuild } from '../../helpers/sites.ts';
import { CREDITED_FILES, CREDITED_URLS } from '../../helpers/credited-site.ts';
import { DISCOVERY_FILES } from '../../helpers/discovery-site.ts';

let build: SiteBuild;
before(async () => {
  build = await buildFrom(DISCOVERY_FILES);
});

test('every page carries the no-advertising and privacy statements beside the legal notice', () => {
  for (const page of build.pages) assertContains(page.html, ['<strong>No advertising, no sponsors.</strong>', 'sets no cookies and uses no trackers or analytics']);
});

test('an article by a guest says who wrote it, and when and by whom it was last reviewed', () => {
  assertContains(pageAt(build, '/insights/newest-thing'), ['<span>Written by Dr. Guest</span>', 'Last reviewed <time dateTime="2025-11-02">November 2, 2025</time> by Dr. Test Person, MD']);
});

test("an article by the physician, never reviewed since, is dated by its date and written by the site's physician", () => {
  assertContains(pageAt(build, '/insights/old-news'), ['Written by Dr. Test Person, MD', '<time dateTime="2024-03-05">', '!Dr. Guest']);
});

test('an article lists its sources after its text', async () => {
  const withSources = await buildFrom({ 'content/insights/a.md': '---\ntitle: A\nsources:\n  - title: Medicare.gov\n    url: https://www.medicare.gov/\n---\nBody.' });
  assertContains(pageAt(withSources, '/insights/a'), ['<h2 id="sources-title">Sources</h2><ol><li><a href="https://www.medicare.gov/">Medicare.gov</a></li></ol>']);
  assertContains(pageAt(build, '/insights/old-news'), ['!id="sources-title"']);
});

test('a translation says, right after its review and in its words, who translated it and who reviewed the translation, as far as it names them; an original and a translation naming neither say nothing of it', async () => {
  const credited = await buildFrom(CREDITED_FILES);
  const trust = (url: string) => /<p class="article__trust">([\s\S]*?)<\/p>/.exec(pageAt(credited, url))?.[1] ?? '';
  const afterReview = (url: string) => /^<span>Escrito por [^<]*<\/span><span>Revisado por última vez el <time[^>]*>[^<]*<\/time> por [^<]*<\/span>(.*)$/.exec(trust(url))?.[1];
  assert.equal(afterReview(CREDITED_URLS.kneeEs), '<span>Traducido por Lucía Gómez, revisado por el Dr. Test Person, MD</span>');
  assert.equal(afterReview(CREDITED_URLS.hipEs), '<span>Traducido por Lucía Gómez</span>');
  assert.equal(afterReview(CREDITED_URLS.neckEs), '<span>Traducción revisada por la Dra. Ana Ruiz</span>');
  assert.equal(afterReview(CREDITED_URLS.backEs), '');
  assert.doesNotMatch(trust(CREDITED_URLS.knee), /Translat/);
});
