/**
 * Every route of the sample site in Chromium: status, no console or page
 * errors, no request leaving 127.0.0.1, zero axe-core violations at desktop
 * and phone widths, and a full-page screenshot of each for human review
 * (test-results/screenshots/). Also the alias redirects, and the article
 * not-found view on a host that has only one error page.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { siteOfFile } from './browser.ts';
import { axeViolations, isOwn404Message, recordProblems, siteRoutes, TEST_TIMEOUT } from './support.ts';

const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-results', 'screenshots');
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

const site = siteOfFile();
await mkdir(SCREENSHOT_DIR, { recursive: true });

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

test('every route answers with its status, logs no error and requests nothing outside 127.0.0.1', TEST_TIMEOUT, async (t) => {
  for (const route of siteRoutes(site().build)) {
    await t.test(route.name, async () => {
      const context = await site().browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const problems = recordProblems(page);
        const url = `${site().url}${route.path}`;
        const response = await page.goto(url, { waitUntil: 'networkidle' });
        assert.equal(response?.status(), route.status, `status of ${route.path}`);
        if (route.kind === 'alias') await page.waitForURL(`${site().url}${route.canonical ?? ''}`, { timeout: 5000 });
        // A missing favicon is a classic console 404 in a desktop browser; the headless shell never asks for one, so the page's own icon links are fetched.
        const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
        assert.equal(icons.length, 2, 'the favicon and its ICO');
        for (const icon of icons) assert.equal((await page.request.get(icon)).status(), 200, `the icon ${icon} loads`);
        const heading = await page.locator('main h1').first().textContent();
        assert.equal(heading?.trim(), route.heading, `main heading of ${route.path}`);

        let errors = problems.consoleErrors;
        if (route.status === 404) {
          // The 404 document itself makes Chromium log one "Failed to load resource" line: that one only is expected.
          const own = errors.findIndex((message) => isOwn404Message(message, url));
          errors = errors.filter((_, index) => index !== own);
        }
        assert.deepEqual(errors, [], `console errors on ${route.path}`);
        assert.deepEqual(problems.pageErrors, [], `page errors on ${route.path}`);
        assert.deepEqual(problems.foreignRequests, [], `requests outside 127.0.0.1 from ${route.path}`);
        assert.ok(problems.requests.length > 1, 'the page loaded its assets');
      } finally {
        await context.close();
      }
    });
  }
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height}: zero axe-core violations and a full-page screenshot of every page`, TEST_TIMEOUT, async (t) => {
    const context = await site().browser.newContext({ viewport, reducedMotion: 'reduce' });
    try {
      for (const route of siteRoutes(site().build)) {
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

test('each file-name alias ends on its article’s canonical URL (meta refresh, JavaScript on)', TEST_TIMEOUT, async (t) => {
  assert.ok(site().build.model.aliases.length > 0, 'the site has aliases');
  for (const alias of site().build.model.aliases) {
    await t.test(alias.url, async () => {
      const context = await site().browser.newContext({ reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const response = await page.goto(`${site().url}${alias.url}`);
        assert.equal(response?.status(), 200);
        await page.waitForURL(`${site().url}${alias.article.url}`, { timeout: 5000 });
        assert.equal(new URL(page.url()).pathname, alias.article.url);
        assert.equal((await page.locator('main h1').textContent())?.trim(), alias.article.title);
      } finally {
        await context.close();
      }
    });
  }
});

/** Checks the spec's article-not-found view (spec §2 Article, §8) on the page open at /insights/nope. */
async function assertArticleNotFoundView(page: Page, origin: string): Promise<void> {
  // The single error document says "Page not found" until the script swaps the view: waiting proves the swap.
  await page.locator('main h1', { hasText: 'Article not found' }).waitFor({ timeout: 5000 });
  assert.equal(await page.locator('main h1').count(), 1);
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Article not found');
  assert.ok(await page.getByText('The requested article could not be located.', { exact: true }).isVisible());
  const back = page.getByRole('link', { name: '← Back to Insights', exact: true });
  assert.equal(await back.count(), 1);
  assert.equal(await back.getAttribute('href'), '/insights');
  assert.equal(await page.getByText('Page not found').count(), 0, 'the generic view is gone');
  assert.match(await page.title(), /^Article not found/);
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `axe-core violations on the swapped view:\n${violations.join('\n')}`);
  await back.click();
  await page.waitForURL(`${origin}/insights`);
}

