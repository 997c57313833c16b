/**
 * When no browser can start, the browser tests stop at once with one line
 * that says what to do, rather than hang or print a stack of Playwright's.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { launchChromium } from '../helpers/chromium.ts';

const chromePath = process.env.CHROME_PATH;
afterEach(() => {
  if (chromePath === undefined) delete process.env.CHROME_PATH;
  else process.env.CHROME_PATH = chromePath;
});

const ONE_LINE_WITH_THE_FIX = (error: unknown) => {
  assert.ok(error instanceof Error);
  assert.doesNotMatch(error.message, /\n/, 'one line');
  assert.match(error.message, /^No browser could start \(.+\)\. Run "npm ci", .* or set CHROME_PATH /);
  return true;
};

test('a CHROME_PATH that does not exist fails at once with one line naming it and the fix', async () => {
  process.env.CHROME_PATH = '/nowhere/chromium';
  const started = performance.now();
  await assert.rejects(launchChromium(), (error) => ONE_LINE_WITH_THE_FIX(error) && /\/nowhere\/chromium/.test((error as Error).message));
  assert.ok(performance.now() - started < 5000);
});

test('a binary that is not a browser fails within seconds with the same one line', async () => {
  process.env.CHROME_PATH = '/bin/false';
  await assert.rejects(launchChromium(), ONE_LINE_WITH_THE_FIX);
});

test('the pinned Chromium of the npm package starts when CHROME_PATH is not set', async () => {
  delete process.env.CHROME_PATH;
  const browser = await launchChromium();
  try {
    assert.match(browser.version(), /^\d+\./);
  } finally {
    await browser.close();
  }
});
