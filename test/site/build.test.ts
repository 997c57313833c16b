/**
 * Whole-site tests: small sites built in memory, checked page by page. Each
 * test is named after the clause of the spec it proves.
 */
import assert from 'node:assert/strict';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { ContentErrors, formatDiagnostic } from '../../build/diagnostics/index.ts';
import { article, assertContains, buildFrom, buildInMemory, makeSite, MINIMAL_PDF, pageAt, samplePdf, SITE_MD } from '../helpers/sites.ts';

const THREE_ARTICLES = {
  'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }),
  'content/insights/mid.md': article({ title: 'Mid Season', summary: 'Mid summary.', date: '2025-10-16', author: 'Dr. Writer' }),
  'content/insights/new.md': article({ title: 'Newest Thing', summary: 'New summary.', date: '2025-10-21' }),
  'content/insights/secret.md': article({ title: 'Secret Draft', summary: 'Draft summary.', date: '2026-01-01', draft: true }, 'Draft body text.'),
};

async function contentErrors(files: Record<string, string | null>) {
  try {
    await buildFrom(files);
  } catch (error) {
    assert.ok(error instanceof ContentErrors, String(error));
    return error.diagnostics;
  }
  assert.fail('the build should have failed');
}

test('every route of the spec has a page, at the file a static host serves', async () => {
  const build = await buildFrom(THREE_ARTICLES);
  assert.deepEqual(
    build.pages.map((page) => [page.url, page.file, page.kind]),
    [
      ['/', 'index.html', 'page'],
      ['/insights', 'insights/index.html', 'page'],
      ['/insights/newest-thing', 'insights/newest-thing/index.html', 'page'],
      ['/insights/mid-season', 'insights/mid-season/index.html', 'page'],
      ['/insights/old-news', 'insights/old-news/index.html', 'page'],
      ['/insights/new', 'insights/new/index.html', 'redirect'],
      ['/insights/mid', 'insights/mid/index.html', 'redirect'],
      ['/insights/old', 'insights/old/index.html', 'redirect'],
      ['/education', 'education/index.html', 'page'],
      ['/about', 'about/index.html', 'page'],
      ['/insights/', 'insights/404.html', 'not-found'],
      ['/', '404.html', 'not-found'],
    ],
  );
  for (const page of build.pages) assert.ok(page.html.startsWith('<!DOCTYPE html><html lang="en-US">'), page.file);
});

// spec §2 Insights list: title link, summary, US date, newest first.
test('the Insights list shows each published article with summary and US date, newest first', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES), '/insights');
  assertContains(html, ['<a href="/insights/newest-thing">Newest Thing</a>', 'New summary.', '<time dateTime="2025-10-21">10/21/2025</time>', '<time dateTime="2024-03-05">3/5/2024</time>']);
  assert.ok(html.indexOf('Newest Thing') < html.indexOf('Mid Season') && html.indexOf('Mid Season') < html.indexOf('Old News'));
});

// spec §4: draft articles are hidden everywhere.
test('drafts are absent from every page and every other file of a production build', async () => {
  const build = await buildFrom(THREE_ARTICLES);
  assert.ok(!build.pages.some((page) => page.url.includes('secret')));
  for (const page of build.pages) assertContains(page.html, ['!Secret Draft', '!Draft summary.', '!Draft body text.', '!secret-draft']);
  assert.ok(![...build.files.keys()].some((file) => file.includes('secret')), 'no page, card or copy of the draft');
  for (const file of ['feed.xml', 'atom.xml', 'feed.json', 'sitemap.xml']) {
    assertContains(String(build.files.get(file)), ['/insights/newest-thing', '!Secret Draft', '!Draft summary.', '!secret-draft']);
  }
});

