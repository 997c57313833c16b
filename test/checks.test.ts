import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildSite } from '../build/index.ts';
import { auditDraftLeaks } from '../build/checks/draft-leaks.ts';
import { checkBuiltSite, loadPageMemo, savePageMemo, type PageMemo } from '../build/checks/index.ts';
import { generatorVersion } from '../build/cache.ts';
import { pageReference, readPage } from '../build/checks/page-facts.ts';
import { modelArticle } from '../build/model/articles.ts';
import { parseSource } from '../build/parse.ts';
import type { Article } from '../build/types.ts';
import { article, buildFrom, makeSite, MINIMAL_PDF, SITE_MD, TEST_CACHE_DIR } from './helpers/sites.ts';
import { ContentErrors } from '../build/diagnostics.ts';
import { contentDigest } from '../build/write.ts';

test('a page is read for its ids, every URL it refers to, and its readable text', () => {
  const facts = readPage(
    '<html><head><meta property="og:image" content="https://x.example/i.png"/><link rel="stylesheet" href="/a.css"/></head>' +
      '<body><h2 id="back">Back &amp; spine</h2><a href="/b#c" title="Tip">link</a><img src="/i.png" srcset="/i-1.png 1x, /i-2.png 2x" alt="Alt text"/><p id="p1">Body</p></body></html>',
  );
  assert.deepEqual([...facts.ids], ['back', 'p1']);
  assert.deepEqual(facts.headingIds, ['back']);
  assert.deepEqual(
    facts.references.map((r) => r.url),
    ['https://x.example/i.png', '/a.css', '/b#c', '/i.png', '/i-1.png', '/i-2.png'],
  );
  for (const text of ['Back & spine', 'Tip', 'Alt text', 'Body']) assert.ok(facts.text.includes(text), text);
});

test('what is kept of a page does not keep its HTML in memory', () => {
  // V8 keeps a whole string alive for any slice of it: facts made of slices would hold every page the checks read.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const page = (n: number) => `<html><body><h2 id="section-heading-${n}">Heading</h2><a href="/insights/some-long-article-address-${n}">Link</a><p>${'Words that make the page long. '.repeat(40_000)}</p></body></html>`;
  gc();
  const before = process.memoryUsage().heapUsed;
  // The checks keep a page's ids and references, and drop its text once audited.
  const kept = Array.from({ length: 20 }, (_, n) => {
    const { ids, headingIds, references } = readPage(page(n));
    return { ids, headingIds, references };
  });
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.equal(kept[19]?.references[0]?.url, '/insights/some-long-article-address-19');
  // Each page is 1.2 MB; what remains of it is two ids and a link.
  assert.ok(grown < 4_000_000, `the heap grew by ${grown} bytes for 20 pages' facts`);
});

test("the pages' references to the same address from the same attribute are one object: the menu's links are on every page", () => {
  const [first, second] = ['/about', '/education'].map((url) => readPage(`<html><head><link rel="icon" href="/favicon.svg"></head><body><a href="/">Home</a><a href="${url}">Here</a><img srcset="/a.webp 1x, /b.webp 2x" src="/a.png"></body></html>`).references);
  assert.deepEqual(
    first?.map(({ url, attribute }) => `${attribute} ${url}`),
    ['href /favicon.svg', 'href /', 'href /about', 'srcset /a.webp', 'srcset /b.webp', 'src /a.png'],
  );
  for (const place of [0, 1, 3, 4, 5]) assert.equal(first?.[place], second?.[place], `reference ${place} is shared`);
  assert.notEqual(first?.[2], second?.[2], 'a different address is its own reference');
  assert.notEqual(pageReference('/a.png', 'src'), pageReference('/a.png', 'href'), 'so is the same address from another attribute');
});

function draft(title: string, body: string): Article {
  const { parsed } = parseSource({ path: 'content/insights/draft-file.md', text: `---\ntitle: "${title}"\ndraft: true\n---\n${body}` });
  assert.ok(parsed);
  const result = modelArticle(parsed, []);
  assert.ok(result);
  return result;
}

