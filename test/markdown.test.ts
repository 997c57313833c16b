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
import { renderToStaticMarkup } from 'react-dom/server';
import { parseMarkdown, renderMarkdown } from '../build/markdown/index.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/markdown/', import.meta.url));
const PAGE = '/insights/fixture';
/** Images the fixtures may show, with their sizes, as the build reads them from assets/. */
const IMAGES = new Map([['/images/logo.svg', { width: 64, height: 64 }]]);

for (const name of readdirSync(FIXTURES).sort()) {
  test(`markdown fixture: ${name}`, () => {
    const folder = path.join(FIXTURES, name);
    const actual = `${renderToStaticMarkup(renderMarkdown(parseMarkdown(readFileSync(path.join(folder, 'input.md'), 'utf8')), PAGE, IMAGES))}\n`;
    const expectedFile = path.join(folder, 'output.html');
    if (process.env.UPDATE === '1') writeFileSync(expectedFile, actual);
    assert.equal(actual, readFileSync(expectedFile, 'utf8'));
  });
}

test('rendering a document twice gives the same HTML (the parsed tree is not consumed)', () => {
  const document = parseMarkdown('Some <b>raw</b> text and a [link](javascript:x).\n\n![i](/i.png)');
  assert.equal(renderToStaticMarkup(renderMarkdown(document, PAGE)), renderToStaticMarkup(renderMarkdown(document, PAGE)));
});

test('link positions are lines of the body, for messages', () => {
  const document = parseMarkdown('First line.\n\nSee [a](/a) and\n[b](/b).');
  assert.deepEqual(document.links, [
    { url: '/a', line: 3 },
    { url: '/b', line: 4 },
  ]);
});