// DECISIONS.md: --drafts includes them, badged "Draft" and marked noindex.
test('with --drafts, drafts show with a Draft badge and noindex', async () => {
  const build = await buildFrom(THREE_ARTICLES, { includeDrafts: true });
  const draftPage = pageAt(build, '/insights/secret-draft');
  assertContains(draftPage, ['<meta name="robots" content="noindex"/>', 'badge--draft">Draft</span>', 'Draft body text.']);
  assertContains(pageAt(build, '/insights'), ['Secret Draft', 'badge--draft">Draft</span>']);
  assertContains(pageAt(build, '/insights/newest-thing'), ['!<meta name="robots" content="noindex"/>']);
});

// spec §2 Article.
test('an article shows its title, long date, reading time, author and body', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES), '/insights/mid-season');
  assertContains(html, ['<h1>Mid Season</h1>', '<time dateTime="2025-10-16">October 16, 2025</time>', '<span>1 min read</span>', 'Written by Dr. Writer', '<p>Some words of the body.</p>']);
});

test('previous goes to the newer neighbour and next to the older one, with titles on hover, top and bottom', async () => {
  const build = await buildFrom(THREE_ARTICLES);
  const middle = pageAt(build, '/insights/mid-season');
  assert.equal(middle.match(/href="\/insights\/newest-thing" title="Newest Thing" rel="prev"/g)?.length, 2);
  assert.equal(middle.match(/href="\/insights\/old-news" title="Old News" rel="next"/g)?.length, 2);
  assertContains(pageAt(build, '/insights/newest-thing'), ['!rel="prev"', 'rel="next"']);
  assertContains(pageAt(build, '/insights/old-news'), ['rel="prev"', '!rel="next"']);
});

test('an article has Back to Top and All Insights buttons', async () => {
  assertContains(pageAt(await buildFrom(THREE_ARTICLES), '/insights/old-news'), ['href="#top"', 'Back to Top', 'href="/insights">All Insights</a>']);
});

// spec §2 Article: social-sharing metadata.
test('an article carries title, description, type article, URL and a large summary card', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES), '/insights/newest-thing');
  assertContains(html, [
    '<title>Newest Thing | Dr. Test Person, MD</title>',
    '<meta name="description" content="New summary."/>',
    '<link rel="canonical" href="https://test.example/insights/newest-thing"/>',
    '<meta property="og:title" content="Newest Thing"/>',
    '<meta property="og:description" content="New summary."/>',
    '<meta property="og:type" content="article"/>',
    '<meta property="og:url" content="https://test.example/insights/newest-thing"/>',
    '<meta property="og:image" content="https://test.example/og/newest-thing.png"/>',
    '<meta property="og:image:width" content="1200"/>',
    '<meta property="og:image:height" content="630"/>',
    '<meta property="og:image:alt" content="Newest Thing, by Dr. Test Person, MD"/>',
    '<meta name="twitter:card" content="summary_large_image"/>',
  ]);
});

test('--base-url changes every canonical and sharing URL', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES, { baseUrl: 'https://preview.example/' }), '/about');
  assertContains(html, ['<link rel="canonical" href="https://preview.example/about"/>', '!test.example']);
});

// DECISIONS.md "Slug": the file-name slug redirects to the canonical URL, never a second copy.
test('the file-name address redirects to the canonical article and carries no copy of it', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES), '/insights/mid', 'redirect');
  assertContains(html, ['<meta http-equiv="refresh" content="0; url=/insights/mid-season"/>', '<link rel="canonical" href="https://test.example/insights/mid-season"/>', '<meta name="robots" content="noindex"/>', '!Some words of the body.']);
});

// spec §2 Home.
test('home shows the physician with photo, two topics and the two newest articles', async () => {
  const html = pageAt(await buildFrom(THREE_ARTICLES), '/');
  assertContains(html, ['<h1 id="about-title">Dr. Test Person, MD</h1>', 'src="/images/physician.svg" width="480" height="600" alt="Portrait of the test physician"', 'Newest Thing', 'Mid Season', '!Old News', 'href="/insights">View All Insights</a>', 'href="/education#musculoskeletal">View All Topics</a>']);
  const teaser = /<ul class="teaser-topics" data-topic-teaser="">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
  assert.equal(teaser.match(/<li /g)?.length, 2, 'two topics in the teaser');
  assert.match(teaser, /href="\/education#(back|shoulder)"/);
  assert.equal(/<template data-topic-pool="">(.*?)<\/template>/.exec(html)?.[1]?.match(/<li /g)?.length, 2, 'every topic in the pool');
});