const DRAFT = draft('Knee Pain Secrets', 'This sentence has more than eight words in it, so it counts. Short one.');

const NOTHING_PUBLISHED = { articles: [], text: '' };

test('a draft title, address or long sentence in any output is a leak', () => {
  const leaks = (text: string, isPage = true) => auditDraftLeaks([DRAFT], NOTHING_PUBLISHED, [{ file: 'index.html', text, isPage }]).map((d) => d.message);
  assert.deepEqual(leaks('Nothing to see here.'), []);
  assert.match(leaks('Knee Pain Secrets')[0] ?? '', /title appears in index\.html/);
  assert.match(leaks('href\n/insights/knee-pain-secrets\n')[0] ?? '', /address appears/);
  assert.match(leaks('see /insights/draft-file for more')[0] ?? '', /file-name address appears/);
  assert.match(leaks('Intro block\nThis sentence has more than eight words in it, so it counts. Short one.\n')[0] ?? '', /text appears/);
  assert.match(leaks('This   sentence has more than eight words in it,   so it counts.')[0] ?? '', /text appears/, 'whitespace does not hide a leak');
  assert.match(leaks('{"content_html":"<p>This sentence has more than eight words in it, so it counts.</p>"}', false)[0] ?? '', /text appears/, 'anywhere in a feed');
  assert.deepEqual(leaks('Short one.'), [], 'short sentences are too common to count');
  assert.deepEqual(leaks('/insights/knee-pain-secrets-part-two'), [], 'a longer address that starts the same is not the draft');
});

test('a sentence a published article also says is no leak, for as long as the article says it', () => {
  const SENTENCE = 'This sentence has more than eight words in it, so it counts.';
  const publishedArticle = (body: string) => ({ ...draft('Published', body), slug: 'published', fileSlug: 'published-file', draft: false });
  const sharing = publishedArticle(`${SENTENCE} And more.`);
  const other = publishedArticle('Nothing in common with the draft at all, whatever it says.');
  const page = [{ file: 'index.html', text: SENTENCE, isPage: true }];
  const leaks = (articles: Article[]) => auditDraftLeaks([DRAFT], { articles, text: '' }, page).length;
  assert.equal(leaks([sharing, other]), 0, 'the published article says it');
  assert.equal(leaks([other]), 1, 'that article gone: it is a leak again');
  assert.equal(leaks([other, sharing]), 0, 'and back');
  assert.equal(leaks([other, publishedArticle(`${SENTENCE} Edited.`)]), 0, 'an edited body that still says it');
  assert.equal(leaks([]), 1);
});

test('what the published content also says is no leak', () => {
  const published = { articles: [], text: 'Our article on Knee Pain Secrets. This sentence has more than eight words in it, so it counts.' };
  const diagnostics = auditDraftLeaks([DRAFT], published, [{ file: 'about/index.html', text: 'Knee Pain Secrets\nThis sentence has more than eight words in it, so it counts.', isPage: true }]);
  assert.deepEqual(diagnostics, []);
});

test('a leak is an error naming the draft file and the output', () => {
  const [diagnostic] = auditDraftLeaks([DRAFT], NOTHING_PUBLISHED, [{ file: 'assets/widgets.js', text: 'knee-pain-secrets', isPage: false }]);
  assert.equal(diagnostic?.ruleId, 'draft-leak');
  assert.equal(diagnostic?.severity, 'error');
  assert.equal(diagnostic?.file, 'content/insights/draft-file.md');
  assert.match(diagnostic?.message ?? '', /assets\/widgets\.js/);
});

test('a draft leaked into a built page is caught, even split by inline markup', () => {
  const page = readPage('<html><body><article><h3><a href="/insights/other">Other</a></h3><p>This sentence has <strong>more than eight</strong> words in it, so it counts.</p></article></body></html>');
  assert.match(auditDraftLeaks([DRAFT], NOTHING_PUBLISHED, [{ file: 'index.html', text: page.text, isPage: true }])[0]?.message ?? '', /text appears/);
});

