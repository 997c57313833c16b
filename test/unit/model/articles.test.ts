import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../build/diagnostics.ts';
import { isDraft, lastChanged, modelArticle, newestChange, selectArticles } from '../build/model/articles.ts';
import { parseSource } from '../build/parse.ts';
import type { Article } from '../build/types.ts';

function model(text: string, path = 'content/insights/some-file.md'): { article?: Article; diagnostics: ContentDiagnostic[] } {
  const { parsed, diagnostics } = parseSource({ path, text });
  assert.ok(parsed, `parse failed: ${JSON.stringify(diagnostics)}`);
  const article = modelArticle(parsed, diagnostics);
  return { article, diagnostics };
}

function articleOf(text: string, path?: string): Article {
  const { article } = model(text, path);
  assert.ok(article);
  return article;
}

// spec §3 and §9: default title 'Untitled', default date 1970-01-01.
test('a missing title and date fall back to Untitled and 1970-01-01', () => {
  const { article, diagnostics } = model('---\nsummary: S\n---\nBody');
  assert.deepEqual(diagnostics, []);
  assert.equal(article?.title, 'Untitled');
  assert.equal(article?.slug, 'untitled');
  assert.equal(article?.date, '1970-01-01');
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

test('reading time comes from the body', () => {
  const body = Array.from({ length: 401 }, () => 'word').join(' ');
  const article = articleOf(`---\ntitle: A\n---\n${body}`);
  assert.equal(article.wordCount, 401);
  assert.equal(article.readingMinutes, 3);
});

function articles(...specs: [file: string, title: string, date: string, draft?: boolean][]): Article[] {
  return specs.map(([file, title, date, draft = false]) => articleOf(`---\ntitle: "${title}"\ndate: ${date}\ndraft: ${String(draft)}\n---\nBody`, `content/insights/${file}`));
}

// spec §4: published articles sorted by date, newest first; drafts hidden.
test('articles are sorted newest first, and drafts are left out', () => {
  const all = articles(['a.md', 'Old', '2024-01-01'], ['b.md', 'New', '2025-10-21'], ['c.md', 'Draft', '2026-01-01', true], ['d.md', 'Mid', '2025-10-16']);
  assert.deepEqual(
    selectArticles(all, false).articles.map((a) => a.title),
    ['New', 'Mid', 'Old'],
  );
  assert.deepEqual(
    selectArticles(all, true).articles.map((a) => a.title),
    ['Draft', 'New', 'Mid', 'Old'],
  );
});

test('articles of the same day are ordered by title, whatever the file order', () => {
  const forward = articles(['a.md', 'Beta', '2025-10-17'], ['b.md', 'Alpha', '2025-10-17']);
  assert.deepEqual(selectArticles(forward, false).articles.map((a) => a.title), ['Alpha', 'Beta']);
  assert.deepEqual(selectArticles([...forward].reverse(), false).articles.map((a) => a.title), ['Alpha', 'Beta']);
});

test('after an edit to a body, the selection holds the new article object in its old place; a new date moves it', () => {
  const all = articles(['a.md', 'Old', '2024-01-01'], ['part-d-2026.md', 'Medicare Part D in 2026', '2025-10-21'], ['d.md', 'Mid', '2025-10-16']);
  selectArticles(all, false);
  const edited = { ...(all[1] as Article), wordCount: 999 };
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

test('two published articles with the same slug are an error naming both files', () => {
  const { diagnostics } = selectArticles(articles(['one.md', 'Knee Pain', '2025-01-01'], ['two.md', 'Knee pain!', '2025-02-01']), false);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]?.ruleId, 'duplicate-slug');
  const named = `${diagnostics[0]?.file ?? ''} ${diagnostics[0]?.message ?? ''}`;
  assert.match(named, /one\.md/);
  assert.match(named, /two\.md/);
  assert.match(named, /\/insights\/knee-pain/);
});

test('a draft sharing a slug with a published article is no error in production, but is with --drafts', () => {
  const all = articles(['one.md', 'Knee Pain', '2025-01-01'], ['two.md', 'Knee Pain', '2025-02-01', true]);
  assert.deepEqual(selectArticles(all, false).diagnostics, []);
  assert.equal(selectArticles(all, true).diagnostics[0]?.ruleId, 'duplicate-slug');
});

test("a file name equal to another article's slug is an error, not a silent overwrite", () => {
  const { diagnostics, aliases } = selectArticles(articles(['hip-pain.md', 'Knee Pain', '2025-01-01'], ['other.md', 'Hip Pain', '2025-02-01']), false);
  assert.equal(diagnostics[0]?.ruleId, 'duplicate-slug');
  assert.equal(diagnostics[0]?.file, 'content/insights/hip-pain.md');
  assert.match(diagnostics[0]?.message ?? '', /other\.md/);
  assert.deepEqual(aliases.map((alias) => alias.url), ['/insights/other']);
});

test('the newest change of a list is the latest review or date of any of its articles, not of the newest article', () => {
  const older = articleOf('---\ntitle: Older\ndate: 2024-01-01\nlastReviewed: 2026-03-02\n---\nBody', 'content/insights/older.md');
  const newer = articleOf('---\ntitle: Newer\ndate: 2025-06-01\n---\nBody', 'content/insights/newer.md');
  assert.equal(lastChanged(older), '2026-03-02');
  assert.equal(newestChange([newer, older]), '2026-03-02');
  assert.equal(newestChange([newer]), '2025-06-01');
  assert.equal(newestChange([]), undefined);
});

// bug: a source written with an empty `title:` was listed under the title "null".
test('a source with an empty title or address is an error, not a source called "null"', () => {
  for (const source of ['  - title:\n    url: https://www.medicare.gov/', '  - title: Medicare.gov\n    url:']) {
    const { article, diagnostics } = model(`---\ntitle: A\nsources:\n${source}\n---\nBody.\n`);
    assert.deepEqual(article?.sources, [], source);
    assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-field', 3]], source);
  }
});