test('home with no articles says so instead of an empty box', async () => {
  assertContains(pageAt(await buildFrom({}), '/'), ['New articles are on their way.']);
  assertContains(pageAt(await buildFrom({}), '/insights'), ['There are no articles yet.']);
});

// spec §2 Education.
test('education groups topics by system and subgroup with anchors, PDF and external links, legend and disclaimer', async () => {
  const html = pageAt(await buildFrom(), '/education');
  assertContains(html, [
    '<h2 id="musculoskeletal">Musculoskeletal</h2>',
    '<h3 id="back">Back</h3>',
    '<h3 id="shoulder">Shoulder</h3>',
    'href="/pdfs/low-back-pain.pdf" type="application/pdf"',
    'href="https://orthoinfo.aaos.org/en/diseases--conditions/rotator-cuff-tears/" target="_blank" rel="noopener noreferrer"',
    'OrthoInfo<span class="sr-only"> (opens in a new tab)</span>',
    'Download PDF',
    'External resource',
    'They are not medical advice',
  ]);
  assert.equal(html.match(/target="_blank"/g)?.length, 1, 'only the topic with a source links out');
});

test("an external source without a title is labelled 'More information'", async () => {
  const topics = '- title: Low Back Pain\n  system: Musculoskeletal\n  external: "https://example.org/back"\n';
  assertContains(pageAt(await buildFrom({ 'content/education-topics.yaml': topics }), '/education'), ['More information<span class="sr-only">']);
});

// spec §2 Shared header, §1 legal notice.
test('every page has the stripe, sticky header with skip link, navigation with the active item, and the legal notice', async () => {
  const build = await buildFrom(THREE_ARTICLES);
  for (const page of build.pages) {
    assertContains(page.html, [
      'class="colour-stripe"',
      '<a class="skip-link" href="#main">Skip to main content</a>',
      '<a class="brand" href="/">',
      'Dr. Test Person, MD',
      'aria-label="Main"',
      'It is not medical advice',
      'does not create a physician–patient relationship',
      'are not endorsements',
      'My views are my own and not those of any affiliated institution.',
      '© <span data-current-year="">2026</span>',
      '<main id="main"',
    ]);
  }
  assertContains(pageAt(build, '/about'), ['<a href="/about" aria-current="page">About</a>', '<a href="/insights">Insights</a>']);
  assertContains(pageAt(build, '/education'), ['<a href="/education" aria-current="page">Educational Resources</a>']);
  assertContains(pageAt(build, '/insights'), ['<a href="/insights" aria-current="page">Insights</a>']);
  assertContains(pageAt(build, '/insights/old-news'), ['<a href="/insights" aria-current="true">Insights</a>']);
  assertContains(pageAt(build, '/'), ['!aria-current']);
});

// spec §2 Article and §8: the not-found view.
test('unknown articles get the spec view; other unknown pages get Page not found, both noindex', async () => {
  const build = await buildFrom();
  assertContains(pageAt(build, '/insights/', 'not-found'), ['<h1>Article not found</h1>', '<p>The requested article could not be located.</p>', '<a class="button" href="/insights">← Back to Insights</a>', '<meta name="robots" content="noindex"/>', '!rel="canonical"']);
  assertContains(pageAt(build, '/', 'not-found'), ['<h1>Page not found</h1>', 'href="/">Go to the home page</a>', 'data-page-not-found=""', '!Article not found', '!rel="canonical"']);
});

test('about shows the biography and photo', async () => {
  assertContains(pageAt(await buildFrom(), '/about'), ['<h1>About Dr. Test Person, MD</h1>', '<p>A short biography.</p>', 'alt="Portrait of the test physician"', 'Testville']);
});

