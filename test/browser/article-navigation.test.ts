/**
 * Moving between articles in Chromium, one spec clause per test (spec §2
 * Article; DECISIONS.md "Behaviour in the browser"): the scroll position
 * after a path change, and the previous/next links.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../build/lib/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { articlesIn, DESKTOP, middleArticle, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** Whether the header has shrunk, as it does once the page is scrolled. */
const isShrunk = (page: Page) => page.locator('[data-site-header]').evaluate((header) => header.classList.contains('is-shrunk'));


test('path change: following "Next" from the bottom of a scrolled article opens the next article at the top', TEST_TIMEOUT, async () => {
  const [first, second] = articlesIn(site());
  assert.ok(first && second, 'at least two articles');
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}${first.url}`);
    const bottomNext = page.getByRole('navigation', { name: messagesFor(first.language).article.neighboursBelow }).locator('a[rel="next"]');
    await bottomNext.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 1000, `scrolled down to the bottom links (scrollY ${scrolled})`);
    await bottomNext.click();
    await page.waitForURL(`${site().url}${second.url}`, { timeout: 5000 });
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(await isShrunk(page), false, 'header not shrunk on the new page');
  });
});

for (const language of LANGUAGES) {
  test(`prev/next in ${language}: none "Previous" on the newest, none "Next" on the oldest; neighbours in the same language, their titles on hover`, TEST_TIMEOUT, async () => {
    const articles = articlesIn(site(), language);
    const words = messagesFor(language).article;
    assert.ok(articles.length > 1, 'more than one article');
    await withPage(site(), DESKTOP, async (page) => {
      for (const [index, article] of articles.entries()) {
        await page.goto(`${site().url}${article.url}`);
        const previous = page.locator('main a[rel="prev"]');
        const next = page.locator('main a[rel="next"]');
        const newer = articles[index - 1];
        const older = articles[index + 1];
        assert.equal(await previous.count(), newer ? 2 : 0, `Previous links (top and bottom) on ${article.url}`);
        assert.equal(await next.count(), older ? 2 : 0, `Next links (top and bottom) on ${article.url}`);
        for (const link of await previous.all()) {
          assert.equal(await link.getAttribute('title'), newer!.title);
          assert.equal(await link.getAttribute('href'), newer!.url);
          assert.ok((await link.innerText()).includes(words.previous), `"${words.previous}" on ${article.url}`);
        }
        for (const link of await next.all()) {
          assert.equal(await link.getAttribute('title'), older!.title);
          assert.equal(await link.getAttribute('href'), older!.url);
          assert.ok((await link.innerText()).includes(words.next), `"${words.next}" on ${article.url}`);
        }
      }
    });
  });
}

test('prev/next: "Previous" goes to the newer neighbour, "Next" to the older (by date)', TEST_TIMEOUT, async () => {
  const articles = articlesIn(site());
  const middle = middleArticle(site());
  await withPage(site(), DESKTOP, async (page) => {
    const dateShown = async () => (await page.locator('main article time').first().getAttribute('datetime')) ?? '';
    await page.goto(`${site().url}${middle.url}`);
    const here = await dateShown();
    await page.locator('main a[rel="prev"]').first().click();
    await page.waitForURL(`${site().url}${articles[0]!.url}`, { timeout: 5000 });
    const previousDate = await dateShown();
    assert.ok(previousDate > here, `Previous (${previousDate}) is newer than ${here}`);

    await page.goto(`${site().url}${middle.url}`);
    await page.locator('main a[rel="next"]').first().click();
    await page.waitForURL(`${site().url}${articles[2]!.url}`, { timeout: 5000 });
    const nextDate = await dateShown();
    assert.ok(nextDate < here, `Next (${nextDate}) is older than ${here}`);
  });
});
