/**
 * A printed article, measured in Chromium (issue "Ready for patients"):
 * each outside address printed once, and the page's own address and the
 * day it was printed, with and without JavaScript.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, addressLanguage } from '../../build/lib/languages.ts';
import { siteLanguages } from '../../build/model/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { DESKTOP, middleArticle, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** A link's text is its address when the same but for case, a trailing slash, or a protocol left out (`www.ssa.gov`). */
function isAddress(text: string, href: string): boolean {
  const plain = (value: string) => value.trim().toLowerCase().replace(/\/+$/, '');
  return [plain(text), `http://${plain(text)}`, `https://${plain(text)}`].includes(plain(href));
}

/** Each outside link on paper: its text, its address and what is printed after it. */
const printedLinks = (page: Page) =>
  page.locator('a[href^="http"]').evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0 && getComputedStyle(link).visibility !== 'hidden')
      .map((link) => ({ text: (link as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), href: link.getAttribute('href') ?? '', after: getComputedStyle(link, '::after').content, inSources: Boolean(link.closest('.article__sources')) })),
  );

test('print: every outside link prints its address once (the sources too), and the page carries its address and the day it was printed, in the page’s language', TEST_TIMEOUT, async (t) => {
  await withPage(site(), DESKTOP, async (page) => {
    const educationPages = siteLanguages(site().build.model).map((language) => addressIn(language, '/education'));
    for (const path of [...site().build.model.articles.map((article) => article.url), ...educationPages]) {
      await t.test(path, async () => {
        await page.goto(`${site().url}${path}`);
        await page.emulateMedia({ media: 'print' });
        const links = await printedLinks(page);
        assert.ok(links.length > 0, 'outside links are printed');
        for (const link of links) {
          if (isAddress(link.text, link.href)) assert.equal(link.after, 'none', `"${link.text}" is its address already: nothing after it`);
          else assert.equal(link.after, `" (${link.href})"`, `"${link.text}" prints its address`);
        }
        if (!educationPages.includes(path)) assert.ok(links.filter((link) => link.inSources).length > 0, 'the sources are printed with their links');

        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        assert.ok(canonical, 'the page has a canonical address');
        const source = page.locator('.print-source');
        assert.ok(await source.isVisible(), 'the address line is printed');
        const printed = await source.innerText();
        assert.ok(printed.includes(canonical), `the printout says ${canonical}: ${printed}`);
        const words = messagesFor(addressLanguage(path));
        const today = await page.evaluate((locale) => new Date().toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' }), words.locale);
        assert.ok(printed.includes(words.widgets.printedOn(today)), `the printout is dated: ${printed}`);
        await page.emulateMedia({ media: 'screen' });
        assert.equal(await source.isVisible(), false, 'not on screen');
      });
    }
  });
});

test('print: a ticked checklist item keeps its tick on paper, which browsers print without backgrounds', TEST_TIMEOUT, async () => {
  const listed = site().build.model.articles.find((article) => !article.draft && /^\s*[-*] \[x\]/im.test(article.body));
  assert.ok(listed, 'an article has a ticked item');
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}${listed.url}`);
    await page.emulateMedia({ media: 'print' });
    const inks = await page.locator('.task-list-item input:checked').first().evaluate((box) => [getComputedStyle(box).borderTopColor, getComputedStyle(box, '::after').borderRightColor]);
    for (const ink of inks) {
      const [red = 255, green = 255, blue = 255] = (ink.match(/\d+/g) ?? []).map(Number);
      assert.ok(red + green + blue < 150, `the box and its tick print dark on white paper: ${inks.join(', ')}`);
    }
  });
});

test('print: the PDF Chromium prints of an article has no address written twice, and its address and date', TEST_TIMEOUT, async () => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const article = await site().build.withBody(middleArticle(site()));
  assert.ok(article.allSources.length > 0, 'the article has sources');
  await withPage(site(), DESKTOP, async (page) => {
    await page.clock.install({ time: new Date('2031-06-01T12:00:00') });
    await page.goto(`${site().url}${article.url}`);
    const pdf = await page.pdf({ format: 'Letter' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    const doubled = [...flat.matchAll(/(\S+) \((https?:\/\/[^)\s]+)\)/g)].filter((match) => isAddress(match[1]!, match[2]!));
    assert.deepEqual(
      doubled.map((match) => match[0]),
      [],
      'no address printed twice',
    );
    const canonical = `${site().build.model.site.siteUrl}${article.url}`;
    // A long address may break over two lines of the page.
    assert.ok(flat.replace(/ /g, '').includes(canonical), `the PDF carries ${canonical}`);
    assert.ok(flat.includes('Printed on June 1, 2031'), 'the PDF carries the day it was printed');
    for (const source of article.allSources) assert.ok(flat.replace(/ /g, '').includes(source.url), `the source ${source.url} is printed`);
  });
});

test("print: the footer prints the practice's address, where the screen has a link to it that leads nowhere on paper", TEST_TIMEOUT, async () => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { street, city, state, zip } = site().build.model.site.contact.address;
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/insights`);
    const footer = page.locator('.footer-contact');
    assert.doesNotMatch(await footer.innerText(), new RegExp(street), 'not on screen');
    assert.match(await footer.innerText(), /Address, office hours and directions/, 'the screen has the link');
    const pdf = await page.pdf({ format: 'Letter' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    assert.ok(flat.includes(`${street}, ${city}, ${state} ${zip}`), `the printout has the address: ${flat.slice(-900)}`);
    assert.doesNotMatch(flat, /Address, office hours and directions/, 'not the link that leads nowhere');
  });
});

test('print without JavaScript: the address still prints (the date needs the script)', TEST_TIMEOUT, async () => {
  await withPage(site(), 
    DESKTOP,
    async (page) => {
      const article = middleArticle(site());
      await page.goto(`${site().url}${article.url}`);
      await page.emulateMedia({ media: 'print' });
      const printed = await page.locator('.print-source').innerText();
      assert.ok(printed.includes(`${site().build.model.site.siteUrl}${article.url}`), printed);
      assert.doesNotMatch(printed, /Printed on/);
    },
    { javaScriptEnabled: false },
  );
});

test("print: the education page prints each handout's full address after its link, which on paper leads nowhere", TEST_TIMEOUT, async () => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { siteUrl } = site().build.model.site;
  const handouts = site().build.model.topics.map((topic) => `${siteUrl}${topic.pdfUrl}`);
  assert.ok(handouts.length > 0, 'the site has handouts');
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/education`);
    await page.emulateMedia({ media: 'screen' });
    const onScreen = await page.locator('a[type="application/pdf"]').evaluateAll((links) => links.map((link) => getComputedStyle(link, '::after').content));
    assert.ok(onScreen.every((content) => content === 'none'), 'not on screen');
    // Chromium prints with the media last emulated.
    await page.emulateMedia({ media: 'print' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'Letter' }))), { mergePages: true });
    // A long address may break over two lines of the page.
    const flat = text.replace(/\s+/g, '');
    for (const address of handouts) assert.ok(flat.includes(address), `the printout says ${address}`);
  });
});