test('markdown in an article is rendered safely: raw HTML as text, unsafe URLs blanked, images lazy', async () => {
  const html = pageAt(
    await buildFrom({ 'content/insights/a.md': article({ title: 'A' }, '<script>alert(1)</script>\n\n[x](javascript:alert(2)) ![i](/images/logo.svg)') }),
    '/insights/a',
  );
  assertContains(html, ['&lt;script&gt;alert(1)&lt;/script&gt;', '<a href="">x</a>', 'src="/images/logo.svg" alt="i" loading="lazy"', '!<script>alert']);
});

test('the client script and stylesheet are content-hashed files linked from every page', async () => {
  const build = await buildFrom();
  const paths = [...build.files.keys()];
  const script = paths.find((file) => /^assets\/widgets\.[A-Z0-9]+\.js$/.test(file));
  const stylesheet = paths.find((file) => /^assets\/site\.[A-Z0-9]+\.css$/.test(file));
  assert.ok(script !== undefined && stylesheet !== undefined, paths.join(', '));
  for (const page of build.pages) assertContains(page.html, [`<script src="/${script}" defer=""></script>`, `<link rel="stylesheet" href="/${stylesheet}"/>`]);
  const code = Buffer.from(build.files.get(script) ?? '').toString();
  // About 2.5 kB, and 1.7 kB more for the out-of-date notices told from the reader's date (issue 24).
  assert.ok(code.length > 0 && code.length < 5000, `the widget script stays tiny: ${code.length} bytes`);
  assert.doesNotMatch(code, /react/i, 'no framework runtime is shipped');
});

test('assets are published at the same path, byte for byte', async () => {
  const build = await buildFrom();
  assert.deepEqual(Buffer.from(build.files.get('pdfs/low-back-pain.pdf') ?? ''), Buffer.from(MINIMAL_PDF));
  assert.ok(build.files.has('images/physician.svg'));
});

test('two builds of the same content are identical, file for file', async () => {
  const first = await buildFrom(THREE_ARTICLES);
  const second = await buildFrom(THREE_ARTICLES);
  const bytes = (build: typeof first) => [...build.files].map(([file, contents]) => [file, Buffer.from(contents)] as const).sort(([a], [b]) => a.localeCompare(b));
  assert.deepEqual(bytes(second), bytes(first));
});

// DECISIONS.md "Errors a user can meet": all problems at once, with file and line.
test('content errors are collected from every file and reported together', async () => {
  const diagnostics = await contentErrors({
    'content/insights/a.md': article({ title: 'A', date: '2025-02-30' }),
    'content/insights/b.md': '---\ntitle: B: c\n---\n',
    'assets/pdfs/low-back-pain.pdf': null,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.file.split('/').slice(-2).join('/'), d.line, d.ruleId]),
    [
      ['content/education-topics.yaml', 1, 'missing-pdf'],
      ['insights/a.md', 3, 'invalid-date'],
      ['insights/b.md', 2, 'invalid-front-matter'],
    ],
  );
  // Each told as one line an editor can follow: file:line severity rule message Hint: what to do.
  const root = path.dirname(path.dirname(diagnostics[0]?.file ?? ''));
  assert.deepEqual(
    diagnostics.map((d) => formatDiagnostic(d, root)),
    [
      'content/education-topics.yaml:1 error missing-pdf The handout for "Low Back Pain" is missing: assets/pdfs/low-back-pain.pdf does not exist. Hint: Add the PDF as assets/pdfs/low-back-pain.pdf, or correct the \'pdf\' field.',
      'content/insights/a.md:3 error invalid-date \'date\' is not a real calendar day: "2025-02-30". Hint: Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.',
      `content/insights/b.md:2 error invalid-front-matter ${diagnostics[2]?.message ?? ''} Hint: Write each field as 'key: value' on its own line; put quotes around values that contain a colon.`,
    ],
  );
});

