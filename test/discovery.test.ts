/**
 * Being found, shared and trusted (issue 5): sitemap, robots.txt, feeds,
 * JSON-LD, sharing images and trust lines, each parsed back and checked, and
 * none of them showing a draft.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { imageSize } from 'image-size';
import { parseSitemap } from 'sitemap';
import type { SiteBuild } from '../build/index.ts';
import { sitemapFile } from '../build/outputs/discovery.ts';
import { feedFiles } from '../build/outputs/feeds.ts';
import { cardSvg } from '../build/outputs/og-images.ts';
import type { Article } from '../build/types.ts';
import { jsonForScript } from '../templates/Document.tsx';
import { article, buildFrom } from './helpers/sites.ts';

const FILES = {
  'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }, 'See [the education page](/education).'),
  'content/insights/new.md': article({ title: 'Newest Thing', summary: 'New summary.', date: '2025-10-21', lastReviewed: '2025-11-02', author: 'Dr. Guest' }),
  'content/insights/secret.md': article({ title: 'Secret Draft', summary: 'Draft summary.', date: '2026-01-01', draft: true }, 'A draft sentence long enough to be noticed anywhere.'),
};

let build: SiteBuild;
let cacheDir: string;
before(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'og-cache-'));
  build = await buildFrom(FILES, { cacheDir });
});
after(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

function file(name: string): Buffer {
  const found = build.files.find((candidate) => candidate.path === name);
  assert.ok(found, `${name} is generated`);
  return 'contents' in found ? Buffer.from(found.contents) : readFileSync(found.copyFrom);
}

const PUBLISHED_URLS = ['https://test.example/', 'https://test.example/insights', 'https://test.example/insights/newest-thing', 'https://test.example/insights/old-news', 'https://test.example/education', 'https://test.example/about'];

test('the sitemap parses and lists exactly the published pages, articles with their last change', async () => {
  const items = await parseSitemap(Readable.from([file('sitemap.xml')]));
  assert.deepEqual(items.map((item) => item.url).sort(), [...PUBLISHED_URLS].sort());
  const lastmod = Object.fromEntries(items.map((item) => [item.url, item.lastmod?.slice(0, 10)]));
  assert.equal(lastmod['https://test.example/insights/newest-thing'], '2025-11-02', 'a later review is a change');
  assert.equal(lastmod['https://test.example/insights/old-news'], '2024-03-05');
  assert.equal(lastmod['https://test.example/'], '2025-11-02');
});

test('the sitemap and the feeds are the same files while what they show is; an edit to what they show makes new ones', async () => {
  const { model } = build;
  const sitemap = await sitemapFile(model);
  const feeds = feedFiles(model);
  const edit = (changes: Partial<Article>) => ({ ...model, articles: model.articles.map((item, index) => (index === 0 ? { ...item, ...changes } : item)) });
  const newBody = edit({ body: { ...(model.articles[0] as Article).body, html: '<p>A new body.</p>' } });
  assert.equal(await sitemapFile(newBody), sitemap, 'the sitemap does not show bodies');
  assert.notEqual(feedFiles(newBody), feeds, 'the feeds do');
  assert.match(feedFiles(newBody)[0]?.contents ?? '', /A new body/);
  const reviewed = await sitemapFile(edit({ lastReviewed: '2026-02-03' }));
  assert.notEqual(reviewed, sitemap);
  assert.match('contents' in reviewed ? String(reviewed.contents) : '', /2026-02-03/);
});

test('robots.txt allows crawling and points to the sitemap', () => {
  assert.equal(file('robots.txt').toString(), 'User-agent: *\nAllow: /\n\nSitemap: https://test.example/sitemap.xml\n');
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

test('the RSS feed is well-formed and holds exactly the published articles, newest first, with full content', () => {
  const text = file('feed.xml').toString();
  assert.equal(XMLValidator.validate(text), true);
  const channel = (xml.parse(text) as { rss: { '@version': string; channel: { item: { title: string; link: string; 'content:encoded': string }[] } } }).rss;
  assert.equal(channel['@version'], '2.0');
  assert.deepEqual(channel.channel.item.map((item) => [item.title, item.link]), [
    ['Newest Thing', 'https://test.example/insights/newest-thing'],
    ['Old News', 'https://test.example/insights/old-news'],
  ]);
  assert.match(channel.channel.item[1]?.['content:encoded'] ?? '', /href="https:\/\/test\.example\/education"/, 'links in the content are absolute');
});

test('the Atom feed is well-formed and holds the same articles in the same order', () => {
  const text = file('atom.xml').toString();
  assert.equal(XMLValidator.validate(text), true);
  const feed = (xml.parse(text) as { feed: { '@xmlns': string; entry: { title: string | { '#text': string }; author: { name: string } }[] } }).feed;
  assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  assert.deepEqual(feed.entry.map((entry) => (typeof entry.title === 'string' ? entry.title : entry.title['#text'])), ['Newest Thing', 'Old News']);
  assert.equal(feed.entry[0]?.author.name, 'Dr. Guest');
});

test('the JSON Feed parses and holds the same articles in the same order', () => {
  const feed = JSON.parse(file('feed.json').toString()) as { version: string; items: { title: string; url: string; content_html: string }[] };
  assert.match(feed.version, /^https:\/\/jsonfeed\.org\/version\/1/);
  assert.deepEqual(feed.items.map((item) => item.url), ['https://test.example/insights/newest-thing', 'https://test.example/insights/old-news']);
  assert.ok(feed.items.every((item) => item.content_html.length > 0));
});

test('every page links the three feeds from its head', () => {
  for (const page of build.pages) {
    for (const [type, href] of [
      ['application/rss+xml', '/feed.xml'],
      ['application/atom+xml', '/atom.xml'],
      ['application/feed+json', '/feed.json'],
    ]) {
      assert.match(page.html, new RegExp(`<link rel="alternate" type="${(type ?? '').replace('+', '\\+')}" title="[^"]+" href="${href}"/>`), `${page.file} ${type}`);
    }
  }
});

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): { '@context': string; '@graph': Record<string, unknown>[] }[] {
  const blocks: string[] = [];
  let inside = false;
  const parser = new Parser({
    onopentag: (name, attributes) => {
      inside = name === 'script' && attributes.type === 'application/ld+json';
      if (inside) blocks.push('');
    },
    ontext: (text) => {
      if (inside) blocks[blocks.length - 1] += text;
    },
    onclosetag: () => {
      inside = false;
    },
  });
  parser.end(html);
  return blocks.map((block) => JSON.parse(block) as { '@context': string; '@graph': Record<string, unknown>[] });
}

const node = (graph: Record<string, unknown>[], type: string) => graph.find((item) => ([] as unknown[]).concat(item['@type']).includes(type));

test('every page has one JSON-LD graph with the website and the physician, linked by @id', () => {
  for (const page of build.pages) {
    const blocks = jsonLd(page.html);
    assert.equal(blocks.length, 1, page.file);
    const graph = blocks[0]?.['@graph'] ?? [];
    assert.equal(blocks[0]?.['@context'], 'https://schema.org');
    assert.deepEqual(node(graph, 'WebSite')?.['@id'], 'https://test.example/#website');
    const physician = node(graph, 'IndividualPhysician');
    assert.deepEqual(physician?.['@type'], ['Person', 'IndividualPhysician']);
    assert.equal(physician?.['@id'], 'https://test.example/#physician');
    assert.equal(physician?.name, 'Dr. Test Person');
    assert.equal(physician?.honorificSuffix, 'MD');
    assert.match(String(physician?.jobTitle), /Family Medicine/);
    assert.deepEqual(physician?.workLocation, { '@type': 'Place', name: 'Testville' });
  }
});

test('an article is a MedicalWebPage for patients, reviewed by the physician, and an Article with author, dates and publisher', () => {
  const page = build.pages.find((candidate) => candidate.url === '/insights/newest-thing');
  const graph = jsonLd(page?.html ?? '')[0]?.['@graph'] ?? [];
  const webPage = node(graph, 'MedicalWebPage');
  assert.deepEqual(webPage?.audience, { '@type': 'Patient' });
  assert.equal(webPage?.lastReviewed, '2025-11-02');
  assert.deepEqual(webPage?.reviewedBy, { '@id': 'https://test.example/#physician' });
  const articleNode = node(graph, 'Article');
  assert.equal(articleNode?.headline, 'Newest Thing');
  assert.equal(articleNode?.datePublished, '2025-10-21');
  assert.equal(articleNode?.dateModified, '2025-11-02');
  assert.deepEqual(articleNode?.author, { '@type': 'Person', name: 'Dr. Guest' });
  assert.deepEqual(articleNode?.publisher, { '@id': 'https://test.example/#physician' });
  assert.equal(articleNode?.image, 'https://test.example/og/newest-thing.png');
});

test('the education page is a MedicalWebPage for patients', () => {
  const graph = jsonLd(build.pages.find((page) => page.url === '/education')?.html ?? '')[0]?.['@graph'] ?? [];
  assert.deepEqual(node(graph, 'MedicalWebPage')?.audience, { '@type': 'Patient' });
});

test('JSON in a script element cannot end it early', () => {
  assert.equal(jsonForScript({ title: '</script><script>alert(1)</script>' }), '{"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
});

test('each article has its own 1200×630 PNG sharing image, declared with size and description', () => {
  for (const url of ['/insights/newest-thing', '/insights/old-news']) {
    const slug = url.split('/').pop() ?? '';
    const png = file(`og/${slug}.png`);
    assert.deepEqual(png.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const { width, height, type } = imageSize(png);
    assert.deepEqual([width, height, type], [1200, 630, 'png']);
    const html = build.pages.find((page) => page.url === url)?.html ?? '';
    assert.ok(html.includes(`<meta property="og:image" content="https://test.example/og/${slug}.png"/>`));
    assert.ok(html.includes('<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>'));
    assert.match(html, /<meta property="og:image:alt" content="[^"]+, by [^"]+"\/>/);
  }
});

test('a card holds no text, only paths in the bundled font: it looks the same on any machine, and is rasterised without the system fonts', async () => {
  const svg = await cardSvg({ title: 'Knee Pain & Sleep', author: 'Dr. Test Person, MD', byline: 'Family Medicine · Somewhere', logo: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxIiBoZWlnaHQ9IjEiLz4=' });
  assert.doesNotMatch(svg, /<text[\s>]/);
  // satori draws each run of text as one path; the title, author and byline are three.
  assert.ok((svg.match(/<path [^>]*d="[^"]{2000,}"/g) ?? []).length >= 3, 'the letters are long paths');
});

test('an unchanged article is not redrawn; a changed title is', async () => {
  const folder = path.join(cacheDir, 'og');
  const before = await readdir(folder);
  const stamps = await Promise.all(before.map(async (name) => (await stat(path.join(folder, name))).mtimeMs));
  await buildFrom(FILES, { cacheDir });
  assert.deepEqual(await readdir(folder), before, 'no new drawing');
  assert.deepEqual(await Promise.all(before.map(async (name) => (await stat(path.join(folder, name))).mtimeMs)), stamps, 'nothing rewritten');
  await buildFrom({ ...FILES, 'content/insights/old.md': article({ title: 'Old News, Revised', date: '2024-03-05' }) }, { cacheDir });
  assert.equal((await readdir(folder)).length, before.length + 1, 'one new drawing, for the changed title');
});

test('every page carries the no-advertising and privacy statements beside the legal notice', () => {
  for (const page of build.pages) {
    assert.ok(page.html.includes('<strong>No advertising, no sponsors.</strong>'), page.file);
    assert.ok(page.html.includes('sets no cookies and uses no trackers or analytics'), page.file);
  }
});

test('each article says who wrote it, when and by whom it was last reviewed, and lists its sources', async () => {
  const html = build.pages.find((page) => page.url === '/insights/newest-thing')?.html ?? '';
  assert.ok(html.includes('<span>Written by Dr. Guest</span>'));
  assert.ok(html.includes('Last reviewed <time dateTime="2025-11-02">November 2, 2025</time> by Dr. Test Person, MD'));
  const withSources = await buildFrom({ 'content/insights/a.md': '---\ntitle: A\nsources:\n  - title: Medicare.gov\n    url: https://www.medicare.gov/\n---\nBody.' });
  assert.ok(withSources.pages.find((page) => page.url === '/insights/a')?.html.includes('<h2 id="sources-title">Sources</h2><ol><li><a href="https://www.medicare.gov/">Medicare.gov</a></li></ol>'));
});

test('no draft appears in the sitemap, the feeds, the sharing images or any other output', () => {
  for (const name of ['sitemap.xml', 'feed.xml', 'atom.xml', 'feed.json', 'robots.txt']) {
    assert.doesNotMatch(file(name).toString(), /Secret Draft|secret-draft|Draft summary|draft sentence/, name);
  }
  assert.ok(!build.files.some((candidate) => candidate.path.includes('secret')), 'no file for the draft');
});
