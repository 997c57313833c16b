/**
 * The link check, run on the built pages (build/check/links.ts): every
 * internal link and section must exist, reported at its line in the
 * markdown that wrote it, or on the page when a template wrote it; no image
 * may come from another website; handouts and images no page uses are
 * warnings.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteChecks, recordPage, type PageRecord } from '../../../build/check/index.ts';
import { ContentErrors, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import type { PlannedPage } from '../../../build/pages/index.ts';
import { article, buildFrom, MINIMAL_PDF, SITE_MD, SPANISH_FILES, type SiteFiles } from '../../helpers/sites.ts';

/** The diagnostics of a build that must fail, as [rule, file name, line]. */
async function errorsOf(files: SiteFiles, options = {}): Promise<{ found: [string, string, number | undefined][]; diagnostics: readonly ContentDiagnostic[] }> {
  const failure = await buildFrom(files, options).then(
    () => assert.fail('the build should stop'),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ContentErrors, String(failure));
  const errors = failure.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  return { found: errors.map((diagnostic) => [diagnostic.ruleId, path.basename(diagnostic.file), diagnostic.line]), diagnostics: errors };
}

// The body of article(fields, body) starts on the file's line 4 + the number of fields: line 6 here.
const A = (body: string) => ({ 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }, body) });

test('a broken link in an article is an error at its line in the markdown, with what to check', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n\nSee [the knee article](/insights/knee) here.'));
  assert.deepEqual(found, [['broken-link', 'a.md', 8]]);
  assert.equal(diagnostics[0]?.message, 'The link to /insights/knee leads to no page or file of this site.');
  assert.match(diagnostics[0]?.hint ?? '', /articles are at \/insights\/\{slug\}/);
});

test('a broken link with an accent, a space or a backslash is still told at its line in the markdown, as written', async () => {
  const { found, diagnostics } = await errorsOf(A('See [one](/insights/café), [two](</insights/my page>)\nand [three](/\\\\other.example/x).'));
  assert.deepEqual(found, [['broken-link', 'a.md', 6], ['broken-link', 'a.md', 6], ['broken-link', 'a.md', 7]]);
  assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.message), ['/insights/café', '/insights/my page', '/\\other.example/x'].map((url) => `The link to ${url} leads to no page or file of this site.`));
});

test('an image that is not in the assets is a broken link at its line, saying where images go', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n\n![A chart](/images/chart.png)'));
  assert.deepEqual(found, [['broken-link', 'a.md', 8]]);
  assert.equal(diagnostics[0]?.message, 'The image /images/chart.png is not a file of this site.');
  assert.match(diagnostics[0]?.hint ?? '', /assets\/images\/.*capital letters/);
});

test('an image or a link that differs from a file of the site only in capitals is a broken link whose hint names the file', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n\n![A chart](/images/Social-Default.png)\n\n[Handout](/PDFs/Low-Back-Pain.pdf)'));
  assert.deepEqual(found, [['broken-link', 'a.md', 8], ['broken-link', 'a.md', 10]]);
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.hint]),
    [
      ['The image /images/Social-Default.png is not a file of this site.', 'The site has /images/social-default.png, which differs only in capitals: write it so, since web addresses tell capitals apart.'],
      ['The link to /PDFs/Low-Back-Pain.pdf leads to no page or file of this site.', 'The site has /pdfs/low-back-pain.pdf, which differs only in capitals: write it so, since web addresses tell capitals apart.'],
    ],
  );
});

