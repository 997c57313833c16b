/**
 * Honest dates, told to the reader (issue 24): a page built on a day when an
 * article's review is old, or a figure it quotes is for a year that is over,
 * says near its top that it may be out of date; so do the handouts on the
 * education page. Every such page also carries the facts the widget script
 * needs to say the same from the reader's own date (test/browser/review-notices.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { article, assertContains, buildFrom, buildInMemory, makeSite, pageAt, SITE_MD } from '../helpers/sites.ts';
import { sampleSite } from '../helpers/sample-site.ts';

const FIGURES_YAML = `cap2026:
  value: "$2,100"
  year: 2026
  about: The cap
  source:
    title: Medicare.gov
    url: https://www.medicare.gov/
`;

/** The site identity as the sample sets it: reviews stay current for 12 months; the handouts reviewed on 2025-10-01. */
const SITE = SITE_MD.replace('reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 12\nhandoutsLastReviewed: 2025-10-01');

const FILES = {
  'content/site.md': SITE,
  'content/medicare-figures.yaml': FIGURES_YAML,
  'content/insights/plain.md': article({ title: 'Plain', date: '2025-10-17', lastReviewed: '2025-10-17' }, 'Words without figures.'),
  'content/insights/caps.md': article({ title: 'Caps', date: '2026-02-01', lastReviewed: '2026-02-01' }, 'The cap is {{cap2026}}.'),
};

const REVIEW_NOTICE = '<div class="freshness-notice" role="note" data-freshness-notice="review"><p><strong>This article may be out of date.</strong> It was last reviewed on <time dateTime="2025-10-17">October 17, 2025</time>.</p></div>';
const FIGURES_NOTICE =
  '<div class="freshness-notice" role="note" data-freshness-notice="figures"><p><strong>This article may be out of date.</strong> It was last reviewed on <time dateTime="2026-02-01">February 1, 2026</time>, and Medicare amounts change every year: check <a href="https://www.medicare.gov">Medicare.gov</a> for this year&#x27;s figures.</p></div>';
const HANDOUTS_NOTICE = '<div class="freshness-notice" role="note" data-freshness-notice="review"><p><strong>These handouts may be out of date.</strong> They were last reviewed on <time dateTime="2025-10-01">October 1, 2025</time>.</p></div>';

/** Where the notice sits: after the title and the review line, before the body. */
function assertNearTheTop(html: string, notice: string): void {
  const at = html.indexOf(notice);
  assert.ok(at > html.indexOf('<h1>') && at > html.indexOf('Last reviewed'), 'after the title and the review line');
  assert.ok(at < html.indexOf('<div class="prose">'), 'before the body');
  assert.equal(html.split('data-freshness-notice=').length - 1, 1, 'one notice');
}

test('on a day when every review is current and no figure is over, no page says it may be out of date', async () => {
  const build = await buildFrom(FILES, { today: '2026-09-30' });
  for (const url of ['/insights/plain', '/insights/caps', '/education']) assertContains(pageAt(build, url), ['!data-freshness-notice', '!may be out of date']);
  assert.deepEqual(build.warnings, []);
});

test('an article reviewed 12 months ago or more says so near its top, with its review day in words', async () => {
  const build = await buildFrom(FILES, { today: '2026-10-17' });
  const html = pageAt(build, '/insights/plain');
  assertNearTheTop(html, REVIEW_NOTICE);
  // A current article in the same build says nothing.
  assertContains(pageAt(build, '/insights/caps'), ['!data-freshness-notice']);
  assertContains(pageAt(build, '/insights/plain', 'page'), ['<article class="article" data-freshness="article" data-reviewed="2025-10-17" data-review-months="12">']);
});

test("an article quoting a figure whose year is over sends the reader to Medicare.gov for this year's figures", async () => {
  const build = await buildFrom(FILES, { today: '2027-01-01' });
  assertNearTheTop(pageAt(build, '/insights/caps'), FIGURES_NOTICE);
  assertContains(pageAt(build, '/insights/caps'), ['<article class="article" data-freshness="article" data-reviewed="2026-02-01" data-review-months="12" data-figure-years="2026">']);
  assert.deepEqual(build.warnings.map((warning) => warning.ruleId).sort(), ['figure-year-over', 'stale-review', 'stale-review'], 'the builder is warned of the same: the figure, the old review, the handouts');
});

