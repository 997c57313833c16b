/**
 * What a reader meets as they move through a page, measured in Chromium
 * (issue "Ready for patients"): a phone header that keeps to its row once
 * scrolled, with and without JavaScript; anchors that land below the header
 * at every width; a small back-to-top icon button named like the article's
 * link; neighbour titles shown as text with Newer/Older labels. Focus,
 * print, the education page and tables have files of their own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, SMALL_PHONE, middleArticle, scrollAndSettle, scrollWithoutScript, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

const WIDTHS = [DESKTOP, PHONE, SMALL_PHONE] as const;

/** Where the header may end once scrolled, by viewport width (the limits). */
const HEADER_LIMIT: Record<number, number> = { 390: 72, 320: 80 };

const headerBottom = (page: Page) => page.locator('[data-site-header]').evaluate((header) => header.getBoundingClientRect().bottom);

// ---------------------------------------------------------------- header

for (const javaScriptEnabled of [true, false]) {
  const scroll = javaScriptEnabled ? scrollAndSettle : scrollWithoutScript;
  for (const viewport of [PHONE, SMALL_PHONE]) {
    test(`header at ${viewport.width} px${javaScriptEnabled ? '' : ' without JavaScript'}: once scrolled it ends within ${HEADER_LIMIT[viewport.width]} px of the top, with every navigation item in view as a 44×44 target`, TEST_TIMEOUT, async () => {
      await withPage(site(), 
        viewport,
        async (page) => {
          for (const path of ['/', middleArticle(site()).url, '/education', '/about']) {
            await page.goto(`${site().url}${path}`);
            await scroll(page, 1200);
            const bottom = await headerBottom(page);
            assert.ok(bottom > 0 && bottom <= HEADER_LIMIT[viewport.width]!, `${path}: header ends at ${bottom} px`);
            const items = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((links) =>
              links.map((link) => {
                const box = link.getBoundingClientRect();
                const x = box.left + box.width / 2;
                const y = box.top + box.height / 2;
                return { name: link.textContent?.replace(/\s+/g, ' ').trim() ?? '', left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height, onTop: link.contains(document.elementFromPoint(x, y)) };
              }),
            );
            assert.deepEqual(
              items.map((item) => item.name),
              ['About', 'Educational Resources', 'Insights'],
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

// ---------------------------------------------------------------- anchors

/** Top of the element with `id` in the viewport, and where the header ends. */
const landing = (page: Page, id: string) =>
  page.evaluate((target) => {
    const element = document.getElementById(target);
    return { top: element?.getBoundingClientRect().top ?? Number.NaN, headerBottom: document.querySelector('[data-site-header]')!.getBoundingClientRect().bottom, height: window.innerHeight };
  }, id);

for (const viewport of [...WIDTHS, { width: 800, height: 800 }]) {
  test(`anchors at ${viewport.width} px: each education section link, and a direct link to a section, land the heading below the header`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      await page.goto(`${site().url}/education`);
      const anchors = await page.locator('.section-index a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice(1)));
      assert.ok(anchors.length >= 9, `the section index lists the system and its groups (${anchors.length})`);
      for (const anchor of anchors) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await page.locator(`.section-index a[href="#${anchor}"]`).click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, anchor, { timeout: 5000 });
        const { top, headerBottom: bottom, height } = await landing(page, anchor);
        assert.ok(top >= bottom - 0.5, `#${anchor}: heading top ${top} is below the header's bottom ${bottom}`);
        assert.ok(top < height, `#${anchor}: heading in the viewport`);
      }
      for (const anchor of ['hand-wrist', 'hip', 'general']) {
        await page.goto(`${site().url}/education#${anchor}`);
        await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000 });
        const { top, headerBottom: bottom } = await landing(page, anchor);
        assert.ok(top >= bottom - 0.5, `/education#${anchor}: heading top ${top} is below the header's bottom ${bottom}`);
      }
    });
  });

  test(`anchors at ${viewport.width} px: an article's footnote reference and its way back land below the header`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      for (const article of site().build.model.articles) {
        await page.goto(`${site().url}${article.url}`);
        const reference = page.locator('.prose a[data-footnote-ref]').first();
        if ((await reference.count()) === 0) continue;
        const target = ((await reference.getAttribute('href')) ?? '').slice(1);
        await reference.click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, target, { timeout: 5000 });
        const there = await landing(page, target);
        assert.ok(there.top >= there.headerBottom - 0.5, `${article.url}#${target}: top ${there.top} below the header's bottom ${there.headerBottom}`);
        const back = page.locator(`[id="${target}"] a[data-footnote-backref]`).first();
        const backTarget = ((await back.getAttribute('href')) ?? '').slice(1);
        await back.click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, backTarget, { timeout: 5000 });
        const back2 = await landing(page, backTarget);
        assert.ok(back2.top >= back2.headerBottom - 0.5, `${article.url}#${backTarget}: top ${back2.top} below the header's bottom ${back2.headerBottom}`);
        return;
      }
      assert.fail('no article has a footnote to follow');
    });
  });
}

