/**
 * The link check finds a link's section as Chromium does: real footnotes of
 * the markdown stage, whose ids keep the label percent-encoded, and links to
 * sections written in every form, each followed in the browser and compared
 * with what the check says of it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteChecks, recordPage } from '../../build/check/index.ts';
import { processMarkdown } from '../../build/markdown/index.ts';
import type { PlannedPage } from '../../build/pages/index.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { TEST_TIMEOUT } from './support.ts';
import { markdownWords } from '../../templates/messages/index.ts';

const PAGE_URL = '/insights/notes';
const LABELS = ['a"b', 'a<b', 'a>b', 'a%41b', '%41', 'a b', 'é"', 'x%zz'];
/** Links to sections, one a line, each found or not by the browser's own rules. */
const SECTION_LINKS = [
  '#user-content-fn-a%22b',
  '<#user-content-fn-a"b>',
  '#user-content-fn-a%2522b',
  '#user-content-fn-a%41b',
  '#user-content-fn-aab',
  '#user-content-fn-%C3%A9%22',
  '<#user-content-fn-é">',
  '#USER-CONTENT-FN-A%22B',
  '#user-content-fn-x%25zz',
  '#user-content-fn-x%zz',
  '#nowhere',
];
const BODY = [...LABELS.map((label, index) => `Note ${index}.[^${label}]`), ...SECTION_LINKS.map((url) => `[to](${url})`), '', ...LABELS.map((label) => `[^${label}]: The note ${label}.`)].join('\n');

test('every link to a section that Chromium finds, and no other, passes the link check', TEST_TIMEOUT, async () => {
  const rendered = processMarkdown(BODY, PAGE_URL, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
  assert.ok(!('tooDeep' in rendered));
  const html = `<!DOCTYPE html><html lang="en"><head><title>Notes</title></head><body>${rendered.html}</body></html>`;

  const render = () => Promise.resolve(html);
  const page: PlannedPage = { url: PAGE_URL, file: 'insights/notes/index.html', path: 'insights/notes/index.html', kind: 'page', key: 'notes', render, contents: render };
  const checks = new SiteChecks({ paths: [page.file], assets: [], siteUrl: 'https://test.example', prints: undefined });
  checks.setPage(page, recordPage(html, undefined), { file: 'notes.md', bodyStartLine: 1, key: 'notes', links: rendered.shownLinks });
  const found = await checks.findings([page], () => Promise.resolve(new Set()));
  assert.ok(found.every((problem) => problem.file === 'notes.md'), 'every problem is at a line of the markdown');
  const brokenByCheck = found.map((problem) => rendered.shownLinks.find((link) => link.line === problem.line)?.address);

  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.route('http://site.test/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await tab.goto(`http://site.test${PAGE_URL}`);
    const brokenInBrowser = await tab.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].flatMap((link) => {
        link.click();
        return document.querySelector(':target') === null ? [link.getAttribute('href')] : [];
      }),
    );
    assert.ok(brokenInBrowser.length > 0 && brokenInBrowser.length < SECTION_LINKS.length, `Chromium finds some sections and not others: ${brokenInBrowser.join(' ')}`);
    assert.deepEqual(brokenByCheck, brokenInBrowser);
  } finally {
    await browser.close();
  }
});
