/**
 * Whole-site tests: small sites built in memory, checked page by page. Each
 * test is named after the clause of the spec it proves. What the build
 * refuses, and the odd files it accepts, are in content-errors.test.ts.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { EDUCATION_LAYOUT_IDS } from '../../build/config.ts';
import { sectionAnchor } from '../../build/lib/anchor.ts';
import { article, assertContains, buildFrom, MINIMAL_PDF, pageAt, SAMPLE_CONTENT, THREE_ARTICLES } from '../helpers/sites.ts';

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

test("the education page's ids are its sections' anchors and the layout's own, which the topics check keeps sections from taking", async () => {
  const html = pageAt(await buildFrom(), '/education');
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id ?? '');
  const topics = parse(await readFile(path.join(SAMPLE_CONTENT, 'education-topics.yaml'), 'utf8')) as { system: string; subgroup?: string }[];
  const sections = topics.flatMap((topic) => [topic.system, topic.subgroup ?? '']).map(sectionAnchor);
  assert.deepEqual(ids.filter((id) => !sections.includes(id)).sort(), [...EDUCATION_LAYOUT_IDS].sort());
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
  // About 2.5 kB, and 2.2 kB more for the out-of-date notices told from the reader's date (issue 24), with
  // their words and the print date's taken from the page's language's catalogue (templates/messages/script.ts);
  // one bundle for every page carries each language's words, about 1 kB a language, which a page's `lang` picks.
  assert.ok(code.length > 0 && code.length < 7000, `the widget script stays tiny: ${code.length} bytes`);
  assert.doesNotMatch(code, /react/i, 'no framework runtime is shipped');
});

test('assets are published at the same path, byte for byte, .well-known/ too; hidden files are not, and a link to a published one is no broken link', async () => {
  const security = 'Contact: mailto:office@example.com\nExpires: 2027-11-01T00:00:00.000Z\n';
  const build = await buildFrom({
    'assets/.well-known/security.txt': security,
    'assets/google1234.html': 'google-site-verification: google1234.html',
    'assets/.notes.txt': 'not for the site',
    'assets/.well-known/.notes.txt': 'nor this',
    'assets/images/.DS_Store': 'x',
    'content/insights/a.md': article({ title: 'A' }, 'Report a security problem as [our policy](/.well-known/security.txt) says.'),
  });
  assert.deepEqual(Buffer.from(build.files.get('pdfs/low-back-pain.pdf') ?? ''), Buffer.from(MINIMAL_PDF));
  assert.ok(build.files.has('images/physician.svg'));
  assert.equal(String(build.files.get('.well-known/security.txt')), security);
  assert.ok(build.files.has('google1234.html'));
  assert.deepEqual([...build.files.keys()].filter((file) => /(^|\/)\.notes|DS_Store/.test(file)), []);
  assert.deepEqual(build.warnings, []);
});

test('two builds of the same content are identical, file for file', async () => {
  const first = await buildFrom(THREE_ARTICLES);
  const second = await buildFrom(THREE_ARTICLES);
  const bytes = (build: typeof first) => [...build.files].map(([file, contents]) => [file, Buffer.from(contents)] as const).sort(([a], [b]) => a.localeCompare(b));
  assert.deepEqual(bytes(second), bytes(first));
});

// DECISIONS.md "Errors a user can meet": all problems at once, with file and line.
