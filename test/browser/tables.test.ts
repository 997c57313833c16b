/**
 * Tables in articles, measured in Chromium: a grid on a desktop; on a phone,
 * where the grid would push the page sideways, each row a card with every
 * cell under its column's heading (issue "Ready for patients").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, SMALL_PHONE, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** An article whose body has a table. */
const articleWithTable = () => {
  const article = site().build.model.articles.find((candidate) => /^\|.*\|\s*$/m.test(candidate.body));
  assert.ok(article, 'an article with a table');
  return article;
};

/** The first table of a page: its headings, its first row's cells as laid out, and the page's width. */
function firstTable(page: Page) {
  return page.locator('.prose table').first().evaluate((element) => {
    const headings = [...element.querySelectorAll('thead th')].map((heading) => heading.textContent?.trim());
    const cells = [...element.querySelectorAll('tbody tr:first-child td')].map((cell) => ({
      label: getComputedStyle(cell, '::before').content,
      right: cell.getBoundingClientRect().right,
      top: cell.getBoundingClientRect().top,
    }));
    return { headings, cells, headingsShown: element.querySelector('thead')!.getBoundingClientRect().height > 1, pageWidth: document.documentElement.scrollWidth };
  });
}

for (const viewport of [DESKTOP, PHONE, SMALL_PHONE]) {
  const phone = viewport !== DESKTOP;
  test(`tables at ${viewport.width} px: ${phone ? 'each row a card within the screen, every cell under its column’s heading and the first cell as its title' : 'a grid, its heading row shown'}`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      await page.goto(`${site().url}${articleWithTable().url}`);
      const table = await firstTable(page);
      assert.ok(table.pageWidth <= viewport.width, `the page is ${table.pageWidth} px wide at ${viewport.width}`);
      const [first, ...rest] = table.cells;
      assert.ok(first && rest.length > 0, 'a row of two cells or more');
      if (phone) {
        assert.ok(!table.headingsShown, 'the heading row is left to screen readers');
        assert.equal(first.label, 'none', 'the first cell, the card’s title, has no heading over it');
        assert.deepEqual(rest.map((cell) => cell.label), table.headings.slice(1).map((heading) => JSON.stringify(heading)), 'each other cell under its column’s heading');
        assert.ok(rest.every((cell, index) => cell.top > (index === 0 ? first : rest[index - 1]!).top), 'the cells stacked');
        assert.ok([first, ...rest].every((cell) => cell.right <= viewport.width), 'within the screen');
      } else {
        assert.ok(table.headingsShown, 'the heading row shows');
        assert.ok(rest.every((cell) => cell.top === first.top), 'the cells of a row side by side');
      }
    });
  });
}