test('a production build of a site with drafts passes the audit; the draft is in no output', async () => {
  const files = {
    'content/insights/pub.md': article({ title: 'Published One', date: '2025-01-01' }),
    'content/insights/secret.md': article({ title: 'Secret Plans', date: '2026-01-01', draft: true }, 'A sentence of the draft that is long enough to be a fingerprint.'),
  };
  const build = await buildFrom(files);
  assert.deepEqual(build.warnings, []);
  for (const file of build.files) if ('contents' in file) assert.doesNotMatch(Buffer.from(file.contents).toString(), /Secret Plans|secret-plans|long enough to be a fingerprint/);
});

test('an asset no page refers to is reported as a warning', async () => {
  const build = await buildFrom({ 'assets/pdfs/orphan.pdf': MINIMAL_PDF, 'assets/images/unused.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' });
  assert.deepEqual(
    build.warnings.map((w) => [w.ruleId, w.file.split('/').slice(-2).join('/')]),
    [
      ['unused-asset', 'images/unused.svg'],
      ['unused-asset', 'pdfs/orphan.pdf'],
    ],
  );
});

test('an image linked from an article is not unused', async () => {
  const build = await buildFrom({ 'assets/images/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', 'content/insights/a.md': article({ title: 'A' }, '![A chart](/images/chart.svg)') });
  assert.deepEqual(build.warnings, []);
});