test("a link to another article's markdown file is broken, and the hint gives the address of that file's name, which leads to the article", async () => {
  const files = { ...A('See [b](b.md), [its part](./B.md#part) and [c](c.md).'), 'content/insights/b.md': article({ title: 'Bee Title', date: '2025-02-01' }) };
  const { found, diagnostics } = await errorsOf(files);
  assert.deepEqual(found, [['broken-link', 'a.md', 6], ['broken-link', 'a.md', 6], ['broken-link', 'a.md', 6]]);
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.hint.split(':')[0]]),
    [
      ["The link to b.md names an article's markdown file, which the site does not publish.", 'Link to /insights/b'],
      ["The link to ./B.md#part names an article's markdown file, which the site does not publish.", 'Link to /insights/b#part'],
      ['The link to c.md leads to no page or file of this site.', 'Check the address'],
    ],
  );
  await buildFrom({ ...files, 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }, 'See [b](/insights/b).') });
});

test('a relative link is checked where it leads from its page', async () => {
  const files = { ...A('See [b](b) and [up](../education#back).'), 'content/insights/b.md': article({ title: 'B', date: '2025-02-01' }) };
  const build = await buildFrom(files);
  assert.deepEqual(build.warnings, []);
  const { found } = await errorsOf({ ...files, 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }, 'See [c](c).') });
  assert.deepEqual(found, [['broken-link', 'a.md', 6]]);
});

test('links to handouts, to pages with or without a slash, and with escapes are found', async () => {
  const build = await buildFrom(A('[pdf](/pdfs/low-back-pain.pdf) [escaped](/pdfs/low%2Dback%2Dpain.pdf) [slash](/education/) [index](/about/index.html) [home](/) [feed](/feed.xml) [own](https://test.example/about)'));
  assert.deepEqual(build.warnings, []);
});

test('a link on the site’s own address to a page it does not have is broken; a link to another website is not checked', async () => {
  const { found } = await errorsOf(A('[own](https://test.example/missing-page) and [other](https://www.medicare.gov/missing-page)'));
  assert.deepEqual(found, [['broken-link', 'a.md', 6]]);
});

test('a link to a draft is broken in a production build, and found in a build with drafts', async () => {
  const files = { ...A('See [the draft](/insights/secret).'), 'content/insights/secret.md': article({ title: 'Secret', draft: true }) };
  const { found } = await errorsOf(files);
  assert.deepEqual(found.filter(([rule]) => rule === 'broken-link'), [['broken-link', 'a.md', 6]]);
  await assert.doesNotReject(buildFrom(files, { includeDrafts: true }));
});

