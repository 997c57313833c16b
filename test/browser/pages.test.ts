/**
 * Every route of the sample site in Chromium: status, no console or page
 * errors, no request leaving 127.0.0.1. Also the alias redirects, and the
 * article not-found view on a host that has only one error page. Each page's
 * axe-core check and screenshot, at three widths, are in pages-*.test.ts.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../build/lib/languages.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { siteOfFile } from './browser.ts';
import { axeViolations, isOwn404Message, recordProblems, siteRoutes, TEST_TIMEOUT } from './support.ts';

const site = siteOfFile();

for (const language of LANGUAGES) {
  test(`every route in ${language} answers with its status, logs no error and requests nothing outside 127.0.0.1`, TEST_TIMEOUT, async (t) => {
    for (const route of siteRoutes(site().build, language)) {
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
