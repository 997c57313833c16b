/**
 * What a body says that its translation must say too (the document's
 * `parity`): the numbers of the text a reader reads, its links' targets and
 * its figures by name, each at its line and in its text block; not an
 * ordered list's numbers, code, images, footnote labels or a figure's value.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { processMarkdown } from '../../../build/markdown/process.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

const SETTINGS = { words: markdownWords(), figures: new Map([['capA', '$2,100']]), imageSizes: new Map() };

/** What a body says, as `line:block kind value (written)`, and the line each of its text blocks starts on. */
function said(body: string, pageUrl = '/insights/a') {
  const document = processMarkdown(body, pageUrl, SETTINGS);
  assert.ok(!('tooDeep' in document));
  const { mentions, blockLines, headings } = document.parity;
  return { mentions: mentions.map(({ line, block, kind, value, written }) => `${line}:${block} ${kind} ${value} (${written})`), blockLines, headings };
}

test('the numbers of the text are read at their lines, in their text blocks; an ordered list, code and images are not', () => {
  const body = ['## The key numbers for 2026', '', '1. First, pay $615.', '2. Then 25%', '   of the cost.', '', 'Run `npm 2.0` and see:', '', '```', 'cap = 2100', '```', '', '![Chart of 2024 costs](/images/chart.png)'].join('\n');
  assert.deepEqual(said(body), {
    mentions: ['1:0 number 2026 (2026)', '3:1 amount 615 ($615)', '4:2 percent 25 (25%)'],
    blockLines: [1, 3, 4, 7, 13],
    headings: [0],
  });
});

test('a footnote is read as text, its label is not; a table cell is a block of its own', () => {
  const body = ['Costs rose.[^1]', '', '| Year | Cap |', '|---|---|', '| 2025 | $2,000 |', '', '[^1]: By 12% in 2024.'].join('\n');
  assert.deepEqual(said(body).mentions, ['5:3 number 2025 (2025)', '5:4 amount 2000 ($2,000)', '7:5 percent 12 (12%)', '7:5 number 2024 (2024)']);
});

test('a figure counts by its name, and its value is not read as a number the author wrote', () => {
  assert.deepEqual(said('The cap is {{capA}} in 2026,\nand {{ capA }} again.').mentions, ['1:0 figure capA ({{capA}})', '2:0 figure capA ({{ capA }})', '1:0 number 2026 (2026)']);
});

test("every link's target is read, as the page will carry it; an image's is not", () => {
  const body = ['Call [1-800-MEDICARE](tel:+18006334227), see [the list](../insights) and [Medicare][m],', 'or https://www.medicare.gov. ![x](/images/x.png)', '', '[m]: https://www.medicare.gov/plan-compare/'].join('\n');
  assert.deepEqual(said(body).mentions, [
    '1:0 phone 8006334227 (1-800-MEDICARE)',
    '1:0 link tel:+18006334227 (tel:+18006334227)',
    '1:0 link /insights (../insights)',
    '1:0 link https://www.medicare.gov/plan-compare/ (https://www.medicare.gov/plan-compare/)',
    '2:0 link https://www.medicare.gov (https://www.medicare.gov)',
  ]);
});

test("a Spanish page's numbers are read as Spanish writes them", () => {
  assert.deepEqual(said('El límite es de 2.100 $ y el 1,5 por ciento.', '/es/insights/a').mentions, ['1:0 amount 2100 (2.100 $)', '1:0 percent 1.5 (1,5 por ciento)']);
  assert.deepEqual(said('The limit is 2.100.', '/insights/a').mentions, ['1:0 number 2.1 (2.100)']);
});