/** Checks the general not-found view with its link home, on the page open at /insights/nope. */
async function assertPageNotFoundView(page: Page): Promise<void> {
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Page not found');
  assert.equal(await page.getByText('Article not found').count(), 0, 'no article view');
  const home = page.locator('main a[href="/"]');
  assert.equal(await home.count(), 1);
  assert.ok(await home.isVisible(), 'the home link is visible');
}

test('a host with a single error page (every unknown path gets /404.html): /insights/nope shows the article view with JavaScript, the page view without', TEST_TIMEOUT, async (t) => {
  // Like the S3 website endpoint with ErrorDocument 404.html: all files of out/ are there, one error document.
  const server = await serveDirectory(site().outDir, 'single');
  try {
    await t.test('the host answers /insights/nope with the root 404.html', async () => {
      const response = await fetch(`${server.url}/insights/nope`);
      assert.equal(response.status, 404);
      assert.match(await response.text(), /<h1>Page not found<\/h1>/);
    });

    await t.test('with JavaScript: "Article not found" and a way back to /insights', async () => {
      const context = await site().browser.newContext({ reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const problems = recordProblems(page);
        const url = `${server.url}/insights/nope`;
        const response = await page.goto(url);
        assert.equal(response?.status(), 404);
        await assertArticleNotFoundView(page, server.url);
        assert.deepEqual(problems.pageErrors, []);
        assert.deepEqual(problems.consoleErrors.filter((message) => !isOwn404Message(message, url)), [], 'no console error but the document’s own 404');
        assert.deepEqual(problems.foreignRequests, []);
      } finally {
        await context.close();
      }
    });

    await t.test('without JavaScript: "Page not found" with a link home', async () => {
      const context = await site().browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const response = await page.goto(`${server.url}/insights/nope`);
        assert.equal(response?.status(), 404);
        await assertPageNotFoundView(page);
      } finally {
        await context.close();
      }
    });
  } finally {
    await server.close();
  }
});

test('a copy of out/ without insights/404.html: /insights/nope falls back to "Page not found" with a link home, with or without JavaScript', TEST_TIMEOUT, async (t) => {
  // The brief's recipe. The widget script now fetches the view from /insights/404.html (templates/client/widgets.ts),
  // so with that file gone the general page must stay, intact and without errors.
  const dir = await mkdtemp(path.join(tmpdir(), 'site-one-404-'));
  const root = path.join(dir, 'out');
  await cp(site().outDir, root, { recursive: true });
  await rm(path.join(root, 'insights', '404.html'));
  const server = await serveDirectory(root);
  try {
    for (const javaScriptEnabled of [true, false]) {
      await t.test(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        const context = await site().browser.newContext({ javaScriptEnabled, reducedMotion: 'reduce' });
        try {
          const page = await context.newPage();
          const problems = recordProblems(page);
          const response = await page.goto(`${server.url}/insights/nope`);
          assert.equal(response?.status(), 404);
          if (javaScriptEnabled) {
            // Whatever the script fetches to swap the view, let it finish before judging what stays.
            await page.waitForLoadState('networkidle');
          }
          await assertPageNotFoundView(page);
          assert.equal(await page.locator('main a[href="/insights"]').count(), 1, 'a link to the Insights list');
          assert.deepEqual(problems.pageErrors, []);
        } finally {
          await context.close();
        }
      });
    }
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
