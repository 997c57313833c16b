/**
 * Pages as a reader has set the browser, in Chromium, on the site of
 * reflow-site.ts: the text at 20 or 32 px, the wider text spacing WCAG asks
 * to allow (1.4.12), a high-contrast mode. Nothing is pushed off the screen,
 * and the current section stays marked.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEST_TIMEOUT } from './support.ts';
import { pageWidth, reflowSiteOfFile } from './reflow-site.ts';

const open = reflowSiteOfFile();

test('with the browser’s text at 32 px on a 390 px phone, the office’s phone number, the practice’s facts, the home page’s topics and the section list stay on the screen', TEST_TIMEOUT, async () => {
  // The home page draws two topics at random on each visit: several visits meet the long words among them.
  for (const route of ['/', '/', '/', '/', '/', '/', '/about', '/education', '/es', '/es', '/es', '/es/about', '/es/education']) {
    const page = await open(route, 390, { textSize: 32 });
    const topics = await page.locator('.teaser-topic a').allInnerTexts();
    assert.equal(await pageWidth(page), 390, `${route} ${topics.join(', ')}`);
    await page.context().close();
  }
});

test('with the browser’s text at 32 px on a 320 px phone, the footer’s phone number wraps between its groups, never at its hyphen, and stays on the screen', TEST_TIMEOUT, async () => {
  for (const route of ['/', '/es', '/es/about']) {
    const page = await open(route, 320, { textSize: 32 });
    const groups = await page.locator('.footer-contact a[href^="tel:"] .phone-group').evaluateAll((spans) => spans.map((span) => ({ lines: span.getClientRects().length, right: span.getBoundingClientRect().right })));
    assert.equal(groups.length, 2, route);
    for (const group of groups) assert.ok(group.lines === 1 && group.right <= 320, `${route}: ${JSON.stringify(groups)}`);
    await page.context().close();
  }
});

test('with the browser’s text at 32 px on a 320 px phone, every button of the home page wraps its words and stays on the screen, in each language', TEST_TIMEOUT, async () => {
  for (const route of ['/', '/es']) {
    const page = await open(route, 320, { textSize: 32 });
    // Each button's box, and its words' as laid out inside it: none may spill out of its box.
    const buttons = await page.locator('main .button').evaluateAll((links) =>
      links.map((link) => {
        const words = document.createRange();
        words.selectNodeContents(link);
        const box = link.getBoundingClientRect();
        return { text: (link as HTMLElement).innerText.replace(/\s+/g, ' '), left: box.left, right: box.right, wordsLeft: words.getBoundingClientRect().left, wordsRight: words.getBoundingClientRect().right };
      }),
    );
    assert.ok(buttons.length >= 2, route);
    for (const button of buttons) {
      assert.ok(button.left >= 0 && button.right <= 320, `${route}: "${button.text}" from ${button.left} to ${button.right}`);
      assert.ok(button.wordsLeft >= button.left && button.wordsRight <= button.right, `${route}: the words of "${button.text}" from ${button.wordsLeft} to ${button.wordsRight}, out of their button`);
    }
    assert.equal(await pageWidth(page), 320, route);
    await page.context().close();
  }
});

/** The insights page of each language: the Spanish tabs' words are the longer. */
const INSIGHTS = ['/insights', '/es/insights'];

test('with the browser’s text at 20 px, or the wider spacing WCAG asks to allow, every tab of the navigation is on the screen at 390 and 320 px, in each language', TEST_TIMEOUT, async () => {
  for (const route of INSIGHTS) {
    for (const [width, options] of [[390, { textSize: 20 }], [320, { textSize: 20 }], [390, { spacing: true }], [320, { spacing: true }]] as const) {
      const page = await open(route, width, options);
      const tabs = await page.locator('.site-nav a').evaluateAll((links) => links.map((link) => link.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
      assert.equal(tabs.length, 3);
      for (const tab of tabs) assert.ok(tab.left >= 0 && tab.right <= width, `${route}: a tab from ${tab.left} to ${tab.right} at ${width} px`);
      assert.equal(await pageWidth(page), width, route);
      await page.context().close();
    }
  }
});

test('in a high-contrast mode the current section’s tab is marked by a border, which that mode keeps, in each language', TEST_TIMEOUT, async () => {
  for (const route of INSIGHTS) {
    const page = await open(route, 1280, { forcedColors: true });
    const borders = await page.locator('.site-nav a').evaluateAll((links) => links.map((link) => [link.getAttribute('aria-current'), getComputedStyle(link).borderTopWidth]));
    assert.deepEqual(borders, [[null, '0px'], [null, '0px'], ['page', '2px']], route);
    await page.context().close();
  }
});