test('the handouts say beside their review date that they may be out of date, once it is old; the builder is warned at that date', async () => {
  const current = await buildFrom(FILES, { today: '2026-09-30' });
  assertContains(pageAt(current, '/education'), ['<div class="handouts-review" data-freshness="handouts" data-reviewed="2025-10-01" data-review-months="12"><p class="article__trust">', '!may be out of date']);
  const old = await buildFrom(FILES, { today: '2026-10-01' });
  const html = pageAt(old, '/education');
  assertContains(html, [`by Dr. Test Person, MD</span></p>${HANDOUTS_NOTICE}</div>`]);
  const handouts = old.warnings.filter((warning) => warning.file.endsWith('content/site.md'));
  assert.deepEqual(
    handouts.map((warning) => [warning.ruleId, warning.line, warning.message]),
    [['stale-review', 17, 'The handouts were last reviewed on 2025-10-01, more than 12 months ago.']],
  );
});

test('a date or review day still to come is a warning at its line, and the build goes on: a mistyped year is caught', async () => {
  const build = await buildFrom(FILES, { today: '2025-12-01' });
  assert.deepEqual(
    build.warnings.map((warning) => [warning.file.replace(/.*content\//, ''), warning.ruleId, warning.message]),
    [['insights/caps.md', 'future-date', "'date:' is 2026-02-01, a day still to come: the build ran on 2025-12-01."]],
  );
  const handouts = await buildFrom({ ...FILES, 'content/site.md': SITE.replace('handoutsLastReviewed: 2025-10-01', 'handoutsLastReviewed: 2052-10-01') }, { today: '2026-09-30' });
  assert.deepEqual(
    handouts.warnings.map((warning) => [warning.file.replace(/.*content\//, ''), warning.ruleId, warning.line]),
    [['site.md', 'future-date', 17]],
  );
  assertContains(pageAt(handouts, '/education'), ['!may be out of date']);
});

test('an education page without a handouts review date carries no facts and no notice', async () => {
  const build = await buildFrom({}, { today: '2040-01-01' });
  assertContains(pageAt(build, '/education'), ['!data-freshness', '!handouts-review']);
});

test('a page changes only on the day its notice does: another day of the same year keeps its key', async () => {
  const site = await makeSite(FILES);
  try {
    const keyOf = async (today: CalendarDay, url: string) => (await buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, year: 2026, today })).plan.pages.find((page) => page.url === url && page.kind === 'page')?.key;
    assert.equal(await keyOf('2026-03-01', '/insights/plain'), await keyOf('2026-09-30', '/insights/plain'));
    assert.equal(await keyOf('2026-03-01', '/education'), await keyOf('2026-09-30', '/education'));
    assert.notEqual(await keyOf('2026-10-16', '/insights/plain'), await keyOf('2026-10-17', '/insights/plain'), 'the review turns old');
    assert.notEqual(await keyOf('2026-09-30', '/education'), await keyOf('2026-10-01', '/education'), 'the handouts review turns old');
  } finally {
    await site.cleanup();
  }
});

test('the sample site, built before its reviews are old, says nothing; built in November 2026, every article and the handouts say so, in their language', async () => {
  const early = await sampleSite(false, '2025-11-01');
  for (const page of early.pages.filter((page) => page.kind === 'page')) assert.doesNotMatch(page.html, /data-freshness-notice|may be out of date/, page.url);
  const late = await sampleSite(false, '2026-11-25');
  const notices = {
    en: /<strong>This article may be out of date\.<\/strong> It was last reviewed on <time dateTime="2025-10-\d\d">October \d\d, 2025<\/time>, and Medicare amounts change every year: check <a href="https:\/\/www\.medicare\.gov">Medicare\.gov<\/a> for this year&#x27;s figures\./,
    es: /<strong>Es posible que este artículo no esté al día\.<\/strong> Se revisó por última vez el <time dateTime="2025-10-\d\d">\d\d de octubre de 2025<\/time>, y las cantidades de Medicare cambian cada año: consulte <a href="https:\/\/www\.medicare\.gov">Medicare\.gov<\/a> para ver las cifras de este año\./,
  };
  for (const item of late.model.articles) assert.match(pageAt(late, item.url), notices[item.language], item.url);
  assert.match(pageAt(late, '/education'), /<strong>These handouts may be out of date\.<\/strong> They were last reviewed on <time dateTime="2025-10-01">October 1, 2025<\/time>\./);
  assert.match(pageAt(late, '/es/education'), /<strong>Es posible que estos folletos no estén al día\.<\/strong> Se revisaron por última vez el <time dateTime="2025-10-01">1 de octubre de 2025<\/time>\./);
});
