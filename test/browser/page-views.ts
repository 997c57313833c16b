/**
 * Every page of the sample site, in each of its languages, as a reader sees
 * it at one viewport: a full-page screenshot for a person to look at
 * (test-results/screenshots/),
 * nothing wider than the viewport, and zero axe-core violations. Each
 * viewport has a file of its own (pages-*.test.ts), so that the test runner
 * spreads them over the cores.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../helpers/sites.ts';
import type { BrowserSite } from './browser.ts';
import { LANGUAGES } from '../../build/lib/languages.ts';
import { axeViolations, siteRoutes, TEST_TIMEOUT } from './support.ts';

const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-results', 'screenshots');

/** Width and height of a PNG file, from its IHDR chunk. */
async function pngSize(file: string): Promise<{ width: number; height: number }> {
  const bytes = await readFile(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Opens an alias page without following its meta refresh, so that the page a
 * browser with refresh turned off would show can be checked: the document is
 * fetched as served and only the refresh tag is removed.
 */
async function openAliasWithoutRefresh(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const stripped = html.replace(/<meta http-equiv="refresh"[^>]*>/i, '');
    assert.notEqual(stripped, html, 'the alias page has a meta refresh to remove');
    await route.fulfill({ response, body: stripped });
  });
  await page.goto(url);
}

/** The test of every page at one viewport, a test a language (each in its own time), for the file that calls it. */
export function testEveryPageAt(site: () => BrowserSite, viewport: { width: number; height: number }): void {
  before(() => mkdir(SCREENSHOT_DIR, { recursive: true }));
  for (const language of LANGUAGES) testEveryPageIn(site, { viewport, language });
}

function testEveryPageIn(site: () => BrowserSite, { viewport, language }: { viewport: { width: number; height: number }; language: (typeof LANGUAGES)[number] }): void {
  test(`at ${viewport.width}×${viewport.height}, in ${language}: zero axe-core violations and a full-page screenshot of every page`, TEST_TIMEOUT, async (t) => {
    const context = await site().browser.newContext({ viewport, reducedMotion: 'reduce' });
    try {
      for (const route of siteRoutes(site().build, language)) {
        const page = await context.newPage();
        const url = `${site().url}${route.path}`;
        if (route.kind === 'alias') await openAliasWithoutRefresh(page, url);
        else await page.goto(url);
        // The script has run (deferred scripts run before DOMContentLoaded, the year is set by it).
        await page.waitForLoadState('load');

        await t.test(`${route.name}: screenshot`, async () => {
          const file = path.join(SCREENSHOT_DIR, `${route.name}-${viewport.width}.png`);
          await rm(file, { force: true });
          await page.screenshot({ path: file, fullPage: true });
          const { size } = await stat(file);
          assert.ok(size > 15_000, `${file} is only ${size} bytes`);
          const png = await pngSize(file);
          assert.equal(png.width, viewport.width, `screenshot width of ${route.name}`);
          assert.ok(png.height >= viewport.height, `full-page screenshot of ${route.name} is ${png.height} px tall`);
          // Nothing sticks out sideways: a page wider than the viewport scrolls horizontally on phones.
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(scrollWidth <= viewport.width, `${route.name} is ${scrollWidth} px wide at ${viewport.width}`);
        });

        await t.test(`${route.name}: axe-core`, async () => {
          const violations = await axeViolations(page);
          assert.equal(violations.length, 0, `axe-core violations on ${route.path} at ${viewport.width} px:\n${violations.join('\n')}`);
        });
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
}
