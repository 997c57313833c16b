/**
 * Translations that stay true (issue 57), as its "Done means" says, on a copy
 * of the sample: edit the English Part D article's cap and build, and the
 * build warns at the Spanish file, the Spanish page carries the notice with
 * a link to the English one, and `npm run translations` lists it as
 * outdated; run `--current` and all three are gone, the Spanish file changed
 * in its record's lines alone. An edit of white space alone changes nothing.
 * The handouts are in translation-drift-handouts.test.ts. Both build their
 * own copy (test/helpers/translations.ts).
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { elements } from '../helpers/elements.ts';
import { PROJECT_ROOT, type SiteBuild } from '../helpers/sites.ts';
import { driftSite, lineStarting, listedRow } from '../helpers/translations.ts';

const site = driftSite();
const { build, drift, translations } = site;
const ENGLISH = () => site.file('content/insights/part-d-2026.md');
const SPANISH = () => site.file('content/insights/part-d-2026.es.md');

/** The Spanish Part D page, and the notice near its top if it has one. */
function spanishPage(built: SiteBuild): { html: string; notice: string | undefined } {
  const page = built.pages.find((candidate) => candidate.url.startsWith('/es/insights/la-parte-d-de-medicare'));
  assert.ok(page, 'the Spanish Part D page');
  return { html: page.html, notice: /<div class="translation-notice"[^>]*>.*?<\/div>/s.exec(page.html)?.[0] };
}

const englishUrl = (built: SiteBuild) => built.model.articles.find((article) => article.sourcePath.endsWith('part-d-2026.md'))?.url ?? '';

test('the shipped sample: every translation and handout records its original as it is, so nothing is warned of or listed as outdated', async () => {
  const built = await build();
  assert.deepEqual(drift(built), []);
  assert.equal(spanishPage(built).notice, undefined);
  assert.match(spanishPage(built).html, /<a href="\/insights\/medicare-part-d[^"]*" lang="en-US" hrefLang="en">Read this article in English<\/a>/);
  const listing = translations();
  assert.equal(listing.code, 0, listing.stderr);
  assert.match(listing.stdout, /^Translations \(4 articles and 25 handouts: 29 current, 0 outdated, 0 not recorded, 0 missing\.\)\n\n\| Original \| Translation \| Status \|\n/);
});

test("edit the English Part D article's cap: the build warns at the Spanish file, its page carries the notice linking the English one, and the listing says outdated; --current takes all three away", async () => {
  const english = await readFile(ENGLISH(), 'utf8');
  await writeFile(ENGLISH(), english.replaceAll('$2,100', '$2,400').replace('{{partDOutOfPocketCap2026}} in 2026', '$2,400 in 2026'));
  const spanishBefore = await readFile(SPANISH(), 'utf8');
  const built = await build();
  assert.deepEqual(drift(built), [
    `content/insights/part-d-2026.es.md:${lineStarting(spanishBefore, 'translatedFrom:')} warning translation-outdated This translation was made from an earlier version of its original, part-d-2026.md, whose summary and body have changed since. Hint: Bring it up to date with the summary and body of part-d-2026.md, then run npm run translations -- --current part-d-2026, which records it as current.`,
  ]);
  const { notice } = spanishPage(built);
  assert.ok(notice, 'the Spanish page carries the notice');
  assert.match(notice, /^<div class="translation-notice" role="note"[^>]*><p><strong>La versión original en inglés de este artículo se actualizó después de esta traducción\.<\/strong> <a [^>]*>Lea la versión en inglés<\/a>\.<\/p><\/div>$/);
  const link = elements(notice).find((element) => element.name === 'a');
  assert.deepEqual(link?.attributes, { href: englishUrl(built), hreflang: 'en' });
  assert.doesNotMatch(spanishPage(built).html, /Read this article in English/, 'the notice links the original, in place of the plain link to it');
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(spanishPage(built).html, path.join(PROJECT_ROOT, 'out/es/insights/index.html'));
  assert.deepEqual(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId} ${message.message}`)), [], 'the page with its notice is valid HTML, accessibility rules included');
  assert.ok(!built.pages.some((page) => page.url.startsWith('/insights/') && page.html.includes('translation-notice')), 'the English pages carry no notice');
  const listing = translations();
  assert.equal(listedRow(listing.stdout, 'content/insights/part-d-2026.md'), "| content/insights/part-d-2026.md | part-d-2026.es.md | outdated: the original's summary and body changed since it was translated |");
  assert.match(listing.stdout, /28 current, 1 outdated/);

  const current = translations('--current', 'part-d-2026');
  assert.equal(current.code, 0, current.stderr);
  assert.match(current.stdout, /^part-d-2026\.es\.md now records the current version of content\/insights\/part-d-2026\.md \(it was outdated: the original's summary and body changed since it was translated\)/);
  const spanishAfter = await readFile(SPANISH(), 'utf8');
  const record = (text: string) => text.split('\n').filter((line) => /^ {2}(title|summary|body|sources): [0-9a-f"]+$/.test(line));
  assert.equal(spanishAfter.split('\n').filter((line) => !record(spanishAfter).includes(line)).join('\n'), spanishBefore.split('\n').filter((line) => !record(spanishBefore).includes(line)).join('\n'), 'only the record changed');
  assert.notDeepEqual(record(spanishAfter), record(spanishBefore));
  const rebuilt = await build();
  assert.deepEqual(drift(rebuilt), []);
  assert.equal(spanishPage(rebuilt).notice, undefined);
  assert.equal(listedRow(translations().stdout, 'content/insights/part-d-2026.md'), '| content/insights/part-d-2026.md | part-d-2026.es.md | current |');
  assert.match(translations('--current', 'part-d-2026.es.md').stdout, /^part-d-2026\.es\.md already records the current version of content\/insights\/part-d-2026\.md; nothing was written\.\n$/);
});

test('an edit of white space alone to the English article is no change: no warning, no notice', async () => {
  const english = await readFile(ENGLISH(), 'utf8');
  const [head = '', body = ''] = english.split('\n---\n');
  const edited = `${head.replace(/^title: "(.*?) (.*)"$/m, 'title: "$1   $2"')}\n---\n${body.replaceAll('\n\n', '\n\n\n').replaceAll('. ', '.\n')}  \n`;
  assert.notEqual(edited, english);
  assert.equal(edited.replace(/\s+/g, ''), english.replace(/\s+/g, ''), 'white space alone');
  await writeFile(ENGLISH(), edited);
  const built = await build();
  assert.deepEqual(drift(built), []);
  assert.equal(spanishPage(built).notice, undefined);
});