test('a link to a page the site does not have is an error at its line', async () => {
  const diagnostics = await contentErrors({
    'content/insights/a.md': article({ title: 'A' }, 'Intro.\n\nSee [the other](/insights/nope), [a handout](/pdfs/missing.pdf) and [a section](/education#no-such-section).'),
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line]),
    [
      ['broken-link', 7],
      ['broken-link', 7],
      ['broken-link', 7],
    ],
  );
  assert.match(diagnostics[2]?.hint ?? '', /#back/);
});

test('a link to a section of the same page that does not exist is an error', async () => {
  const diagnostics = await contentErrors({ 'content/insights/a.md': article({ title: 'A' }, 'Jump [down](#nowhere).') });
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['broken-link', 5]]);
});

test('a link to a draft fails a production build but works with --drafts', async () => {
  const files = { ...THREE_ARTICLES, 'content/insights/a.md': article({ title: 'A' }, 'See [the draft](/insights/secret-draft).') };
  assert.equal((await contentErrors(files))[0]?.ruleId, 'broken-link');
  await buildFrom(files, { includeDrafts: true });
});

test('working internal links pass: pages, aliases, handouts, anchors, relative links and trailing slashes', async () => {
  await buildFrom({
    ...THREE_ARTICLES,
    'content/insights/a.md': article(
      { title: 'A' },
      '[1](/insights/old-news) [2](/insights/old) [3](/pdfs/low-back-pain.pdf) [4](/education#shoulder) [5](old-news) [6](/about/) [7](#top) [8](https://elsewhere.example/x) [9](mailto:a@b.example) [10](/) [11](../education#back) [12](/insights/old-news#main)',
    ),
  });
});

test('a link in the biography is checked too', async () => {
  const site = SITE_MD.replace('A short biography.', 'Read [my article](/insights/missing).');
  const diagnostics = await contentErrors({ 'content/site.md': site });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.line, d.ruleId]), [['site.md', 29, 'broken-link']]);
});

test('missing content files are named, with what to do', async () => {
  const diagnostics = await contentErrors({ 'content/site.md': null, 'content/education-topics.yaml': null });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.ruleId]), [
    ['education-topics.yaml', 'missing-content'],
    ['site.md', 'missing-content'],
  ]);
});

test('an asset that would overwrite a generated page is an error', async () => {
  const diagnostics = await contentErrors({ 'assets/about/index.html': '<p>clash</p>' });
  assert.equal(diagnostics[0]?.ruleId, 'asset-collision');
});

test('warnings do not stop the build and are returned', async () => {
  const build = await buildFrom({ 'content/insights/a.md': article({ title: 'A', tittle: 'typo' }), 'content/insights/notes.txt': 'not an article' });
  assert.deepEqual(build.warnings.map((w) => w.ruleId).sort(), ['ignored-file', 'unknown-field']);
});

// Tolerance of odd input: each builds or stops with a clear message.
test('an empty insights folder, a front-matter-only file and an article in a sub-folder all build', async () => {
  const build = await buildFrom({ 'content/insights/only-front.md': '---\ntitle: Only Front Matter\n---\n', 'content/insights/2025/nested.md': article({ title: 'Nested One' }) });
  assert.deepEqual(build.model.articles.map((a) => a.url).sort(), ['/insights/nested-one', '/insights/only-front-matter']);
  assertContains(pageAt(build, '/insights/only-front-matter'), ['<h1>Only Front Matter</h1>', '<span>1 min read</span>']);
});

test('a file that is not UTF-8 is a clear error', async () => {
  const site = await makeSite();
  try {
    await writeFile(`${site.contentDir}/insights/latin1.md`, Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x3a, 0x20, 0xe9, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]));
    await assert.rejects(buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false }), (error: unknown) => {
      assert.ok(error instanceof ContentErrors);
      assert.equal(error.diagnostics[0]?.ruleId, 'invalid-encoding');
      return true;
    });
  } finally {
    await site.cleanup();
  }
});

