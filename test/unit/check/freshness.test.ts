/**
 * The build's warnings about what may be out of date: an article's review
 * older than the site allows, and a quoted figure whose year is over, each
 * at the line where it is fixed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freshnessWarnings } from '../../../build/check/index.ts';
import type { CalendarDay } from '../../../build/lib/calendar-day.ts';
import type { ArticleWithBody } from '../../../build/model/index.ts';
import { articleOf } from '../../helpers/model.ts';
import { article, buildFrom, SITE_MD, SPANISH_FILES } from '../../helpers/sites.ts';

/** An article reviewed on 2025-10-17 (line 4) whose body quotes figures of these years, the first on line 9, each next one a line further. */
function quoting(...years: number[]): ArticleWithBody {
  const article = articleOf('---\ntitle: "A title"\ndate: 2025-10-01\nlastReviewed: 2025-10-17\nsummary: "A summary."\n---\n\nA body.\n', 'content/insights/a.md');
  const figures = years.map((year, index) => ({ name: `f${index}`, value: '$1', year, line: 9 + index }));
  return { ...article, wordCount: 2, readingMinutes: 1, figures, allSources: [] };
}

const warned = (article: ArticleWithBody, months: number, today: CalendarDay) => freshnessWarnings([article], months, today).map((warning) => [warning.ruleId, warning.line]);

test('a review is old from the day it is as old as the site allows, and the warning points at lastReviewed', () => {
  assert.deepEqual(warned(quoting(), 12, '2026-10-16'), []);
  assert.deepEqual(warned(quoting(), 12, '2026-10-17'), [['stale-review', 4]]);
  assert.deepEqual(warned(quoting(), 24, '2026-10-17'), []);
});

test('a quoted figure is over once its year is, not before, and the warning names each such figure at the first one', () => {
  // A review good for ten years, so that only the figures are in question.
  assert.deepEqual(warned(quoting(2026), 120, '2026-12-31'), []);
  assert.deepEqual(warned(quoting(2026), 120, '2027-01-01'), [['figure-year-over', 9]]);
  const over = freshnessWarnings([quoting(2025, 2026, 2024)], 120, '2026-01-01');
  assert.deepEqual(over.map((warning) => [warning.ruleId, warning.line]), [['figure-year-over', 9]]);
  assert.match(over[0]?.message ?? '', /f0 \(\$1, 2025\), f2 \(\$1, 2024\)\.$/);
  assert.deepEqual(warned(quoting(), 120, '2030-01-01'), [], 'an article that quotes none');
});

test('a date or a review day still to come is a warning at its own line; a review day equal to a later date is told once, at the date', () => {
  assert.deepEqual(warned(quoting(), 12, '2025-10-17'), []);
  assert.deepEqual(warned(quoting(), 12, '2025-10-16'), [['future-date', 4]]);
  assert.deepEqual(warned(quoting(), 12, '2025-09-30'), [['future-date', 3], ['future-date', 4]]);
  const [warning] = freshnessWarnings([quoting()], 12, '2025-10-16');
  assert.equal(warning?.message, "'lastReviewed:' is 2025-10-17, a day still to come: the build ran on 2025-10-16.");
  const undated = articleOf('---\ntitle: "A title"\ndate: 2025-10-01\nsummary: "A summary."\n---\n\nA body.\n', 'content/insights/b.md');
  assert.deepEqual(warned({ ...undated, wordCount: 2, readingMinutes: 1, figures: [], allSources: [] }, 12, '2025-09-30'), [['future-date', 3]]);
});

test('a Spanish article reviewed long ago gets the freshness warning at its lastReviewed line, and its page says so to the reader', async () => {
  const build = await buildFrom({
    ...SPANISH_FILES,
    'content/site.md': SITE_MD.replace('reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 12'),
    'content/insights/a.md': article({ title: 'A', date: '2025-01-01', lastReviewed: '2026-01-02' }),
    'content/insights/a.es.md': article({ title: 'A en español', date: '2024-01-01', lastReviewed: '2024-06-01' }),
  }, { today: '2026-01-02' });
  const stale = build.warnings.filter((warning) => warning.ruleId === 'stale-review');
  assert.deepEqual(stale.map((warning) => [warning.file.split('/').pop(), warning.line]), [['a.es.md', 4]]);
  assert.equal(stale[0]?.message, 'This article was last reviewed on 2024-06-01, more than 12 months ago.');
});
