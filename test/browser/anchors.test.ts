/**
 * Anchors as a reader follows them, measured in Chromium (issue "Ready for
 * patients"): each education section link, a direct link to a section, and
 * an article's footnote reference and its way back land below the sticky
 * header, at every width.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../build/lib/languages.ts';
import { siteOfFile } from './browser.ts';
import { articlesIn, DESKTOP, PHONE, SMALL_PHONE, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** Top of the element with `id` in the viewport, and where the header ends. */
const landing = (page: Page, id: string) =>
  page.evaluate((target) => {
    const element = document.getElementById(target);
    return { top: element?.getBoundingClientRect().top ?? Number.NaN, headerBottom: document.querySelector('[data-site-header]')!.getBoundingClientRect().bottom, height: window.innerHeight };
  }, id);

/** Sections a link from elsewhere may name: the spec's examples in English; in another language, the last three of its index (its words make its anchors). */
const directAnchors = (language: Language, index: string[]) => (language === DEFAULT_LANGUAGE ? ['hand-wrist', 'hip', 'general'] : index.slice(-3));

for (const viewport of [DESKTOP, PHONE, SMALL_PHONE, { width: 800, height: 800 }]) {
  for (const language of LANGUAGES) {
    const education = addressIn(language, '/education');
    test(`anchors at ${viewport.width} px on ${education}: each education section link, and a direct link to a section, land the heading below the header`, TEST_TIMEOUT, async () => {
      await withPage(site(), viewport, async (page) => {
        await page.goto(`${site().url}${education}`);
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
        for (const anchor of directAnchors(language, anchors)) {
          await page.goto(`${site().url}${education}#${anchor}`);
          await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000 });
          const { top, headerBottom: bottom } = await landing(page, anchor);
          assert.ok(top >= bottom - 0.5, `${education}#${anchor}: heading top ${top} is below the header's bottom ${bottom}`);
        }
      });
    });

    test(`anchors at ${viewport.width} px in ${language}: an article's footnote reference and its way back land below the header`, TEST_TIMEOUT, async () => {
      await withPage(site(), viewport, async (page) => {
        for (const article of articlesIn(site(), language)) {
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
}
