/**
 * Which articles a build shows and in what order (spec §4), the redirects
 * from their file names, and the addresses two articles cannot share.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Article } from '../../../build/model/index.ts';
import { selectArticles } from '../../../build/model/selection.ts';
import { articleOf } from '../../helpers/model.ts';

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
