/**
 * Each article file made into an article (spec §3): defaults, drafts, dates,
 * addresses and sources; then which articles a build shows, in what order,
 * and the addresses two articles cannot share.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SLUG_LENGTH } from '../../../build/config.ts';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf } from '../../../build/load/index.ts';
import { isDraft, lastChanged, modelArticle, newestChange } from '../../../build/model/articles.ts';
import type { Article } from '../../../build/model/index.ts';
import { selectArticles } from '../../../build/model/selection.ts';
import { parseFrontMatter } from '../../../build/parse/front-matter.ts';
import { article as articleText, buildFrom } from '../../helpers/sites.ts';

function model(text: string, path = 'content/insights/some-file.md'): { article: Article | undefined; diagnostics: ContentDiagnostic[] } {
  const result = parseFrontMatter({ path, text, digest: digestOf(text) });
  assert.ok('parsed' in result, `parse failed: ${'diagnostic' in result ? result.diagnostic.message : ''}`);
  const diagnostics: ContentDiagnostic[] = [];
  const article = modelArticle(result.parsed, (diagnostic) => diagnostics.push(diagnostic));
  return { article, diagnostics };
}

function articleOf(text: string, path?: string): Article {
  const { article, diagnostics } = model(text, path);
  assert.ok(article, `no article: ${diagnostics.map((d) => d.message).join(' ')}`);
  return article;
}

// spec §3 and §9: default title 'Untitled', default date 1970-01-01.
test('a missing title and date fall back to Untitled and 1970-01-01', () => {
  const { article, diagnostics } = model('---\nsummary: S\n---\nBody');
  assert.deepEqual(diagnostics, []);
  assert.equal(article?.title, 'Untitled');
  assert.equal(article?.slug, 'untitled');
  assert.equal(article?.date, '1970-01-01');
  assert.equal(article?.lastReviewed, '1970-01-01', 'reviewed when written, when not said');
});

test('an empty title or date counts as missing', () => {
  const article = articleOf('---\ntitle: ""\ndate:\n---\nBody');
  assert.equal(article.title, 'Untitled');
  assert.equal(article.date, '1970-01-01');
});

// DECISIONS.md "draft": boolean true or the string 'true'; anything else is false.
const DRAFT_VALUES: [unknown, boolean][] = [
  [true, true],
  ['true', true],
  [false, false],
  ['false', false],
  ['True', false],
  ['yes', false],
  [1, false],
  [undefined, false],
  [null, false],
];

for (const [value, draft] of DRAFT_VALUES) {
  test(`draft: ${JSON.stringify(value)} means ${draft ? 'draft' : 'published'}`, () => {
    assert.equal(isDraft(value), draft);
  });
}

test('draft values as written in front matter', () => {
  assert.equal(articleOf('---\ndraft: true\n---\n').draft, true);
  assert.equal(articleOf('---\ndraft: "true"\n---\n').draft, true);
  assert.equal(articleOf('---\ndraft: yes\n---\n').draft, false);
  assert.equal(articleOf('---\ndraft: TRUE\n---\n').draft, true, 'YAML reads TRUE as the boolean true');
  assert.equal(articleOf('---\ntitle: A\n---\n').draft, false);
});

test('a draft value that is neither true nor false publishes the article with a warning at its line; true, false and an empty value warn of nothing', () => {
  for (const written of ['yes', 'maybe', '1', '"True"', 'no']) {
    const { article, diagnostics } = model(`---\ntitle: A\ndraft: ${written}\n---\nText.\n`);
    assert.equal(article?.draft, false, written);
    assert.deepEqual(diagnostics.map(({ ruleId, severity, line, message }) => ({ ruleId, severity, line, message })), [{ ruleId: 'unclear-draft', severity: 'warning', line: 3, message: `'draft' is "${written.replaceAll('"', '')}", which is neither true nor false, so this article is published.` }], written);
  }
  for (const written of ['true', 'false', '"false"', 'TRUE', '']) assert.deepEqual(model(`---\ntitle: A\ndraft: ${written}\n---\nText.\n`).diagnostics, [], written);
});

test('an impossible date is an error at its line, not a rolled-over day', () => {
  for (const date of ['2025-02-30', '2025-13-01', 'next week', '2025/10/17']) {
    const { diagnostics } = model(`---\ntitle: A\ndate: ${date}\n---\nBody`);
    assert.equal(diagnostics.length, 1, date);
    assert.equal(diagnostics[0]?.ruleId, 'invalid-date');
    assert.equal(diagnostics[0]?.line, 3);
    assert.match(diagnostics[0]?.message ?? '', new RegExp(date.replace(/[/]/g, '\\/')));
  }
});

test('a quoted date and a date-time read as the calendar day written', () => {
  assert.equal(articleOf('---\ndate: "2025-10-17"\n---\n').date, '2025-10-17');
  assert.equal(articleOf('---\ndate: 2025-10-17T23:30:00-05:00\n---\n').date, '2025-10-17');
});

test('the slug is the slugified title; the file name slug is kept for the redirect', () => {
  const article = articleOf('---\ntitle: "Part D in 2026: Paying for Drugs"\n---\n', 'content/insights/Part D.md');
  assert.equal(article.slug, 'part-d-in-2026-paying-for-drugs');
  assert.equal(article.url, '/insights/part-d-in-2026-paying-for-drugs');
  assert.equal(article.fileSlug, 'part-d');
});

test('a title slugify cannot spell falls back to the file name', () => {
  assert.equal(articleOf('---\ntitle: "日本語"\n---\n', 'content/insights/japanese-notes.md').slug, 'japanese-notes');
});

test('no letter in the title or the file name is an error', () => {
  const { article, diagnostics } = model('---\ntitle: "!!!"\n---\n', 'content/insights/___.md');
  assert.equal(article, undefined);
  assert.equal(diagnostics[0]?.ruleId, 'empty-slug');
  assert.equal(diagnostics[0]?.line, 2);
});

/** A title in words whose slug has exactly `length` characters. */
const titleOfLength = (length: number) => {
  const words = Math.floor((length - 1) / 5);
  return `${'Knee '.repeat(words)}${'x'.repeat(length - 5 * words)}`;
};

