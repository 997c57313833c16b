import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContentErrors } from '../build/diagnostics.ts';
import { monthsBetween } from '../build/lib/calendar-day.ts';
import { renderMarkdown } from '../build/markdown/index.ts';
import { staleReview } from '../build/model/articles.ts';
import { expiredFigures, modelFigures } from '../build/model/figures.ts';
import { article, buildFrom, pageAt } from './helpers/sites.ts';

const FIGURES_YAML = `capA:
  value: "$2,100"
  year: 2026
  about: A cap
  source:
    title: Medicare.gov
    url: https://www.medicare.gov/
oldCap:
  value: "$2,000"
  year: 2025
  about: Last year's cap
  source:
    title: CMS
    url: https://www.cms.gov/
`;

test('a figure named in text is replaced by its value; code is left alone; unknown names are reported with their line', () => {
  const document = renderMarkdown('The cap is {{capA}} this year.\n\nNot {{ capA }} in `{{capA}}` code.\n\nAnd {{missing}} here.', '/insights/a', { figures: new Map([['capA', '$2,100']]), imageSizes: new Map() });
  assert.deepEqual(document.textBlocks, ['The cap is $2,100 this year.', 'Not $2,100 in {{capA}} code.', 'And {{missing}} here.']);
  assert.deepEqual(document.figuresUsed, ['capA']);
  assert.deepEqual(document.unknownFigures, [{ name: 'missing', line: 5 }]);
});

test('text without a figure token is left as written', () => {
  const document = renderMarkdown('Plain {text} and {{not a name}}.', '/insights/a', { figures: new Map([['a', '1']]), imageSizes: new Map() });
  assert.deepEqual([document.figuresUsed, document.unknownFigures, document.html], [[], [], '<p>Plain {text} and {{not a name}}.</p>']);
});

test('the figures file is read with each value, year, description and source', () => {
  const { figures, diagnostics } = modelFigures({ path: 'content/medicare-figures.yaml', text: FIGURES_YAML });
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(figures.get('capA'), { name: 'capA', value: '$2,100', year: 2026, about: 'A cap', source: { title: 'Medicare.gov', url: 'https://www.medicare.gov/' } });
  assert.deepEqual(modelFigures(undefined).figures.size, 0, 'a site may have no figures file');
});

test('a figure without a year, a value or a proper source is an error at its line', () => {
  const broken = 'noYear:\n  value: "$1"\n  source: { title: T, url: https://x.example/ }\nnoSource:\n  value: "$1"\n  year: 2026\nbad-name:\n  value: "$1"\n  year: 2026\n  source: { title: T, url: https://x.example/ }\n';
  const { diagnostics, figures } = modelFigures({ path: 'f.yaml', text: broken });
  assert.equal(figures.size, 0);
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line]),
    [
      ['invalid-figure', 1],
      ['invalid-figure', 4],
      ['invalid-figure', 7],
    ],
  );
});

// bug: an empty `value:` was read as the text "null", which articles then printed.
test('an empty value or source title is missing, not the word "null"', () => {
  const empty = 'capA:\n  value:\n  year: 2026\n  source: { title: T, url: https://x.example/ }\ncapB:\n  value: "$1"\n  year: 2026\n  source: { title: , url: https://x.example/ }\n';
  const { diagnostics, figures } = modelFigures({ path: 'f.yaml', text: empty });
  assert.equal(figures.size, 0);
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-figure', 1], ['invalid-figure', 5]]);
});

test('an article says which year its figures are for, and lists their sources after its own', async () => {
  const build = await buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'Caps', date: '2025-10-01' }, 'It was {{oldCap}}, now {{capA}}.') }, { today: '2026-03-01' });
  const html = pageAt(build, '/insights/caps');
  assert.ok(html.includes('<p>It was $2,000, now $2,100.</p>'));
  assert.ok(html.includes('<span>Medicare figures quoted here are for 2025 and 2026.</span>'));
  assert.ok(html.includes('<li><a href="https://www.cms.gov/">CMS</a></li><li><a href="https://www.medicare.gov/">Medicare.gov</a></li>'));
  assert.deepEqual(build.warnings.map((warning) => warning.ruleId), ['figure-year-over'], 'the 2025 figure is over in 2026');
  assert.match(build.warnings[0]?.message ?? '', /oldCap \(\$2,000, 2025\)/);
});

test('quoting a figure that does not exist is an error at its line, naming the figures there are', async () => {
  await assert.rejects(buildFrom({ 'content/medicare-figures.yaml': FIGURES_YAML, 'content/insights/a.md': article({ title: 'A' }, 'Intro.\n\nThe cap is {{capB}}.') }), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.map((d) => [d.ruleId, d.line]), [['unknown-figure', 7]]);
    assert.match(error.diagnostics[0]?.hint ?? '', /capA, oldCap/);
    return true;
  });
});

test('expired figures are warned per article, only once their year is over', () => {
  const quoting = (year: number) => ({ sourcePath: 'a.md', figures: [{ name: 'x', value: '$1', year }] }) as never;
  assert.equal(expiredFigures(quoting(2026), 2026), undefined);
  assert.equal(expiredFigures(quoting(2025), 2026)?.ruleId, 'figure-year-over');
});

const MONTHS: [string, string, number][] = [
  ['2025-10-17', '2025-10-17', 0],
  ['2025-10-17', '2026-10-16', 11],
  ['2025-10-17', '2026-10-17', 12],
  ['2025-01-31', '2025-02-28', 0],
  ['2024-02-29', '2025-02-28', 11],
  ['2020-06-15', '2026-06-15', 72],
];

for (const [from, to, months] of MONTHS) {
  test(`${months} whole months from ${from} to ${to}`, () => {
    assert.equal(monthsBetween(from as never, to as never), months);
  });
}

test('a review is stale from the day it is as old as the site allows', () => {
  const reviewed = { sourcePath: 'a.md', lastReviewed: '2025-10-17' } as never;
  assert.equal(staleReview(reviewed, 12, '2026-10-16'), undefined);
  assert.equal(staleReview(reviewed, 12, '2026-10-17')?.ruleId, 'stale-review');
  assert.equal(staleReview(reviewed, 24, '2026-10-17'), undefined);
});
