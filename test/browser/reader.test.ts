/**
 * What a reader meets as they move through a page, measured in Chromium
 * (issue "Ready for patients"): a small back-to-top icon button named like
 * the article's link; neighbour titles shown as text with Newer/Older labels.
 * The header once scrolled, anchors, focus, print, the education page and
 * tables have files of their own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES, type Language } from '../../build/lib/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { articlesIn, DESKTOP, PHONE, SMALL_PHONE, middleArticle, scrollAndSettle, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

const WIDTHS = [DESKTOP, PHONE, SMALL_PHONE] as const;

// ---------------------------------------------------------------- back to top

for (const language of LANGUAGES) {
  test(`back to top in ${language}: the floating button is an icon button of at most 56×56 px named in the language's words, like the article’s link, at every width`, TEST_TIMEOUT, async () => {
    const backToTop = messagesFor(language).document.backToTop;
    for (const viewport of WIDTHS) {
      await withPage(site(), viewport, async (page) => {
        await page.goto(`${site().url}${middleArticle(site(), language).url}`);
        await scrollAndSettle(page, 1500);
        const button = page.getByRole('button', { name: backToTop, exact: true });
        assert.equal(await button.count(), 1, `one button named "${backToTop}"`);
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
        assert.equal(await page.getByRole('link', { name: backToTop, exact: true }).count(), 1, 'the article’s own link has the same words');
      });
    }
  });
}

// ---------------------------------------------------------------- neighbours

/** A neighbour link's label as a pattern: its two parts (`Previous`, `Newer`), in order, whatever the layout puts between them. */
function labels(language: Language): { previous: RegExp; next: RegExp } {
  const pattern = (label: string) => new RegExp(label.split(' · ').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'));
  const { previous, next } = messagesFor(language).article;
  return { previous: pattern(previous), next: pattern(next) };
}

for (const language of LANGUAGES) {
  test(`previous/next in ${language}: the neighbour’s title is visible text beside the language's "Previous · Newer" and "Next · Older", at the top and bottom, at every width`, TEST_TIMEOUT, async () => {
    const list = articlesIn(site(), language);
    const { previous, next } = labels(language);
    for (const viewport of WIDTHS) {
      await withPage(site(), viewport, async (page) => {
        for (const [index, article] of list.entries()) {
          await page.goto(`${site().url}${article.url}`);
          for (const [rel, neighbour, words] of [
            ['prev', list[index - 1], previous],
            ['next', list[index + 1], next],
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
}
