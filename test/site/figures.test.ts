/** Year-bound figures in a built site: quoted in articles, dated, sourced, and checked. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContentErrors } from '../../build/diagnostics/index.ts';
import { FIGURES_YAML } from '../helpers/figures.ts';
import { article, assertContains, buildFrom, pageAt, SITE_MD } from '../helpers/sites.ts';

test('an article says which year its figures are for, and lists their sources after its own', async () => {
  const build = await buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'Caps', date: '2025-10-01' }, 'It was {{oldCap}}, now {{capA}}.') }, { today: '2026-03-01' });
  assertContains(pageAt(build, '/insights/caps'), [
    '<p>It was $2,000, now $2,100.</p>',
    '<span>Medicare figures quoted here are for 2025 and 2026.</span>',
    '<li><a href="https://www.cms.gov/">CMS</a></li><li><a href="https://www.medicare.gov/">Medicare.gov</a></li>',
    '!{{',
  ]);
  assert.deepEqual(build.warnings.map((warning) => warning.ruleId), ['figure-year-over'], 'the 2025 figure is over in 2026');
  assert.match(build.warnings[0]?.message ?? '', /oldCap \(\$2,000, 2025\)/);
});

test('an article whose review is as old as the site allows is warned about, at its lastReviewed line, else its date line', async () => {
  const files = {
    'content/insights/a.md': article({ title: 'Old', date: '2024-01-01', lastReviewed: '2025-01-01' }),
    'content/insights/b.md': article({ title: 'Never reviewed', date: '2025-01-01' }),
  };
  const site = SITE_MD.replace('reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 12');
  const current = await buildFrom({ ...files, 'content/site.md': site }, { today: '2025-12-31' });
  assert.deepEqual(current.warnings, []);
  const stale = await buildFrom({ ...files, 'content/site.md': site }, { today: '2026-01-01' });
  const found = stale.warnings.map((warning) => [warning.ruleId, warning.file.replace(/.*content\//, ''), warning.line]).sort();
  assert.deepEqual(found, [['stale-review', 'insights/a.md', 4], ['stale-review', 'insights/b.md', 3]]);
  assert.match(stale.warnings.find((warning) => warning.file.endsWith('a.md'))?.message ?? '', /last reviewed on 2025-01-01, more than 12 months ago/);
});

test('a figure whose year is over is warned about at the line that first quotes it', async () => {
  const body = 'Now {{capA}}.\n\nIt was {{oldCap}}.\n\nStill {{oldCap}}.';
  const build = await buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'Caps', date: '2025-10-01' }, body) }, { today: '2026-03-01' });
  assert.deepEqual(build.warnings.map((warning) => [warning.ruleId, warning.line]), [['figure-year-over', 8]], 'the body starts on line 6; oldCap is first quoted two paragraphs down');
});

test('quoting a figure that does not exist is an error at its line, naming the figures there are', async () => {
  await assert.rejects(buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'A' }, 'Intro.\n\nThe cap is {{capB}}.') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.map((d) => [d.ruleId, d.line]), [['unknown-figure', 7]]);
    assert.match(error.diagnostics[0]?.hint ?? '', /capA, oldCap/);
    return true;
  });
});

test('a misspelt figure in a paragraph is told at its own line, not the paragraph\'s first', async () => {
  const body = 'Intro.\n\nThe cap is\n{{capB}} and insulin\ncosts {{ insulinMonthly }} a month.';
  await assert.rejects(buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'A' }, body) }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(
      error.diagnostics.map((d) => [d.ruleId, d.line, d.message]),
      [
        ['unknown-figure', 8, 'There is no figure called {{capB}}.'],
        ['unknown-figure', 9, 'There is no figure called {{insulinMonthly}}.'],
      ],
    );
    return true;
  });
});

test('quoting a figure when the figures file is gone says the file holds none and to restore it', async () => {
  await assert.rejects(buildFrom({ 'content/insights/a.md': article({ title: 'A' }, 'The cap is {{capA}}.') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.map((d) => d.ruleId), ['unknown-figure']);
    assert.match(error.diagnostics[0]?.hint ?? '', /medicare-figures\.yaml, which holds no figures: if that file was deleted, restore it/);
    return true;
  });
});

test("an image's text alternative quotes figures as the text does, and a misspelt one there is an error at its line", async () => {
  const body = 'Intro.\n\n![A chart of the {{capA}} cap](/images/physician.svg)';
  const build = await buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'Chart', date: '2026-01-01' }, body) }, { today: '2026-03-01' });
  assertContains(pageAt(build, '/insights/chart'), ['alt="A chart of the $2,100 cap"', '<span>Medicare figures quoted here are for 2026.</span>', '!{{']);
  await assert.rejects(buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'Chart' }, body.replace('capA', 'capB')) }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.map((d) => [d.ruleId, d.line]), [['unknown-figure', 7]]);
    return true;
  });
});

test('a figure quoted in the front matter, where it would show with its braces, is an error at its field', async () => {
  const fields = { title: 'The Cap Is {{capA}}', summary: 'Now {{ capA }}.', date: '2026-01-01', author: 'Dr. Writer' };
  await assert.rejects(buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article(fields, 'The cap is {{capA}}.') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.map((d) => [d.ruleId, d.line]), [['figure-outside-text', 2], ['figure-outside-text', 3]]);
    assert.equal(error.diagnostics[0]?.message, "'title' quotes {{capA}}, but figures are filled in only in an article's text, so readers would see the braces.");
    return true;
  });
});
