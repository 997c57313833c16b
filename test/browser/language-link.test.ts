/**
 * The header's link to the other language, in Chromium (issue 56, "Se habla
 * español"): Spanish labels are longer ("Recursos educativos"), yet at 320 px,
 * and with the browser's text at 200 %, the header fits the screen with
 * nothing clipped or covered and every target 44 px each way; the keyboard
 * reaches the link from the page's start, Enter follows it to the same page
 * in the other language, and a screen reader says its name in that language.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, type Language } from '../../build/lib/languages.ts';
import { modelInLanguage } from '../../build/model/languages.ts';
import { LANGUAGES } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, scrollAndSettle, setBrowserTextSize, SMALL_PHONE, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** An article of a language whose translation exists, and that translation. */
function translatedPair(language: Language, other: Language): { from: string; to: string } {
  const articles = modelInLanguage(site().build.model, language).articles;
  const inOther = modelInLanguage(site().build.model, other).articles;
  for (const article of articles) {
    const translation = inOther.find((candidate) => candidate.original === article.original);
    if (translation) return { from: article.url, to: translation.url };
  }
  throw new Error(`no article in ${language} has a translation into ${other}`);
}

/** Each page type's address in one language, with the address of the same page in the other. */
function languagePairs(): { from: string; to: string; language: Language }[] {
  const pairs: { from: string; to: string; language: Language }[] = [];
  for (const [language, other] of [['es', 'en'], ['en', 'es']] as const) {
    for (const address of ['/', '/insights', '/education', '/about']) pairs.push({ from: addressIn(language, address), to: addressIn(other, address), language: other });
    pairs.push({ ...translatedPair(language, other), language: other });
  }
  return pairs;
}

interface HeaderBox {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Nothing covers the element's middle. */
  onTop: boolean;
  /** Its text is wider than its box, and so cut off or spilling out. */
  clipped: boolean;
}

/** The header's targets (the logo link, each tab, the language link) as laid out, and how wide the header's content is. */
async function headerLayout(page: Page): Promise<{ targets: HeaderBox[]; headerWidth: number }> {
  return page.evaluate(() => {
    const targets = [...document.querySelectorAll('.brand, .site-nav a, .language-link')].map((element) => {
      const box = element.getBoundingClientRect();
      const middle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        name: (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        onTop: element.contains(middle),
        // The brand's name ends in an ellipsis by design (reflow.test.ts); a tab's or the language link's words never do.
        clipped: !element.classList.contains('brand') && element.scrollWidth > element.clientWidth + 1,
      };
    });
    return { targets, headerWidth: document.querySelector('[data-site-header]')?.scrollWidth ?? Infinity };
  });
}

/** Whether two boxes share any area. */
const overlap = (a: HeaderBox, b: HeaderBox) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function assertHeaderFits(layout: { targets: HeaderBox[]; headerWidth: number }, width: number, where: string): void {
  assert.equal(layout.headerWidth, width, `${where}: nothing in the header reaches past the screen's edge`);
  assert.equal(layout.targets.length, 5, `${where}: the logo link, three tabs and the language link`);
  for (const target of layout.targets) {
    const seen = `${where}: ${JSON.stringify(target)}`;
    assert.ok(target.left >= 0 && target.right <= width && target.top >= 0, `in view: ${seen}`);
    assert.ok(target.right - target.left >= 44 && target.bottom - target.top >= 44, `at least 44×44: ${seen}`);
    assert.ok(target.onTop, `nothing covers it: ${seen}`);
    assert.equal(target.clipped, false, `its words are whole: ${seen}`);
  }
  for (const [index, target] of layout.targets.entries()) {
    for (const other of layout.targets.slice(index + 1)) assert.ok(!overlap(target, other), `${where}: ${target.name} and ${other.name} overlap`);
  }
}

for (const textSize of [16, 32]) {
  test(`at 320 and 390 px${textSize === 16 ? '' : ', with the browser’s text at 200 %,'} the header of every page type fits in each language: nothing past the screen’s edge, clipped, covered or overlapping, every target 44×44`, TEST_TIMEOUT, async () => {
    for (const viewport of [SMALL_PHONE, PHONE]) {
      await withPage(site(), viewport, async (page, context) => {
        await setBrowserTextSize(page, context, textSize);
        for (const { from } of languagePairs()) {
          await page.goto(`${site().url}${from}`);
          assertHeaderFits(await headerLayout(page), viewport.width, `${from} at ${viewport.width} px, text ${textSize} px`);
        }
      });
    }
  });
}

test('the language link is named in its own language and marked so: "English" with lang and hreflang en on a Spanish page, "Español" with es on an English one', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    for (const { from, language } of languagePairs()) {
      await page.goto(`${site().url}${from}`);
      const link = page.getByRole('banner').getByRole('link', { name: LANGUAGES[language].name, exact: true });
      assert.equal(await link.count(), 1, `${from}: one link named ${LANGUAGES[language].name}`);
      assert.equal(await link.getAttribute('hreflang'), language, `${from}: hreflang`);
      // The primary subtag is what picks a screen reader's voice; the region (es-US) is the page's own locale.
      assert.equal((await link.getAttribute('lang'))?.split('-')[0], language, `${from}: lang`);
    }
  });
});

/** Presses Tab from the page's start until the language link has the focus; returns how many presses it took. */
async function tabToLanguageLink(page: Page): Promise<number> {
  for (let presses = 1; presses <= 12; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('language-link') ?? false)) return presses;
  }
  throw new Error(`Tab from the start of ${page.url()} never reached the language link`);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px, Tab from the page’s start reaches the language link, in view even on a page scrolled down (where a phone's header is one row of tabs), and Enter opens the same page in the other language`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      for (const { from, to } of languagePairs()) {
        await page.goto(`${site().url}${from}`);
        await scrollAndSettle(page, 1200);
        // On a phone the language link slides away with the brand's row: the row of tabs alone stays, no taller for the link.
        if (viewport === PHONE) assert.ok((await page.locator('[data-site-header]').evaluate((header) => header.getBoundingClientRect().bottom)) <= 72, `${from}: the scrolled header is one row of tabs`);
        // The skip link, the logo link and the three tabs come first.
        assert.equal(await tabToLanguageLink(page), 6, `${from}: the sixth stop`);
        const box = await page.locator('.language-link').boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${from}: the focused link is in view: ${JSON.stringify(box)}`);
        await page.keyboard.press('Enter');
        await page.waitForURL(`${site().url}${to}`, { timeout: 5000 });
      }
    });
  });
}
