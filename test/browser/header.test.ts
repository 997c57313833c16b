/**
 * The site's header as a reader meets it, measured in Chromium (issue "Ready
 * for patients"): on a phone it keeps to its row once scrolled, with and
 * without JavaScript, every navigation item in view as a 44×44 target, and
 * shows whole when the keyboard focuses inside it; on a desktop it is one
 * row. What else a reader meets as they move through a page is in
 * reader.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, type Language } from '../../build/lib/languages.ts';
import { modelInLanguage, siteLanguages } from '../../build/model/languages.ts';
import { NAV_ITEMS } from '../../templates/context.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, SMALL_PHONE, middleArticle, scrollAndSettle, scrollWithoutScript, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** Where the header may end once scrolled, by viewport width (the limits). */
const HEADER_LIMIT: Record<number, number> = { 390: 72, 320: 80 };

/** The pages the phone's header is checked on in one language, each with the names its tabs have there. */
function headerPages(language: Language): { path: string; navigation: string; tabs: string[] }[] {
  const article = modelInLanguage(site().build.model, language).articles[1];
  assert.ok(article, `an article in ${language}`);
  const tabs = NAV_ITEMS.map((item) => messagesFor(language).nav[item.name]);
  const { navigation } = messagesFor(language).header;
  return [addressIn(language, '/'), article.url, addressIn(language, '/education'), addressIn(language, '/about')].map((path) => ({ path, navigation, tabs }));
}

const headerBottom = (page: Page) => page.locator('[data-site-header]').evaluate((header) => header.getBoundingClientRect().bottom);

for (const javaScriptEnabled of [true, false]) {
  const scroll = javaScriptEnabled ? scrollAndSettle : scrollWithoutScript;
  for (const viewport of [PHONE, SMALL_PHONE]) {
    test(`header at ${viewport.width} px${javaScriptEnabled ? '' : ' without JavaScript'}, in each language: once scrolled it ends within ${HEADER_LIMIT[viewport.width]} px of the top, with every navigation item in view as a 44×44 target`, TEST_TIMEOUT, async () => {
      await withPage(site(),
        viewport,
        async (page) => {
          for (const { path, navigation, tabs } of siteLanguages(site().build.model).flatMap(headerPages)) {
            await page.goto(`${site().url}${path}`);
            await scroll(page, 1200);
            const bottom = await headerBottom(page);
            assert.ok(bottom > 0 && bottom <= HEADER_LIMIT[viewport.width]!, `${path}: header ends at ${bottom} px`);
            const items = await page.getByRole('navigation', { name: navigation, exact: true }).getByRole('link').evaluateAll((links) =>
              links.map((link) => {
                const box = link.getBoundingClientRect();
                const x = box.left + box.width / 2;
                const y = box.top + box.height / 2;
                return { name: link.textContent?.replace(/\s+/g, ' ').trim() ?? '', left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height, onTop: link.contains(document.elementFromPoint(x, y)) };
              }),
            );
            assert.deepEqual(
              items.map((item) => item.name),
              tabs,
            );
            for (const item of items) {
              assert.ok(item.width >= 44 && item.height >= 44, `${path}: ${item.name} is ${item.width}×${item.height}`);
              assert.ok(item.left >= 0 && item.right <= viewport.width && item.top >= 0 && item.bottom <= bottom + 0.5, `${path}: ${item.name} in view: ${JSON.stringify(item)}`);
              assert.ok(item.onTop, `${path}: nothing covers ${item.name}`);
            }
          }
          // A scrolled page's header still navigates.
          await page.goto(`${site().url}${middleArticle(site()).url}`);
          await scroll(page, 1200);
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Educational Resources' }).click();
          await page.waitForURL(`${site().url}/education`, { timeout: 5000 });
        },
        { javaScriptEnabled },
      );
    });
  }
}

test('header at 1280 px: one row, the brand and navigation in view once scrolled', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}${middleArticle(site()).url}`);
    await scrollAndSettle(page, 1200);
    const bottom = await headerBottom(page);
    assert.ok(bottom <= 96, `header ends at ${bottom} px`);
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(brand && brand.y >= 0 && brand.y + brand.height <= bottom, 'the brand is in view');
  });
});

test('header at 320 px: the physician’s name shows whole in each language, wrapped rather than cut', TEST_TIMEOUT, async () => {
  await withPage(site(), SMALL_PHONE, async (page) => {
    for (const language of siteLanguages(site().build.model)) {
      await page.goto(`${site().url}${addressIn(language, '/')}`);
      const name = await page.locator('.brand__name').evaluate((element) => ({ text: element.textContent, hidden: element.scrollHeight - element.clientHeight, width: element.getBoundingClientRect().width }));
      assert.equal(name.text, 'Dr. Alex Sample, MD', language);
      assert.ok(name.hidden <= 1 && name.width > 0, `${language}: nothing of the name is hidden: ${JSON.stringify(name)}`);
    }
  });
});

test('header on a phone: with keyboard focus inside it (the logo link), the whole header shows; a tap still follows the link', TEST_TIMEOUT, async () => {
  await withPage(site(), PHONE, async (page) => {
    await page.goto(`${site().url}${middleArticle(site()).url}`);
    await scrollAndSettle(page, 1200);
    // Tab from the page's start: the skip link, then the logo link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('brand')), true, 'the logo link has focus');
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(brand && brand.y >= 0, `the focused logo link is in view: ${JSON.stringify(brand)}`);
    // On to the navigation, which is in view anyway: the header slides back, and a click follows its link.
    await page.keyboard.press('Tab');
    assert.ok((await headerBottom(page)) <= HEADER_LIMIT[PHONE.width]!, 'the header is compact again');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(`${site().url}/insights`, { timeout: 5000 });
  });
});
