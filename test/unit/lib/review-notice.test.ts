/**
 * The out-of-date notice's rule and shape (build/lib/review-notice.ts), which
 * the build and the widget script share, told in the English catalogue's
 * words: when a page says it may be out of date, what it says, and the facts
 * it carries for the script.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freshnessAttributes, freshnessNotice as noticeIn, readFreshnessAttributes, reviewIsOld, saysMore, yearIsOver, type NoticeFacts } from '../../../build/lib/review-notice.ts';
import { en } from '../../../templates/messages/en.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The notice in English, the words of the English catalogue. */
const freshnessNotice = (facts: NoticeFacts, today: NoticeFacts['reviewed']) => noticeIn(facts, today, en);
const article = (figureYears: number[] = [], reviewed = '2025-10-17'): NoticeFacts => ({ subject: 'article', reviewed: reviewed as NoticeFacts['reviewed'], maxAgeMonths: 12, figureYears });
const handouts: NoticeFacts = { subject: 'handouts', reviewed: '2025-10-01', maxAgeMonths: 12, figureYears: [] };
const textOn = (facts: NoticeFacts, today: string) => {
  const notice = freshnessNotice(facts, today as NoticeFacts['reviewed']);
  // As a reader hears it: the parts' text in order.
  return notice?.parts.map((part) => part.text).join('');
};

test('a review is old from the day it is as old as the site allows, counted in calendar months', () => {
  assert.equal(reviewIsOld('2025-10-17', 12, '2026-10-16'), false);
  assert.equal(reviewIsOld('2025-10-17', 12, '2026-10-17'), true);
  assert.equal(reviewIsOld('2025-01-31', 1, '2025-02-28'), false, 'a month from January 31 is not over on February 28');
  assert.equal(reviewIsOld('2025-10-17', 24, '2026-10-17'), false);
});

test("a figure's year is over from the first day of the next year", () => {
  assert.equal(yearIsOver(2025, '2025-12-31'), false);
  assert.equal(yearIsOver(2025, '2026-01-01'), true);
  assert.equal(yearIsOver(2026, '2026-01-01'), false);
});

test('a current article, and current handouts, say nothing', () => {
  assert.equal(freshnessNotice(article([2026]), '2026-10-16'), undefined);
  assert.equal(freshnessNotice(article(), '2026-10-16'), undefined);
  assert.equal(freshnessNotice(handouts, '2026-09-30'), undefined);
});

test('an old review is told with its day, in words', () => {
  assert.equal(textOn(article([2026]), '2026-10-17'), 'This article may be out of date. It was last reviewed on October 17, 2025.');
  assert.equal(freshnessNotice(article(), '2026-10-17')?.kind, 'review');
});

test('a figure whose year is over sends the reader to Medicare.gov for this year, even when the review is recent', () => {
  const expected = "This article may be out of date. It was last reviewed on October 17, 2025, and Medicare amounts change every year: check Medicare.gov for this year's figures.";
  assert.equal(textOn(article([2025, 2026]), '2026-01-01'), expected);
  assert.equal(textOn(article([2025]), '2026-11-25'), expected, 'an old review too: one notice, the fuller one');
  const notice = freshnessNotice(article([2025]), '2026-01-01');
  assert.equal(notice?.kind, 'figures');
  assert.deepEqual(
    notice?.parts.filter((part) => part.kind === 'link'),
    [{ kind: 'link', href: 'https://www.medicare.gov', text: 'Medicare.gov' }],
  );
  assert.deepEqual(
    notice?.parts.filter((part) => part.kind === 'day'),
    [{ kind: 'day', day: '2025-10-17', text: 'October 17, 2025' }],
  );
});

test('the handouts say so of themselves once their review is old; figures are never theirs', () => {
  assert.equal(textOn(handouts, '2026-10-01'), 'These handouts may be out of date. They were last reviewed on October 1, 2025.');
  assert.equal(freshnessNotice({ ...handouts, figureYears: [2020] }, '2026-09-30'), undefined);
});

test('a notice about figures says more than one about the review alone, which says more than none', () => {
  const review = freshnessNotice(article(), '2026-10-17');
  const figures = freshnessNotice(article([2025]), '2026-10-17');
  assert.ok(review && figures);
  assert.equal(saysMore(review, undefined), true);
  assert.equal(saysMore(figures, 'review'), true);
  assert.equal(saysMore(review, 'review'), false);
  assert.equal(saysMore(review, 'figures'), false);
  assert.equal(saysMore(figures, 'figures'), false);
});

/** The attributes as the browser's `element.dataset` shows them. */
function dataset(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name.replace(/^data-/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));
}

test('the facts written as data attributes read back as they were', () => {
  const facts = article([2025, 2026]);
  assert.deepEqual(freshnessAttributes(facts), { 'data-freshness': 'article', 'data-reviewed': '2025-10-17', 'data-review-months': '12', 'data-figure-years': '2025 2026' });
  assert.deepEqual(readFreshnessAttributes(dataset(freshnessAttributes(facts))), facts);
  assert.deepEqual(readFreshnessAttributes(dataset(freshnessAttributes(handouts))), handouts);
  assert.equal(freshnessAttributes(handouts)['data-figure-years'], undefined, 'no figures, no attribute');
});

test('facts that are missing or malformed read as none, so the script adds nothing', () => {
  const good = dataset(freshnessAttributes(article([2025])));
  for (const broken of [{}, { ...good, freshness: 'page' }, { ...good, reviewed: 'October 17, 2025' }, { ...good, reviewed: undefined }, { ...good, reviewMonths: '0' }, { ...good, reviewMonths: 'twelve' }, { ...good, figureYears: '2025 soon' }]) {
    assert.equal(readFreshnessAttributes(broken), undefined, JSON.stringify(broken));
  }
});

// The day shown is the calendar day written, wherever the notice is made:
// zones on both sides of UTC, as far apart as they go.
for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
  test(`the notice shows the same day with TZ=${zone}`, () => {
    const script = `Promise.all([import('./build/lib/review-notice.ts'), import('./templates/messages/en.ts')]).then(([m, { en }]) => console.log(m.freshnessNotice({ subject: 'article', reviewed: '2025-10-17', maxAgeMonths: 12, figureYears: [] }, '2026-10-17', en)?.parts.map((part) => part.text).join('')))`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: zone }, cwd: PROJECT_ROOT, encoding: 'utf8' });
    assert.equal(output.trim(), 'This article may be out of date. It was last reviewed on October 17, 2025.');
  });
}
