/**
 * Translated handouts that stay true (issue 57), on a copy of the sample: a
 * Spanish handout made from an earlier version of the English PDF is warned
 * of at its topic's line and listed as outdated until `npm run translations
 * -- --current` records it, which changes its record's line alone; a
 * translation or a topic with no record is warned of too, each naming the
 * command that records it.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { samplePdf } from '../helpers/sites.ts';
import { driftSite, lineStarting, listedRow } from '../helpers/translations.ts';

const site = driftSite();
const { build, drift, translations } = site;
const SPANISH = () => site.file('content/insights/part-d-2026.es.md');
const TOPICS = () => site.file('content/education-topics.yaml');

test("a Spanish handout made from an earlier version of the English one is warned of at its topic's line and listed as outdated, until --current records it", async () => {
  await writeFile(path.join(site.assetsDir, 'pdfs/low-back-pain.pdf'), await samplePdf('Low Back Pain, second edition'));
  const topicsBefore = await readFile(TOPICS(), 'utf8');
  const built = await build();
  assert.deepEqual(drift(built), [
    `content/education-topics.yaml:${lineStarting(topicsBefore, '- title: Low Back Pain')} warning translation-outdated The Spanish handout of "Low Back Pain", assets/pdfs/low-back-pain.es.pdf, was made from an earlier version of assets/pdfs/low-back-pain.pdf, which has changed since. Hint: Bring assets/pdfs/low-back-pain.es.pdf up to date with assets/pdfs/low-back-pain.pdf, then run npm run translations -- --current low-back-pain.pdf, which records it as current.`,
  ]);
  assert.equal(listedRow(translations().stdout, 'assets/pdfs/low-back-pain.pdf'), '| assets/pdfs/low-back-pain.pdf | low-back-pain.es.pdf | outdated: the original changed since it was translated |');
  const current = translations('--current', 'low-back-pain.es.pdf');
  assert.equal(current.code, 0, current.stderr);
  const topicsAfter = await readFile(TOPICS(), 'utf8');
  const changed = topicsAfter.split('\n').filter((line, index) => line !== topicsBefore.split('\n')[index]);
  assert.equal(changed.length, 1, 'one line of the topics file changed');
  assert.match(changed[0] ?? '', /^ {4}translatedFrom: "?[0-9a-f]{8}"?$/);
  assert.deepEqual(drift(await build()), []);
  assert.equal(listedRow(translations().stdout, 'assets/pdfs/low-back-pain.pdf'), '| assets/pdfs/low-back-pain.pdf | low-back-pain.es.pdf | current |');
});

test('a translation or a topic with no record is warned of, each telling the command that records it', async () => {
  await writeFile(SPANISH(), (await readFile(SPANISH(), 'utf8')).replace(/^translatedFrom:.*\n(?: {2}.*\n){4}/m, ''));
  await writeFile(TOPICS(), (await readFile(TOPICS(), 'utf8')).replace(/^( {4}title: "Ciática"\n(?: {4}.*\n)*?) {4}translatedFrom: .*\n/m, '$1'));
  const warnings = drift(await build());
  assert.equal(warnings.length, 2, warnings.join('\n'));
  assert.match(warnings[0] ?? '', /^content\/education-topics\.yaml:\d+ warning translation-outdated The topic "Sciatica" does not record which version of assets\/pdfs\/sciatica\.pdf its Spanish handout, assets\/pdfs\/sciatica\.es\.pdf, was made from, so the build cannot tell when the original changes\. Hint: Check that assets\/pdfs\/sciatica\.es\.pdf says what assets\/pdfs\/sciatica\.pdf says now, then run npm run translations -- --current sciatica\.pdf, which records it as current\.$/);
  assert.match(warnings[1] ?? '', /^content\/insights\/part-d-2026\.es\.md:1 warning translation-outdated This translation does not record which version of its original, part-d-2026\.md, it was made from, so the build cannot tell when the original changes\. Hint: Check that it says what part-d-2026\.md says now, then run npm run translations -- --current part-d-2026, which records it as current\.$/);
  const listing = translations().stdout;
  assert.equal(listedRow(listing, 'content/insights/part-d-2026.md'), '| content/insights/part-d-2026.md | part-d-2026.es.md | not recorded: which version it translates is not known |');
  assert.match(listing, /27 current, 0 outdated, 2 not recorded, 0 missing/);
  for (const name of ['content/insights/part-d-2026.es.md', 'sciatica.pdf']) assert.equal(translations('--current', name).code, 0);
  assert.deepEqual(drift(await build()), []);
});