test('a link to a section another page does not have is an error at its line that lists the sections there', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n\nSee [shoulders](/education#shoulders).'));
  assert.deepEqual(found, [['broken-link', 'a.md', 8]]);
  assert.equal(diagnostics[0]?.message, 'The link to /education#shoulders names a section that /education does not have.');
  assert.match(diagnostics[0]?.hint ?? '', /The sections of \/education are: .*#back, #shoulder/);
});

test("a link to a heading of an article is broken, and the hint says that an article's headings have no anchor", async () => {
  const { found, diagnostics } = await errorsOf(A('Jump to [the costs](#what-it-costs).\n\n## What it costs'));
  assert.deepEqual(found, [['broken-link', 'a.md', 6]]);
  assert.equal(diagnostics[0]?.message, 'The link to #what-it-costs names a section that /insights/a does not have.');
  assert.match(diagnostics[0]?.hint ?? '', /^The headings of an article's text have no anchor to link to: link to the article without the #section, or to a section its page has: #legal-notice-title\.$/);
});

test('a link to a section of its own page must name an id of it', async () => {
  const build = await buildFrom(A('A note.[^1] [Back to the top](#top)\n\n[^1]: The note.'));
  assert.deepEqual(build.warnings, []);
  const { found } = await errorsOf(A('[Costs](#costs)'));
  assert.deepEqual(found, [['broken-link', 'a.md', 6]]);
});

test('a broken link in the biography is an error at its line in the site identity file', async () => {
  const { found, diagnostics } = await errorsOf({ 'content/site.md': SITE_MD.replace('A short biography.', 'A short biography.\n\nSee <https://test.example/missing-page>.') });
  assert.deepEqual(found, [['broken-link', 'site.md', 31]]);
  assert.match(diagnostics[0]?.message ?? '', /https:\/\/test\.example\/missing-page leads to no page/);
});

/** A page as the checks see it, with the references a template wrote. */
function templatePage(url: string, file: string, html: string): { page: PlannedPage; record: PageRecord } {
  const render = () => Promise.resolve(html);
  return { page: { url, file, path: file, kind: 'page', key: url, render, contents: render }, record: recordPage(html, undefined) };
}

test('a broken reference a template wrote names the page it is on, and says to look at the template', async () => {
  const home = templatePage('/', 'index.html', '<html><head><link rel="icon" href="/images/missing.svg"/></head><body><a href="/about">About</a></body></html>');
  const about = templatePage('/about', 'about/index.html', '<html><body><h1 id="about">About</h1></body></html>');
  const checks = new SiteChecks({ paths: ['index.html', 'about/index.html'], assets: [], siteUrl: 'https://test.example', prints: undefined });
  for (const { page, record } of [home, about]) checks.setPage(page, record, undefined);
  const found = await checks.findings([home.page, about.page], () => Promise.resolve(new Set()));
  assert.deepEqual(found.map((diagnostic) => [diagnostic.ruleId, diagnostic.file]), [['broken-link', 'index.html']]);
  assert.equal(found[0]?.message, 'The page / refers to /images/missing.svg, which leads to no page or file of this site.');
  assert.match(found[0]?.hint ?? '', /from a template or the site identity file/);
});

test('an image from another website is an error at its line: the site makes no third-party request', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n\n![A chart](https://cdn.example.org/chart.png)'));
  assert.deepEqual(found, [['external-resource', 'a.md', 8]]);
  assert.match(diagnostics[0]?.message ?? '', /https:\/\/cdn\.example\.org\/chart\.png would be loaded from another website/);
  assert.match(diagnostics[0]?.hint ?? '', /assets\/images/);
});

test('an image from another website shown on two lines is an error at each of them', async () => {
  const { found } = await errorsOf(A('![A chart](https://cdn.example.org/chart.png)\n\nText.\n\n![A chart](https://cdn.example.org/chart.png)'));
  assert.deepEqual(found, [['external-resource', 'a.md', 6], ['external-resource', 'a.md', 10]]);
});

test('a broken address a template writes twice on a page is told once, naming the page', async () => {
  const home = templatePage('/', 'index.html', '<html><body><a href="/gone">Gone</a><footer><a href="/gone">Gone</a></footer></body></html>');
  const checks = new SiteChecks({ paths: ['index.html'], assets: [], siteUrl: 'https://test.example', prints: undefined });
  checks.setPage(home.page, home.record, undefined);
  const found = await checks.findings([home.page], () => Promise.resolve(new Set()));
  assert.deepEqual(found.map((diagnostic) => [diagnostic.ruleId, diagnostic.file, diagnostic.message]), [['broken-link', 'index.html', 'The page / refers to /gone, which leads to no page or file of this site.']]);
});

test('an asset no page refers to is a warning; the build goes on', async () => {
  const build = await buildFrom({ 'assets/pdfs/orphan.pdf': MINIMAL_PDF, 'assets/images/unused.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' });
  assert.deepEqual(
    build.warnings.map((warning) => [warning.ruleId, warning.severity, warning.file.split('/').slice(-2).join('/'), warning.message]),
    [
      ['unused-asset', 'warning', 'images/unused.svg', 'No page links to /images/unused.svg.'],
      ['unused-asset', 'warning', 'pdfs/orphan.pdf', 'No page links to /pdfs/orphan.pdf.'],
    ],
  );
  assert.ok(build.files.has('pdfs/orphan.pdf'), 'it is still published');
});

test('an image an article shows, or a handout it links to, is not unused', async () => {
  const build = await buildFrom({
    'assets/images/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    'assets/pdfs/extra.pdf': MINIMAL_PDF,
    ...A('![A chart](/images/chart.svg) and [the extra handout](/pdfs/extra.pdf)'),
  });
  assert.deepEqual(build.warnings, []);
});

test('footnotes whose labels hold a quote, angle brackets, a percent escape or a space lead to their notes and back, as in a browser', async () => {
  const labels = ['a"b', 'a<b', 'a>b', 'a%41b', '%41', 'a b', 'A"B"C'];
  const body = `${labels.map((label, index) => `Note ${index}.[^${label}]`).join('\n')}\n\n${labels.map((label) => `[^${label}]: The note ${label}.`).join('\n\n')}`;
  const build = await buildFrom(A(body));
  assert.deepEqual(build.warnings, []);
});

test('a broken relative link holding a backslash is told at its line in the markdown, as written', async () => {
  const { found, diagnostics } = await errorsOf(A('Intro.\n[x](a\\b) and ![y](c\\d.png)'));
  assert.deepEqual(found, [['broken-link', 'a.md', 7], ['broken-link', 'a.md', 7]]);
  assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.message), ['The link to a\\b leads to no page or file of this site.', 'The image c\\d.png is not a file of this site.']);
});

