/**
 * Markdown fixtures: each folder of test/fixtures/markdown holds input.md and
 * the HTML fragment it must render to. `UPDATE=1 npm test` rewrites the
 * expected files from the current output; review the diff before committing.
 * Each fixture is rendered as the article at /insights/fixture.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../build/markdown/index.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/markdown/', import.meta.url));
const PAGE = '/insights/fixture';
/** Images the fixtures may show, with their sizes, as the build reads them from assets/. */
const IMAGES = new Map([
  ['/images/logo.svg', { width: 64, height: 64 }],
  ['/images/knee.png', { width: 1000, height: 750 }],
  ['/images/steps.gif', { width: 400, height: 300 }],
]);

for (const name of readdirSync(FIXTURES).sort()) {
  test(`markdown fixture: ${name}`, () => {
    const folder = path.join(FIXTURES, name);
    const actual = `${renderMarkdown(readFileSync(path.join(folder, 'input.md'), 'utf8'), PAGE, { figures: new Map(), imageSizes: IMAGES }).html}\n`;
    const expectedFile = path.join(folder, 'output.html');
    if (process.env.UPDATE === '1') writeFileSync(expectedFile, actual);
    assert.equal(actual, readFileSync(expectedFile, 'utf8'));
  });
}

test('a processed document is plain data: it survives the JSON of the build cache unchanged', () => {
  const document = renderMarkdown('# Title\n\nSome <b>raw</b> text, a [link](javascript:x) and [[1]](#n).\n\n![i](/i.png)\n\n| a |\n|---|\n| b |', PAGE, { figures: new Map(), imageSizes: IMAGES });
  assert.deepEqual(JSON.parse(JSON.stringify(document)), document);
});

test('link positions are lines of the body, for messages', () => {
  const document = renderMarkdown('First line.\n\nSee [a](/a) and\n[b](/b).', PAGE);
  assert.deepEqual(document.links, [
    { url: '/a', line: 3 },
    { url: '/b', line: 4 },
  ]);
});