// bug: a title making a slug longer than a file name can be stopped the write with ENAMETOOLONG.
test('a title whose address would be too long for a file name is an error at its title line, naming the file', () => {
  const title = titleOfLength(MAX_SLUG_LENGTH + 1);
  const file = 'content/insights/long.md';
  const { article, diagnostics } = model(`---\nsummary: S\ntitle: "${title}"\n---\nBody`, file);
  assert.equal(article, undefined, 'no article, so no page to write');
  assert.equal(diagnostics.length, 1);
  assert.deepEqual([diagnostics[0]?.ruleId, diagnostics[0]?.severity, diagnostics[0]?.file, diagnostics[0]?.line], ['slug-too-long', 'error', file, 3]);
  assert.match(diagnostics[0]?.message ?? '', new RegExp(`${MAX_SLUG_LENGTH + 1} characters, more than the ${MAX_SLUG_LENGTH}`));
  assert.match(diagnostics[0]?.hint ?? '', /Shorten the title/);
});

test('a title whose address is just as long as allowed is fine', () => {
  const title = titleOfLength(MAX_SLUG_LENGTH);
  assert.equal(articleOf(`---\ntitle: "${title}"\n---\nBody`).slug.length, MAX_SLUG_LENGTH);
});

test('a file name too long for an address gives no redirect, and no error when the title gives the address', () => {
  const longName = `content/insights/${'a'.repeat(MAX_SLUG_LENGTH + 10)}.md`;
  const { article, diagnostics } = model('---\ntitle: Knee Pain\n---\nBody', longName);
  assert.deepEqual(diagnostics, []);
  assert.equal(article?.slug, 'knee-pain');
  assert.equal(article?.fileSlug, '');
  assert.deepEqual(selectArticles(article ? [article] : [], false).aliases, []);
});

test('a numeric or date-like title is kept as written', () => {
  assert.equal(articleOf('---\ntitle: 2026\n---\n').title, '2026');
  assert.equal(articleOf('---\ntitle: 2025-10-17\n---\n').title, '2025-10-17');
});

test('a list where text belongs is an error at its line', () => {
  const { diagnostics } = model('---\ntitle: A\nsummary:\n  - one\n  - two\n---\n');
  assert.equal(diagnostics[0]?.ruleId, 'invalid-field');
  assert.equal(diagnostics[0]?.line, 3);
});

test('a misspelt field is a warning that names it', () => {
  const { article, diagnostics } = model('---\ntittle: Oops\n---\n');
  assert.equal(article?.title, 'Untitled');
  assert.equal(diagnostics[0]?.severity, 'warning');
  assert.equal(diagnostics[0]?.ruleId, 'unknown-field');
  assert.equal(diagnostics[0]?.line, 2);
  assert.match(diagnostics[0]?.message ?? '', /tittle/);
});

test('author is optional', () => {
  assert.equal(articleOf('---\nauthor: Dr. A\n---\n').author, 'Dr. A');
  assert.equal(articleOf('---\ntitle: A\n---\n').author, undefined);
});