// ---------------------------------------------------------------- back to top

test('back to top: the floating button is an icon button of at most 56×56 px named "Back to Top", like the article’s link, at every width', TEST_TIMEOUT, async () => {
  for (const viewport of WIDTHS) {
    await withPage(site(), viewport, async (page) => {
      await page.goto(`${site().url}${middleArticle(site()).url}`);
      await scrollAndSettle(page, 1500);
      const button = page.getByRole('button', { name: 'Back to Top', exact: true });
      assert.equal(await button.count(), 1, 'one button named "Back to Top"');
      const box = await button.boundingBox();
      assert.ok(box, 'the button is shown');
      assert.ok(box.width <= 56 && box.height <= 56 && box.width >= 44 && box.height >= 44, `${viewport.width} px: ${box.width}×${box.height}`);
      assert.ok(box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, 'inside the viewport');
      const drawn = await button.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let words = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text counts as drawn unless it sits in a box of at most 1×1 px that hides what overflows (the name for assistive technology).
          let hidden = false;
          for (let parent = node.parentElement; parent && parent !== element.parentElement; parent = parent.parentElement) {
            const rect = parent.getBoundingClientRect();
            if (rect.width <= 1 && rect.height <= 1 && getComputedStyle(parent).overflow === 'hidden') hidden = true;
          }
          if (node.textContent!.trim() !== '' && !hidden) words++;
        }
        return { words, icon: element.querySelector('svg')?.getBoundingClientRect().width ?? 0 };
      });
      assert.deepEqual(drawn.words, 0, 'no visible words: an icon');
      assert.ok(drawn.icon >= 16, 'the arrow is drawn');
      assert.equal(await page.getByRole('link', { name: 'Back to Top', exact: true }).count(), 1, 'the article’s own link has the same words');
    });
  }
});

// ---------------------------------------------------------------- neighbours

test('previous/next: the neighbour’s title is visible text beside "Previous · Newer" and "Next · Older", at the top and bottom, at every width', TEST_TIMEOUT, async () => {
  const list = site().build.model.articles;
  for (const viewport of WIDTHS) {
    await withPage(site(), viewport, async (page) => {
      for (const [index, article] of list.entries()) {
        await page.goto(`${site().url}${article.url}`);
        for (const [rel, neighbour, words] of [
          ['prev', list[index - 1], /Previous.*Newer/],
          ['next', list[index + 1], /Next.*Older/],
        ] as const) {
          const links = page.locator(`main a[rel="${rel}"]`);
          assert.equal(await links.count(), neighbour ? 2 : 0, `${article.url}: ${rel} links`);
          for (const link of await links.all()) {
            await link.scrollIntoViewIfNeeded();
            assert.equal(await link.locator('.sr-only').count(), 0, 'nothing in the link is visually hidden');
            const text = (await link.innerText()).replace(/\s+/g, ' ');
            assert.match(text, words);
            assert.ok(text.includes(neighbour!.title), `${rel} on ${article.url} shows "${neighbour!.title}": ${text}`);
            const title = link.locator('.article-nav__title');
            assert.equal((await title.innerText()).trim(), neighbour!.title);
            const shown = await title.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const range = document.createRange();
              range.selectNodeContents(element);
              const textBox = range.getBoundingClientRect();
              const x = box.left + Math.min(box.width / 2, 20);
              const y = box.top + Math.min(box.height / 2, 10);
              let clipped = false;
              for (let node: Element | null = element; node; node = node.parentElement) {
                const style = getComputedStyle(node);
                if (style.clip !== 'auto' || style.clipPath !== 'none' || style.visibility !== 'visible' || Number(style.opacity) < 1) clipped = true;
                if (node !== element && style.overflow !== 'visible') {
                  const outer = node.getBoundingClientRect();
                  if (textBox.left < outer.left - 0.5 || textBox.right > outer.right + 0.5 || textBox.top < outer.top - 0.5 || textBox.bottom > outer.bottom + 0.5) clipped = true;
                }
              }
              return { width: box.width, height: box.height, fontSize: parseFloat(getComputedStyle(element).fontSize), clipped, hit: element.contains(document.elementFromPoint(x, y)) };
            });
            assert.ok(shown.width > 50 && shown.height >= shown.fontSize, `the title has a real box: ${JSON.stringify(shown)}`);
            assert.ok(shown.fontSize >= 14, `the title is readable: ${shown.fontSize} px`);
            assert.equal(shown.clipped, false, 'the title is not clipped or hidden');
            assert.ok(shown.hit, 'the title is on top where it is drawn');
            const box = await link.boundingBox();
            assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${rel} link inside the width: ${JSON.stringify(box)}`);
          }
        }
      }
    });
  }
});
