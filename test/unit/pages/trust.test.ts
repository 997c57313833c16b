/**
 * What lets a reader trust the site (issue 5), on the pages themselves:
 * every page says it has no advertising and no tracking; every article
 * says who wrote it, when and by whom it was last reviewed, and its sources.
 */
import { before, test } from 'node:test';
import { assertContains, buildFrom, pageAt, type SiteBuild } from '../../helpers/sites.ts';
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