test('the article keeps its body, and the lines of its body and title for messages', () => {
  const article = articleOf('---\nsummary: S\ntitle: A\n---\n\nThe body.\n');
  assert.equal(article.body, 'The body.\n');
  assert.equal(article.bodyStartLine, 6);
  assert.equal(article.titleLine, 3);
});

// bug: a source written with an empty `title:` was listed under the title "null".
test('a source with an empty title or address is an error, not a source called "null"', () => {
  for (const source of ['  - title:\n    url: https://www.medicare.gov/', '  - title: Medicare.gov\n    url:']) {
    const { article, diagnostics } = model(`---\ntitle: A\nsources:\n${source}\n---\nBody.\n`);
    assert.deepEqual(article?.sources, [], source);
    assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-field', 3]], source);
  }
});

test('sources are read with their titles and addresses', () => {
  const article = articleOf('---\ntitle: A\nsources:\n  - title: Medicare.gov\n    url: https://www.medicare.gov/\n---\nBody.\n');
  assert.deepEqual(article.sources, [{ title: 'Medicare.gov', url: 'https://www.medicare.gov/' }]);
});

type Spec = [file: string, title: string, date: string, draft?: boolean];

function articles(...specs: Spec[]): Article[] {
  return specs.map(([file, title, date, draft = false]) => articleOf(`---\ndate: ${date}\ndraft: ${String(draft)}\ntitle: "${title}"\n---\nBody`, `content/insights/${file}`));
}

// spec §4: published articles sorted by date, newest first; drafts hidden.
test('articles are sorted newest first, and drafts are left out', () => {
  const all = articles(['a.md', 'Old', '2024-01-01'], ['b.md', 'New', '2025-10-21'], ['c.md', 'Draft', '2026-01-01', true], ['d.md', 'Mid', '2025-10-16']);
  const published = selectArticles(all, false);
  assert.deepEqual(published.articles.map((a) => a.title), ['New', 'Mid', 'Old']);
  assert.deepEqual(published.hiddenDrafts.map((a) => a.title), ['Draft'], 'the drafts the leak audit looks for');
  const preview = selectArticles(all, true);
  assert.deepEqual(preview.articles.map((a) => a.title), ['Draft', 'New', 'Mid', 'Old']);
  assert.deepEqual(preview.hiddenDrafts, []);
});

test('articles of the same day are ordered by title, whatever the file order', () => {
  const forward = articles(['a.md', 'Beta', '2025-10-17'], ['b.md', 'Alpha', '2025-10-17']);
  assert.deepEqual(selectArticles(forward, false).articles.map((a) => a.title), ['Alpha', 'Beta']);
  assert.deepEqual(selectArticles([...forward].reverse(), false).articles.map((a) => a.title), ['Alpha', 'Beta']);
});

test('after an edit to a body, the selection holds the new article object in its old place; a new date moves it', () => {
  const all = articles(['a.md', 'Old', '2024-01-01'], ['part-d-2026.md', 'Medicare Part D in 2026', '2025-10-21'], ['d.md', 'Mid', '2025-10-16']);
  const edited: Article = { ...(all[1] as Article), body: 'Edited.' };
  const selection = selectArticles([all[0] as Article, edited, all[2] as Article], false);
  assert.equal(selection.articles[0], edited, 'the edited object, not the one it replaced');
  assert.equal(selection.aliases[0]?.article, edited, 'and its file-name redirect leads to it');
  const redated: Article = { ...edited, date: '2023-01-01' };
  assert.deepEqual(
    selectArticles([all[0] as Article, redated, all[2] as Article], false).articles.map((a) => a.title),
    ['Mid', 'Old', 'Medicare Part D in 2026'],
  );
});

test('a file name that differs from the title slug becomes a redirect', () => {
  const { aliases } = selectArticles(articles(['part-d-2026.md', 'Medicare Part D in 2026', '2025-10-16'], ['same-title.md', 'Same Title', '2025-10-17']), false);
  assert.deepEqual(aliases.map((alias) => [alias.url, alias.article.url]), [['/insights/part-d-2026', '/insights/medicare-part-d-in-2026']]);
});

