/**
 * Each article file made into an article (spec §3): defaults, drafts, dates,
 * addresses and sources. Which articles a build shows: selection.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SLUG_LENGTH } from '../../../build/config.ts';
import { isDraft, lastChanged, newestChange } from '../../../build/model/articles.ts';
import { selectArticles } from '../../../build/model/selection.ts';
import { articleOf, model } from '../../helpers/model.ts';
import { article as articleText, buildFrom } from '../../helpers/sites.ts';

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

// DECISIONS.md "draft": boolean true or the string 'true' is a draft; a value other than true or false is an error (above).
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

test('a file with no front matter at all is published with the defaults and a warning at its first line: private notes are not published silently', () => {
  const { article, diagnostics } = model('Notes to self: call the lab on Monday.\n');
  assert.deepEqual([article?.title, article?.date, article?.draft], ['Untitled', '1970-01-01', false]);
  assert.deepEqual(
    diagnostics.map(({ file, line, ruleId, severity, message }) => ({ file, line, ruleId, severity, message })),
    [{ file: 'content/insights/some-file.md', line: 1, ruleId: 'no-front-matter', severity: 'warning', message: 'This article has no front matter starting on its first line, so it is published as "Untitled", dated 1970-01-01, in the Insights list and the feeds.' }],
  );
  assert.deepEqual(model('---\n---\nText.\n').diagnostics, [], 'front matter with no fields is front matter: the defaults apply, as the spec says');
  assert.deepEqual(model('\n---\ntitle: A\n---\nText.\n').diagnostics.map(({ ruleId, line }) => [ruleId, line]), [['no-front-matter', 1]], 'a blank line above it makes it text, which the warning tells');
});

for (const [value, draft] of DRAFT_VALUES) {
  test(`draft: ${JSON.stringify(value)} means ${draft ? 'draft' : 'published'}`, () => {
    assert.equal(isDraft(value), draft);
  });
}

test('a date or a name between curly quotes is a warning at its line; a title between them may be a quotation and is not', () => {
  const { diagnostics } = model('---\ntitle: “Should I switch plans?”\ndate: “2025-10-17”\nauthor: “Dr. Jane Doe”\n---\nBody');
  assert.deepEqual(
    diagnostics.filter((d) => d.ruleId === 'curly-quotes').map((d) => [d.line, d.message.split(',')[0]]),
    [
      [3, "'date' is written between curly quotes"],
      [4, "'author' is written between curly quotes"],
    ],
  );
});

test('draft values as written in front matter', () => {
  assert.equal(articleOf('---\ndraft: true\n---\n').draft, true);
  assert.equal(articleOf('---\ndraft: "true"\n---\n').draft, true);
  assert.equal(articleOf('---\ndraft: TRUE\n---\n').draft, true, 'YAML reads TRUE as the boolean true');
  assert.equal(articleOf('---\ntitle: A\n---\n').draft, false);
});

/** Rule, severity, line and message of each problem, for comparing whole lists. */
function told(diagnostics: readonly { ruleId: string; severity: string; line?: number; message: string }[]): { ruleId: string; severity: string; line?: number; message: string }[] {
  return diagnostics.map(({ ruleId, severity, line, message }) => ({ ruleId, severity, line, message }));
}

test('a draft value that is neither true nor false is an error at its line: the build stops rather than publish what may be a draft', () => {
  for (const written of ['yes', 'maybe', '1', '"True"', 'no']) {
    const { diagnostics } = model(`---\ntitle: A\ndraft: ${written}\n---\nText.\n`);
    assert.deepEqual(told(diagnostics), [{ ruleId: 'unclear-draft', severity: 'error', line: 3, message: `'draft' is "${written.replaceAll('"', '')}", which is neither true nor false, so the build cannot tell whether this article is ready to publish.` }], written);
    assert.match(diagnostics[0]?.hint ?? '', /Write 'draft: true'.*'draft: false'/, written);
  }
  assert.deepEqual(told(model('---\ntitle: A\ndraft:\n---\nText.\n').diagnostics), [{ ruleId: 'unclear-draft', severity: 'error', line: 3, message: "'draft' has no value, so the build cannot tell whether this article is ready to publish." }]);
  for (const written of ['true', 'false', '"false"', 'TRUE']) assert.deepEqual(model(`---\ntitle: A\ndraft: ${written}\n---\nText.\n`).diagnostics, [], written);
});

test('a draft field written any other way is an error at its line naming what was written, and not warned of again as unknown', () => {
  for (const key of ['Draft:', 'DRAFT:', 'drafts:', 'Drafts:', 'darft:', 'draf:', 'dratf:', 'draft :', 'draft\t:']) {
    const { diagnostics } = model(`---\ntitle: A\n${key} true\n---\nText.\n`);
    assert.deepEqual(told(diagnostics), [{ ruleId: 'unclear-draft', severity: 'error', line: 3, message: `'${key}' is not written as the field 'draft', so the build cannot tell whether this article is ready to publish.` }], key);
  }
});

test('an unknown field near a known one says which was probably meant; one near none lists the fields alone', () => {
  const hintOf = (key: string): string => model(`---\n${key}: x\n---\nText.\n`).diagnostics.find((d) => d.ruleId === 'unknown-field')?.hint ?? '';
  assert.match(hintOf('tittle'), /^Did you mean 'title'\?/);
  assert.match(hintOf('Summary'), /^Did you mean 'summary'\?/);
  assert.match(hintOf('reviewedby'), /^Did you mean 'reviewedBy'\?/);
  assert.match(hintOf('source'), /^Did you mean 'sources'\?/);
  assert.match(hintOf('lastreviewd'), /^Did you mean 'lastReviewed'\?/);
  assert.match(hintOf('category'), /^Check the spelling; the fields are: title, summary/);
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

test('a date written in another form names the form to write and the day it would be, where it reads as one day', () => {
  const cases: [string, string][] = [
    ['11/28/2026', '2026-11-28'],
    ['3/7/2026', '2026-03-07'],
    ['28/11/2026', '2026-11-28'],
    ['2026/11/28', '2026-11-28'],
    ['November 28, 2026', '2026-11-28'],
    ['Nov. 28 2026', '2026-11-28'],
    ['28 November 2026', '2026-11-28'],
  ];
  for (const [written, day] of cases) {
    const [diagnostic, ...rest] = model(`---\ntitle: A\ndate: ${written}\n---\nBody`).diagnostics;
    assert.deepEqual(rest, [], written);
    assert.deepEqual([diagnostic?.ruleId, diagnostic?.severity, diagnostic?.line], ['invalid-date', 'error', 3], written);
    assert.equal(diagnostic?.message, `'date' is written "${written}", a form the build does not read: a date is written year-month-day, with dashes.`);
    assert.equal(diagnostic?.hint, `Write ${day} (YYYY-MM-DD), if that is the day you meant.`);
  }
  for (const written of ['2/30/2026', 'Smarch 3, 2026', '13/13/2026']) assert.match(model(`---\ntitle: A\ndate: ${written}\n---\nBody`).diagnostics[0]?.message ?? '', /is not a real calendar day/, written);
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
    assert.match(reported[0]?.message ?? '', /empty, so it is left out of the site/, 'the message says what the build did with it');
  }
});