test('the same broken address written on several lines is one problem at each of them, a reference at its own line', async () => {
  const { found } = await errorsOf(A('[k](/insights/knee)\n\nText.\n\n[k](/insights/knee) and [c](#costs)\n\n[k](/insights/knee) [r][ref]\n\n[c](#costs) [r][ref]\n\n[ref]: /insights/gone'));
  assert.deepEqual(found, [
    ['broken-link', 'a.md', 6],
    ['broken-link', 'a.md', 10],
    ['broken-link', 'a.md', 10],
    ['broken-link', 'a.md', 12],
    ['broken-link', 'a.md', 12],
    ['broken-link', 'a.md', 14],
    ['broken-link', 'a.md', 14],
  ]);
});

/** A bilingual site whose Spanish article a.es.md (its body from line 6) says this, beside a published Spanish article "Otro artículo" from otro.es.md. */
const SPANISH = (body: string): SiteFiles => ({
  ...SPANISH_FILES,
  'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }),
  'content/insights/a.es.md': article({ title: 'A en español', date: '2025-01-01' }, body),
  'content/insights/otro.es.md': article({ title: 'Otro artículo', date: '2025-01-01' }, 'Texto.'),
});

test('a broken link in a Spanish article is refused at its line in the Spanish file', async () => {
  const { found, diagnostics } = await errorsOf(SPANISH('Introducción.\n\nVea [el artículo](/es/insights/rodilla).'));
  assert.deepEqual(found, [['broken-link', 'a.es.md', 8]]);
  assert.equal(diagnostics[0]?.message, 'The link to /es/insights/rodilla leads to no page or file of this site.');
  assert.match(diagnostics[0]?.hint ?? '', /in Spanish, \/es\/insights\/\{slug\}/);
});

// bug: a link to a Spanish article's file was taken for an English address (/insights/otro-es), so the hint did not give the address to write.
test("a link to a Spanish article's markdown file gives the Spanish address of its file name", async () => {
  const { found, diagnostics } = await errorsOf(SPANISH('Vea [el otro](otro.es.md).'));
  assert.deepEqual(found, [['broken-link', 'a.es.md', 6]]);
  assert.equal(diagnostics[0]?.problemId, 'linkToArticleFile');
  assert.match(diagnostics[0]?.hint ?? '', /^Link to \/es\/insights\/otro:/);
});

// bug: a link to a section of a Spanish article was not known for a link into an article, so the hint did not say that its headings have no anchors.
test("a link to a section a Spanish article does not have says that an article's headings have no anchors", async () => {
  const { found, diagnostics } = await errorsOf(SPANISH('Vea [la sección](/es/insights/otro-articulo#precios).'));
  assert.deepEqual(found, [['broken-link', 'a.es.md', 6]]);
  assert.equal(diagnostics[0]?.problemId, 'articleSectionMissing');
});