test('a broken link from the site identity names the page it is on', async () => {
  const site = SITE_MD.replace('socialImage: "/images/social-default.png"', 'socialImage: "/images/social-default.png"\n');
  await assert.rejects(buildFrom({ 'content/site.md': site.replace('A short biography.', 'See <https://test.example/missing-page>.') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.equal(error.diagnostics[0]?.ruleId, 'broken-link');
    assert.match(error.diagnostics[0]?.message ?? '', /https:\/\/test\.example\/missing-page leads to no page/);
    return true;
  });
});

test('an image from another website is an error at its line: the site makes no third-party request', async () => {
  await assert.rejects(buildFrom({ 'content/insights/a.md': article({ title: 'A' }, 'Intro.\n\n![A chart](https://cdn.example.org/chart.png)') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(
      error.diagnostics.map((d) => [d.ruleId, d.line]),
      [['external-resource', 7]],
    );
    assert.match(error.diagnostics[0]?.hint ?? '', /assets\/images/);
    return true;
  });
});

test('a page whose HTML was checked before is not read again; new drafts audit every page again', async () => {
  const site = { ...(await buildFrom()).model, topics: [], systems: [] };
  const page = (html: string) => ({ url: '/', file: 'index.html', kind: 'page' as const, html, digest: contentDigest(html), key: `props of ${html}`, knownDigest: () => undefined });
  const leaky = page('<html><body><h1>Knee Pain Secrets</h1></body></html>');
  const withoutDrafts = await checkBuiltSite(site, [leaky], [{ path: 'index.html', contents: leaky.html }], [], false);
  assert.deepEqual(withoutDrafts.diagnostics, [], 'no drafts, nothing to leak');
  assert.ok(withoutDrafts.memo.pages[leaky.digest], 'the page is remembered by its HTML');
  const withDraft = await checkBuiltSite(site, [leaky], [{ path: 'index.html', contents: leaky.html }], [DRAFT], false, withoutDrafts.memo);
  assert.match(withDraft.diagnostics[0]?.message ?? '', /title appears in index\.html/, 'other drafts: the remembered page is audited again');
  const trusted = { ...withDraft.memo, pages: { [leaky.digest]: { ids: new Set(['marker']), headingIds: [], references: [] } } };
  const again = await checkBuiltSite(site, [leaky], [{ path: 'index.html', contents: leaky.html }], [DRAFT], false, trusted);
  assert.deepEqual(again.diagnostics, [], 'same drafts, same HTML: the memo is trusted');
  assert.deepEqual([...(again.memo.pages[leaky.digest]?.ids ?? [])], ['marker'], 'and not read again');
});

test('a page that gives a draft away is read and audited again by the next build, not trusted', async () => {
  const site = { ...(await buildFrom()).model, topics: [], systems: [] };
  const html = '<html><body><h1>Knee Pain Secrets</h1></body></html>';
  const leaky = { url: '/', file: 'index.html', kind: 'page' as const, html, digest: contentDigest(html), key: 'leaky home', knownDigest: () => undefined };
  const first = await checkBuiltSite(site, [leaky], [], [DRAFT], false);
  assert.match(first.diagnostics[0]?.message ?? '', /title appears in index\.html/);
  const second = await checkBuiltSite(site, [leaky], [], [DRAFT], false, first.memo);
  assert.match(second.diagnostics[0]?.message ?? '', /title appears in index\.html/, 'the same page, the same leak');
});

test('a page object checked before is known at a glance: not rendered, nor looked up', async () => {
  const site = { ...(await buildFrom()).model, topics: [], systems: [] };
  let renders = 0;
  const page = {
    url: '/',
    file: 'index.html',
    kind: 'page' as const,
    get html() {
      renders++;
      return '<html><body><h1 id="a">Home</h1></body></html>';
    },
    get digest() {
      return contentDigest(this.html);
    },
    key: 'home',
    knownDigest: () => undefined,
  };
  const first = await checkBuiltSite(site, [page], [], [], false);
  const rendersFirst = renders;
  const second = await checkBuiltSite(site, [page], [], [], false, { ...first.memo, keys: {}, pages: {} });
  assert.equal(renders, rendersFirst, 'even with a memo that does not know it');
  assert.deepEqual(second.diagnostics, first.diagnostics);
});

test('the checks let the event loop turn while they read, so that the worker pool keeps drawing', async () => {
  const site = { ...(await buildFrom()).model, topics: [], systems: [] };
  const pages = Array.from({ length: 40 }, (_, index) => {
    const html = `<html><body><h1>Page ${index}</h1></body></html>`;
    return { url: `/p${index}`, file: `p${index}/index.html`, kind: 'page' as const, html, digest: contentDigest(html), key: `page ${index}`, knownDigest: () => undefined };
  });
  const turnsWhileChecking = async (memo?: PageMemo) => {
    let checking = true;
    let turned = false;
    setImmediate(() => {
      turned = checking;
    });
    const result = await checkBuiltSite(site, pages, [], [], false, memo);
    checking = false;
    return { turned, memo: result.memo };
  };
  const first = await turnsWhileChecking();
  assert.ok(first.turned, 'a pool message (here, an immediate) was let in before the checks ended');
  assert.equal((await turnsWhileChecking(first.memo)).turned, false, 'pages known from the memo are not rendered, and the preview does not wait for turns');
});

test('a page whose key (template and props) was seen before is not rendered at all', async () => {
  const site = { ...(await buildFrom()).model, topics: [], systems: [] };
  const html = '<html><body><h1 id="a">Known</h1></body></html>';
  const first = await checkBuiltSite(site, [{ url: '/', file: 'index.html', kind: 'page', html, digest: contentDigest(html), key: 'home with these props', knownDigest: () => undefined }], [], [], false);
  let known: string | undefined;
  const unrendered = {
    url: '/',
    file: 'index.html',
    kind: 'page' as const,
    get html(): string {
      throw new Error('rendered');
    },
    get digest(): string {
      return known ?? this.html;
    },
    key: 'home with these props',
    knownDigest: (digest: string) => {
      known = digest;
    },
  };
  const second = await checkBuiltSite(site, [unrendered], [], [], false, first.memo);
  assert.equal(known, contentDigest(html), 'its digest is the one recorded');
  assert.deepEqual(second.memo, first.memo, 'its facts carry over');
});

test('a page key names the template and every prop, with each body by its cache key', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }), 'content/insights/b.md': article({ title: 'B', date: '2025-02-01' }) });
  const build = () => buildSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, year: 2026, cacheDir: TEST_CACHE_DIR });
  try {
    const first = await build();
    const again = await build();
    await writeFile(path.join(site.contentDir, 'insights/b.md'), article({ title: 'B, renamed', date: '2025-02-01' }));
    const renamed = await build();
    const key = (result: typeof first, url: string) => result.pages.find((page) => page.url === url)?.key;
    assert.equal(key(again, '/insights/a'), key(first, '/insights/a'), 'the same content, the same key');
    assert.notEqual(key(renamed, '/insights/a'), key(first, '/insights/a'), "a neighbour's new title changes the page");
    assert.equal(key(renamed, '/education'), key(first, '/education'), 'a page that does not show articles keeps its key');
    assert.notEqual(key(first, '/insights/a'), key(first, '/insights/b'));
    await writeFile(path.join(site.contentDir, 'insights/b.md'), article({ title: 'B, renamed', date: '2025-02-01' }, 'A new body for B.'));
    const edited = await build();
    assert.notEqual(key(edited, '/insights/b-renamed'), key(renamed, '/insights/b-renamed'), 'the edited article changes');
    for (const url of ['/insights/a', '/insights', '/']) assert.equal(key(edited, url), key(renamed, url), `${url} shows only B's title and summary, so it keeps its key`);
  } finally {
    await site.cleanup();
  }
});

