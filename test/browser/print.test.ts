/** Articles print cleanly: no navigation or buttons, black text, and each outside link's address written out. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openSite, type BrowserSite } from './browser.ts';

let site: BrowserSite;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

test('an article printed shows the article and the legal notice, without navigation, buttons or colours', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const article = site.build.model.articles[0];
    assert.ok(article, 'the site has an article');
    await page.goto(`${site.url}${article.url}`);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-nav', '.article-nav', '.article__actions', '.skip-link', '.colour-stripe', '.footer-nav']) {
      assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} is not printed`);
    }
    for (const selector of ['h1', '.article__meta', '.prose', '.legal-notice']) {
      assert.equal(await page.locator(selector).first().isVisible(), true, `${selector} is printed`);
    }
    const [color, headerPosition] = await page.evaluate(() => [getComputedStyle(document.querySelector('h1') as Element).color, getComputedStyle(document.querySelector('.site-header') as Element).position]);
    assert.equal(color, 'rgb(0, 0, 0)');
    assert.equal(headerPosition, 'static', 'the header is not repeated on every printed page');
    const printedAddress = await page.evaluate(() => {
      const link = document.querySelector('.prose a[href^="http"]:not([data-text-is-url])') as Element;
      return [link.getAttribute('href'), getComputedStyle(link, '::after').content];
    });
    assert.equal(printedAddress[1], `" (${printedAddress[0] ?? ''})"`, 'the address follows the link text on paper');
    const pdf = await page.pdf({ format: 'Letter' });
    assert.ok(pdf.subarray(0, 5).toString() === '%PDF-' && pdf.length > 10_000, 'Chromium prints the article to PDF');
  } finally {
    await page.close();
  }
});
