/**
 * Pages that reflow, in Chromium, with content a physician really writes: a
 * drug's or a procedure's long name in a title, a wide table of plans, a
 * longer name of the physician, a checklist with lists inside and a footnote.
 * Nothing pushes the page sideways or off the screen. The browser's text size,
 * spacing and high-contrast mode are in reader-settings.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, TEST_TIMEOUT } from './support.ts';
import { CHECKLIST, LONG_TITLE, pageWidth, reflowSiteOfFile, WIDE_TABLE } from './reflow-site.ts';

const open = reflowSiteOfFile();

test('a long word in a title or a summary breaks at the screen’s edge at 320 and 390 px: no page is wider than the screen', TEST_TIMEOUT, async () => {
  for (const width of [320, 390]) {
    for (const route of ['/', '/insights', LONG_TITLE, '/about']) {
      const page = await open(route, width);
      assert.equal(await pageWidth(page), width, `${route} at ${width} px`);
      await page.context().close();
    }
  }
});

test('a table wider than the text column scrolls in its own box; the page does not', TEST_TIMEOUT, async () => {
  for (const width of [640, 800, 1280]) {
    const page = await open(WIDE_TABLE, width);
    assert.equal(await pageWidth(page), width, `the page at ${width} px`);
    const scrolls = await page.locator('.table-scroll').evaluate((element) => element.scrollWidth > element.clientWidth);
    assert.ok(scrolls, `the table scrolls in its box at ${width} px`);
    await page.context().close();
  }
});

test('the keyboard reaches a wide table where it scrolls, and its arrow keys scroll it; a long line of a code block wraps; axe-core finds nothing on the page at 320, 800 and 1280 px', TEST_TIMEOUT, async () => {
  for (const width of [320, 800, 1280]) {
    const page = await open(WIDE_TABLE, width);
    assert.deepEqual(await axeViolations(page), [], `at ${width} px`);
    const code = await page.locator('.prose pre').evaluate((element) => ({ scrolls: element.scrollWidth > element.clientWidth, lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)) }));
    assert.equal(code.scrolls, false, `the code block does not scroll at ${width} px`);
    assert.ok(code.lines > 1, `its line wraps at ${width} px: ${JSON.stringify(code)}`);
    // On a phone the rows are stacked: nothing to scroll, and no stop for the keyboard.
    if (width === 320) {
      assert.equal(await page.locator('.table-scroll').getAttribute('tabindex'), null, 'no keyboard stop on a phone');
      await page.context().close();
      continue;
    }
    const box = page.locator('.table-scroll');
    for (let presses = 0; presses < 30 && !(await box.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    assert.equal(await box.evaluate((element) => element === document.activeElement), true, `the table's box takes the focus at ${width} px`);
    assert.equal(await box.getAttribute('aria-label'), 'Table: Plan type, Monthly premium, Yearly deductible, Out-of-pocket maximum, Prescription coverage, Doctor network, Referrals');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('.table-scroll')?.scrollLeft ?? 0) > 0);
    await page.context().close();
  }
});

test('a longer name of the physician stays whole in height in the phone’s header: two lines at most, ended by an ellipsis, never cut through', TEST_TIMEOUT, async () => {
  for (const width of [390, 320]) {
    const page = await open('/', width);
    const lines = await page.locator('.brand__name, .brand__specialty').evaluateAll((spans) => spans.map((span) => ({ top: span.getBoundingClientRect().top, bottom: span.getBoundingClientRect().bottom, clamp: getComputedStyle(span).webkitLineClamp, ending: getComputedStyle(span).textOverflow })));
    const brand = await page.locator('.brand').evaluate((element) => ({ top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom }));
    for (const line of lines) assert.ok(line.top >= brand.top && line.bottom <= brand.bottom, `a line from ${line.top} to ${line.bottom} within the header's ${brand.top}–${brand.bottom} at ${width} px`);
    assert.deepEqual(lines.map((line) => [line.clamp, line.ending]), [['2', 'clip'], ['none', 'ellipsis']]);
    await page.context().close();
  }
});

test('a checklist item that wraps, and a list inside it, start under its words, not under its box; a footnote mark is big enough to tap', TEST_TIMEOUT, async () => {
  for (const width of [320, 390, 1280]) {
    const page = await open(CHECKLIST, width);
    // No named functions inside: the test's compiler would name them with a helper the page does not have.
    const layout = await page.evaluate(() => {
      const first = document.querySelector('.contains-task-list > .task-list-item');
      const range = document.createRange();
      const text = [...(first?.querySelector(':scope > label')?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (text !== undefined) range.selectNodeContents(text);
      return {
        boxRight: Math.round(first?.querySelector(':scope > label > input')?.getBoundingClientRect().right ?? NaN),
        wordLines: text === undefined ? [] : [...range.getClientRects()].map((rect) => Math.round(rect.left)),
        innerBox: Math.round(document.querySelector('.task-list-item .task-list-item > label > input')?.getBoundingClientRect().left ?? NaN),
        innerBullet: Math.round(document.querySelector('.task-list-item > ul:not(.contains-task-list) > li')?.getBoundingClientRect().left ?? NaN),
        targets: ['[data-footnote-ref]', '[data-footnote-backref]'].map((selector) => document.querySelector(selector)?.getBoundingClientRect()).map((rect) => [Math.floor(rect?.width ?? 0), Math.floor(rect?.height ?? 0)]),
      };
    });
    const words = layout.wordLines[0] ?? NaN;
    assert.ok(words > layout.boxRight, `the words start past the box at ${width} px: ${JSON.stringify(layout)}`);
    if (width < 1280) assert.ok(layout.wordLines.length > 1, `the first item wraps at ${width} px`);
    assert.ok(layout.wordLines.every((lineLeft) => lineLeft === words), `every line of the item starts where its words do at ${width} px: ${JSON.stringify(layout)}`);
    assert.ok(Math.abs(layout.innerBox - words) <= 2, `the inner item's box starts under the words at ${width} px: ${JSON.stringify(layout)}`);
    assert.ok(layout.innerBullet >= words, `the inner list starts under the words at ${width} px: ${JSON.stringify(layout)}`);
    for (const [targetWidth, targetHeight] of layout.targets) assert.ok((targetWidth ?? 0) >= 24 && (targetHeight ?? 0) >= 24, `a footnote's mark is at least 24 px each way at ${width} px: ${JSON.stringify(layout)}`);
    assert.equal(await pageWidth(page), width);
    await page.context().close();
  }
});