test('the page memo stored in the cache reads back as it was kept', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'page-memo-'));
  try {
    const menu = { url: '/insights', attribute: 'href' };
    const memo = {
      generator: await generatorVersion(),
      auditKey: 'audit',
      pages: {
        first: { ids: new Set(['main', 'why-it-matters']), headingIds: ['why-it-matters'], references: [menu, { url: '/a.css', attribute: 'href' }] },
        second: { ids: new Set<string>(), headingIds: [], references: [menu, { url: '/og/a.png', attribute: 'og:image' }] },
      },
      keys: { 'page key': 'first', 'another page key': 'second' },
      files: ['feed digest'],
    };
    const pages = Object.entries(memo.keys).map(([key, digest]) => ({ key, digest }));
    await savePageMemo(cacheDir, { ...memo, pages: { ...memo.pages, gone: memo.pages.second }, keys: { ...memo.keys, 'a page no longer built': 'gone' } }, pages);
    assert.deepEqual(await loadPageMemo(cacheDir), memo, 'only the pages given are stored');
    await writeFile(path.join(cacheDir, 'checks', 'pages.json'), '{"generator": "another"}');
    assert.deepEqual((await loadPageMemo(cacheDir)).pages, {}, 'a memo of another generator is not used');
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test("in the preview's builds, an unchanged article's page is the same object as before, and so is its file", async () => {
  const site = await makeSite({
    'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }),
    'content/insights/b.md': article({ title: 'B', date: '2025-02-01' }),
    'content/insights/c.md': article({ title: 'C', date: '2025-03-01' }),
  });
  const options = { contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, year: 2026, cacheDir: TEST_CACHE_DIR };
  try {
    const first = await buildSite(options);
    const c = path.join(site.contentDir, 'insights/c.md');
    await writeFile(c, article({ title: 'C', date: '2025-03-01' }, 'A new body for C.'));
    const edited = await buildSite({ ...options, changedPaths: [c] });
    const page = (result: typeof first, url: string) => result.pages.find((one) => one.url === url);
    const file = (result: typeof first, name: string) => result.files.find((one) => one.path === name);
    for (const url of ['/insights/a', '/insights/b']) assert.equal(page(edited, url), page(first, url), `${url} is the very same page: its article and its neighbours' cards are`);
    assert.equal(file(edited, 'insights/a/index.html'), file(first, 'insights/a/index.html'));
    assert.notEqual(page(edited, '/insights/c'), page(first, '/insights/c'), 'the edited article is a new page');
    await writeFile(c, article({ title: 'C, renamed', date: '2025-03-01' }, 'A new body for C.'));
    const renamed = await buildSite({ ...options, changedPaths: [c] });
    assert.notEqual(page(renamed, '/insights/b'), page(edited, '/insights/b'), "a neighbour's new title makes a new page");
    assert.equal(page(renamed, '/insights/a'), page(edited, '/insights/a'));
  } finally {
    await site.cleanup();
  }
});