test('two articles whose titles give one address: the newer is blamed, at its title line, naming the older file', () => {
  // Whatever order the files come in: the newer one is most likely a copy whose title was not changed yet.
  for (const order of ['older first', 'newer first']) {
    const all = articles(['one.md', 'Knee Pain', '2025-01-01'], ['two.md', 'Knee pain!', '2025-02-01']);
    if (order === 'newer first') all.reverse();
    const { articles: shown, diagnostics } = selectArticles(all, false);
    assert.equal(diagnostics.length, 1, order);
    const [diagnostic] = diagnostics;
    assert.deepEqual([diagnostic?.ruleId, diagnostic?.severity, diagnostic?.file, diagnostic?.line], ['duplicate-slug', 'error', 'content/insights/two.md', 4], order);
    assert.equal(diagnostic?.message, "This article's title gives the address /insights/knee-pain, which content/insights/one.md also has.", order);
    assert.deepEqual(shown.map((a) => a.sourcePath), ['content/insights/one.md'], 'the older keeps the address');
  }
});

test("a newer article whose file name is an older article's address is blamed at its title line, naming the older file", () => {
  const { diagnostics, aliases } = selectArticles(articles(['other.md', 'Hip Pain', '2025-01-01'], ['hip-pain.md', 'Knee Pain', '2025-02-01']), false);
  assert.equal(diagnostics.length, 1);
  const [diagnostic] = diagnostics;
  assert.deepEqual([diagnostic?.ruleId, diagnostic?.file, diagnostic?.line], ['duplicate-slug', 'content/insights/hip-pain.md', 4]);
  assert.equal(diagnostic?.message, "This article's file name gives the address /insights/hip-pain, which content/insights/other.md also has.");
  assert.deepEqual(aliases.map((alias) => alias.url), ['/insights/other'], 'no redirect takes the address of a page');
});

test('two files of the same name in different folders: the newer is blamed for its file name', () => {
  const { diagnostics, aliases } = selectArticles(articles(['2024/notes.md', 'Hip Pain', '2024-01-01'], ['2025/notes.md', 'Knee Pain', '2025-02-01']), false);
  assert.deepEqual(diagnostics.map((d) => [d.file, d.line]), [['content/insights/2025/notes.md', 4]]);
  assert.match(diagnostics[0]?.message ?? '', /file name gives the address \/insights\/notes, which content\/insights\/2024\/notes\.md also has/);
  assert.deepEqual(aliases.map((alias) => [alias.url, alias.article.title]), [['/insights/notes', 'Hip Pain']]);
});

test("a title wins over a file name: an older article whose file name is a newer one's title address is blamed", () => {
  const { diagnostics, articles: shown, aliases } = selectArticles(articles(['hip-pain.md', 'Knee Pain', '2025-01-01'], ['other.md', 'Hip Pain', '2025-02-01']), false);
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.file]), [['duplicate-slug', 'content/insights/hip-pain.md']]);
  assert.match(diagnostics[0]?.message ?? '', /other\.md/);
  assert.equal(shown.length, 2, 'both pages are kept; only the redirect is refused');
  assert.deepEqual(aliases.map((alias) => alias.url), ['/insights/other']);
});

test('a draft sharing a slug with a published article is no error in production, but is with --drafts', () => {
  const all = articles(['one.md', 'Knee Pain', '2025-01-01'], ['two.md', 'Knee Pain', '2025-02-01', true]);
  assert.deepEqual(selectArticles(all, false).diagnostics, []);
  assert.equal(selectArticles(all, true).diagnostics[0]?.ruleId, 'duplicate-slug');
});

test('the newest change of a list is the latest review or date of any of its articles, not of the newest article', () => {
  const older = articleOf('---\ntitle: Older\ndate: 2024-01-01\nlastReviewed: 2026-03-02\n---\nBody', 'content/insights/older.md');
  const newer = articleOf('---\ntitle: Newer\ndate: 2025-06-01\n---\nBody', 'content/insights/newer.md');
  assert.equal(lastChanged(older), '2026-03-02');
  assert.equal(newestChange([newer, older]), '2026-03-02');
  assert.equal(newestChange([newer]), '2025-06-01');
  assert.equal(newestChange([]), undefined);
});

// bug: an empty file was published as an article called "Untitled", dated 1970-01-01.
test('an empty article file is reported by name and not published', async () => {
  for (const empty of ['', '  \n\n']) {
    const build = await buildFrom({ 'content/insights/empty.md': empty, 'content/insights/real.md': articleText({ title: 'Real', date: '2025-01-01' }) });
    assert.deepEqual(build.model.articles.map((a) => a.title), ['Real']);
    assert.ok(!build.pages.some((page) => page.url === '/insights/untitled' || page.url === '/insights/empty'), 'no page for the empty file');
    const reported = build.warnings.filter((warning) => warning.ruleId === 'empty-article');
    assert.equal(reported.length, 1, JSON.stringify(empty));
    assert.match(reported[0]?.file ?? '', /content\/insights\/empty\.md$/);
    assert.match(reported[0]?.message ?? '', /empty/);
  }
});
