/**
 * The Insights feeds (build/outputs/feeds.ts) in RSS 2.0, Atom 1.0 and JSON
 * Feed 1, each parsed back: exactly the published articles, newest first,
 * with their whole content and absolute links; linked from every page's
 * head; the same file while what it shows is.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { article, buildFrom, buildInMemory, makeSite, type SiteBuild } from '../../helpers/sites.ts';
import { DISCOVERY_FILES, DRAFT_TRACES, fileOf } from '../../helpers/discovery-site.ts';

let build: SiteBuild;
before(async () => {
  build = await buildFrom(DISCOVERY_FILES);
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

test('the RSS feed is well-formed and holds exactly the published articles, newest first, with full content and absolute links', () => {
  const text = fileOf(build, 'feed.xml').toString();
  assert.equal(XMLValidator.validate(text), true);
  const rss = (xml.parse(text) as { rss: { '@version': string; channel: { item: { title: string; link: string; 'content:encoded': string }[] } } }).rss;
  assert.equal(rss['@version'], '2.0');
  assert.deepEqual(rss.channel.item.map((item) => [item.title, item.link]), [
    ['Newest Thing', 'https://test.example/insights/newest-thing'],
    ['Old News', 'https://test.example/insights/old-news'],
  ]);
  assert.match(rss.channel.item[1]?.['content:encoded'] ?? '', /href="https:\/\/test\.example\/education"/, 'links in the content are absolute');
});

test("the RSS feed names each item's author in dc:creator, as <author> must be an e-mail address the site does not publish", () => {
  const text = fileOf(build, 'feed.xml').toString();
  const rss = (xml.parse(text) as { rss: { '@xmlns:dc': string; channel: { item: { 'dc:creator': string; author?: unknown }[] } } }).rss;
  assert.equal(rss['@xmlns:dc'], 'http://purl.org/dc/elements/1.1/');
  assert.deepEqual(rss.channel.item.map((item) => item['dc:creator']), ['Dr. Guest', 'Dr. Test Person, MD']);
  assert.doesNotMatch(text, /<author>/);
});

test('the Atom feed is well-formed and holds the same articles in the same order, with their authors', () => {
  const text = fileOf(build, 'atom.xml').toString();
  assert.equal(XMLValidator.validate(text), true);
  const feed = (xml.parse(text) as { feed: { '@xmlns': string; entry: { title: string | { '#text': string }; author: { name: string } }[] } }).feed;
  assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  assert.deepEqual(feed.entry.map((entry) => (typeof entry.title === 'string' ? entry.title : entry.title['#text'])), ['Newest Thing', 'Old News']);
  assert.deepEqual(feed.entry.map((entry) => entry.author.name), ['Dr. Guest', 'Dr. Test Person, MD']);
});

test('the JSON Feed parses and holds the same articles in the same order, each with its content', () => {
  const feed = JSON.parse(fileOf(build, 'feed.json').toString()) as { version: string; items: { title: string; url: string; content_html: string }[] };
  assert.match(feed.version, /^https:\/\/jsonfeed\.org\/version\/1/);
  assert.deepEqual(feed.items.map((item) => item.url), ['https://test.example/insights/newest-thing', 'https://test.example/insights/old-news']);
  assert.ok(feed.items.every((item) => item.content_html.startsWith('<p>')));
});

test("every feed dates an article on its own day for readers in Miami, Honolulu and Tokyo, as the site's pages do", () => {
  const rss = (xml.parse(fileOf(build, 'feed.xml').toString()) as { rss: { channel: { item: { pubDate: string }[] } } }).rss;
  const atom = (xml.parse(fileOf(build, 'atom.xml').toString()) as { feed: { entry: { published: string; updated: string }[] } }).feed;
  const json = JSON.parse(fileOf(build, 'feed.json').toString()) as { items: { date_published: string; date_modified: string }[] };
  const dated = {
    'RSS published': rss.channel.item.map((item) => item.pubDate),
    'Atom published': atom.entry.map((entry) => entry.published),
    'Atom updated': atom.entry.map((entry) => entry.updated),
    'JSON published': json.items.map((item) => item.date_published),
    'JSON modified': json.items.map((item) => item.date_modified),
  };
  const expected = { 'RSS published': ['2025-10-21', '2024-03-05'], 'Atom published': ['2025-10-21', '2024-03-05'], 'Atom updated': ['2025-11-02', '2024-03-05'], 'JSON published': ['2025-10-21', '2024-03-05'], 'JSON modified': ['2025-11-02', '2024-03-05'] };
  for (const timeZone of ['America/New_York', 'Pacific/Honolulu', 'Asia/Tokyo']) {
    const day = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
    for (const [field, instants] of Object.entries(dated)) assert.deepEqual(instants.map(day), expected[field as keyof typeof expected], `${field} in ${timeZone}`);
  }
});

test('a title with CDATA\'s end in it twice, and a body pasted with control characters, leave every feed well-formed, with their words', async () => {
  const title = 'Knee ]]> one ]]><b>two</b>';
  const site = await buildFrom({
    'content/insights/tricky.md': article({ title, summary: 'A summary ]]> ]]><i>x</i>', date: '2025-10-01' }, 'Pasted from Word:\u000Bsecond line, \u000Cform feed, \u0001 and the rest.'),
  });
  for (const name of ['feed.xml', 'atom.xml']) assert.equal(XMLValidator.validate(fileOf(site, name).toString()), true, name);
  const shown = title.replaceAll(']]>', ']]\u200B>');
  const rss = (xml.parse(fileOf(site, 'feed.xml').toString()) as { rss: { channel: { item: { title: string; 'content:encoded': string } } } }).rss.channel.item;
  assert.equal(rss.title, shown);
  assert.match(rss['content:encoded'], /Pasted from Word:second line, form feed, {2}and the rest\./);
  const json = JSON.parse(fileOf(site, 'feed.json').toString()) as { items: { title: string }[] };
  assert.equal(json.items[0]?.title, shown);
});

test('a title and summary are plain text in every feed: escaped where a feed takes them as HTML, as written where it takes text', async () => {
  const [title, summary] = ['Tom & Jerry <b>bold</b>', 'Salt & <i>pepper</i>'];
  const site = await buildFrom({ 'content/insights/tricky.md': article({ title, summary, date: '2025-10-01' }, 'Body.') });
  const atom = fileOf(site, 'atom.xml').toString();
  assert.match(atom, /<title type="html"><!\[CDATA\[Tom &amp; Jerry &lt;b&gt;bold&lt;\/b&gt;\]\]><\/title>/);
  assert.match(atom, /<summary type="html"><!\[CDATA\[Salt &amp; &lt;i&gt;pepper&lt;\/i&gt;\]\]><\/summary>/);
  const rss = fileOf(site, 'feed.xml').toString();
  assert.match(rss, /<title><!\[CDATA\[Tom & Jerry <b>bold<\/b>\]\]><\/title>/, 'an RSS title is text');
  assert.match(rss, /<description><!\[CDATA\[Salt &amp; &lt;i&gt;pepper&lt;\/i&gt;\]\]><\/description>/, 'an RSS description is HTML');
  const json = JSON.parse(fileOf(site, 'feed.json').toString()) as { items: { title: string; summary: string }[] };
  assert.deepEqual([json.items[0]?.title, json.items[0]?.summary], [title, summary]);
});

test("a footnote's links lead to the article in every feed, not to the feed itself", async () => {
  const site = await buildFrom({ 'content/insights/noted.md': article({ title: 'Noted', date: '2025-10-01' }, 'A claim.[^1]\n\n[^1]: Its source.') });
  for (const name of ['feed.xml', 'atom.xml', 'feed.json']) {
    const text = fileOf(site, name).toString();
    assert.match(text, /href=\\?"https:\/\/test\.example\/insights\/noted#user-content-fn-1\\?"/, name);
    assert.match(text, /href=\\?"https:\/\/test\.example\/insights\/noted#user-content-fnref-1\\?"/, name);
    assert.doesNotMatch(text, /href=\\?"#/, name);
  }
});

test("an image's smaller copies, in its sources' srcset lists, are absolute addresses in every feed too", async () => {
  const site = await buildFrom({ 'content/insights/chart.md': '---\ntitle: A Chart\ndate: 2025-10-01\n---\n\n![A sample chart](/images/social-default.png)\n' });
  for (const name of ['feed.xml', 'atom.xml', 'feed.json']) {
    const text = fileOf(site, name).toString();
    const lists = [...text.matchAll(/srcset=\\?"([^"\\]*)/gi)].map(([, list]) => list ?? '');
    assert.ok(lists.length >= 2, `${name} carries the image's sources`);
    for (const candidate of lists.flatMap((list) => list.split(','))) assert.match(candidate.trim(), /^https:\/\/test\.example\/images\/social-default\.\d+w\.(avif|webp) \d+w$/, name);
  }
});

test('no feed shows a draft, not even in a build with drafts', async () => {
  const withDrafts = await buildFrom(DISCOVERY_FILES, { includeDrafts: true });
  for (const name of ['feed.xml', 'atom.xml', 'feed.json']) {
    assert.doesNotMatch(fileOf(build, name).toString(), DRAFT_TRACES, name);
    assert.doesNotMatch(fileOf(withDrafts, name).toString(), DRAFT_TRACES, `${name} with drafts`);
  }
});

test('every page links the three feeds from its head', () => {
  for (const page of build.pages) {
    for (const [type, href] of [
      ['application/rss+xml', '/feed.xml'],
      ['application/atom+xml', '/atom.xml'],
      ['application/feed+json', '/feed.json'],
    ] as const) {
      assert.match(page.html, new RegExp(`<link rel="alternate" type="${type.replace('+', '\\+')}" title="[^"]+" href="${href}"/>`), `${page.file} ${type}`);
    }
  }
});

test('the feeds are the same files while what they show is; a body edit makes new ones', async () => {
  const site = await makeSite(DISCOVERY_FILES);
  const again = () => buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, year: 2026 });
  const keyOf = (of: SiteBuild, name: string) => of.plan.outputs.find((output) => output.path === name)?.key;
  try {
    const [first, second] = [await again(), await again()];
    for (const name of ['feed.xml', 'atom.xml', 'feed.json']) {
      assert.equal(keyOf(second, name), keyOf(first, name), name);
      assert.ok(fileOf(second, name).equals(fileOf(build, name)), `${name}: the same bytes, whenever and wherever it is built`);
    }
    await writeFile(path.join(site.contentDir, 'insights/old.md'), article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }, 'A new body.'));
    const edited = await again();
    for (const name of ['feed.xml', 'atom.xml', 'feed.json']) {
      assert.notEqual(keyOf(edited, name), keyOf(first, name), name);
      assert.match(fileOf(edited, name).toString(), /A new body/, name);
    }
  } finally {
    await site.cleanup();
  }
});