test('a UTF-8 byte order mark and CRLF endings build like a plain file', async () => {
  const plain = await buildFrom({ 'content/insights/a.md': '---\ntitle: "Same: Title"\ndate: 2025-10-17\n---\n\nBody text.\n' });
  const windows = await buildFrom({ 'content/insights/a.md': '\uFEFF---\r\ntitle: "Same: Title"\r\ndate: 2025-10-17\r\n---\r\n\r\nBody text.\r\n' });
  assert.equal(pageAt(windows, '/insights/same-title'), pageAt(plain, '/insights/same-title'));
});

test('a symlinked article builds; a link to a missing file is a clear error, not a silent skip', async () => {
  const site = await makeSite();
  try {
    await writeFile(`${site.root}/elsewhere.md`, article({ title: 'Linked Article' }));
    await symlink(`${site.root}/elsewhere.md`, `${site.contentDir}/insights/linked.md`);
    const build = await buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false });
    assert.deepEqual(build.model.articles.map((a) => a.url), ['/insights/linked-article']);
    await symlink(`${site.root}/moved-away.md`, `${site.contentDir}/insights/broken.md`);
    await assert.rejects(buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false }), (error: unknown) => {
      assert.ok(error instanceof ContentErrors);
      assert.deepEqual(error.diagnostics.map((d) => [d.file.split('/').pop(), d.ruleId]), [['broken.md', 'unreadable-file']]);
      assert.match(error.diagnostics[0]?.message ?? '', /link to .*moved-away\.md/);
      return true;
    });
  } finally {
    await site.cleanup();
  }
});

test('a long title within the address limit and an article just under 1 MB build', async () => {
  const longTitle = `${'Word '.repeat(37)}Ends!`;
  assert.equal(longTitle.length, 190);
  // A thousand paragraphs of 196 words: 982,000 bytes, under the 1 MiB an article may be.
  const bigBody = `${'Lots of words here in a paragraph. '.repeat(28)}\n\n`.repeat(1000);
  const build = await buildFrom({ 'content/insights/long.md': article({ title: longTitle }), 'content/insights/big.md': article({ title: 'Big' }, bigBody) });
  assertContains(pageAt(build, '/insights/big'), ['<span>980 min read</span>']);
  assertContains(pageAt(build, `/insights/${'word-'.repeat(37)}ends`), [`<h1>${longTitle}</h1>`]);
});

test('an article over 1 MB and a title too long for an address are errors, named at their files', async () => {
  const diagnostics = await contentErrors({
    'content/insights/long.md': article({ title: `${'Word '.repeat(59)}Ends!` }),
    'content/insights/huge.md': article({ title: 'Huge' }, 'Lots of words here in a paragraph.\n\n'.repeat(30_000)),
  });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.line, d.ruleId]), [
    ['huge.md', undefined, 'article-too-large'],
    ['long.md', 2, 'slug-too-long'],
  ]);
});

test('each handout link says it is a PDF, with its size and pages; an untitled PDF is a warning, a broken one an error', async () => {
  const build = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 3), 'assets/pdfs/rotator-cuff-tears.pdf': await samplePdf('') });
  assert.match(pageAt(build, '/education'), /Download PDF<span class="sr-only">: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 3 pages\)<\/span>/);
  assert.match(pageAt(build, '/education'), /: Rotator Cuff Tears,<\/span> <span class="topic__size">\(\d+ B, 1 page\)<\/span>/);
  assert.deepEqual(build.warnings.map((w) => [w.ruleId, w.file.split('/').pop()]), [['pdf-without-title', 'rotator-cuff-tears.pdf']]);
  const diagnostics = await contentErrors({ 'assets/pdfs/low-back-pain.pdf': 'this is not a PDF' });
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.file.split('/').pop()]), [['invalid-pdf', 'low-back-pain.pdf']]);
});

test('facts read from a PDF are kept by its content: a replaced handout is read again', async () => {
  const one = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 1) });
  assert.match(pageAt(one, '/education'), /: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 1 page\)/);
  const three = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 3) });
  assert.match(pageAt(three, '/education'), /: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 3 pages\)/);
});
