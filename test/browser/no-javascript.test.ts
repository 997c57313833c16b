/**
 * The site with JavaScript turned off in Chromium (DECISIONS.md "Every page
 * works without JavaScript"): every route shows its heading and content, the
 * header links and the logo navigate, "Back to Top" works, handouts download
 * as PDFs, aliases still redirect, and the script-only button stays hidden.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, LANGUAGES } from '../../build/lib/languages.ts';
import { modelInLanguage } from '../../build/model/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { articlesIn, DESKTOP, scrollWithoutScript, siteRoutes, TEST_TIMEOUT, withPage, type Route } from './support.ts';

const site = siteOfFile();

/** Every page of these tests is opened with JavaScript off. */
const WITHOUT_SCRIPT = { javaScriptEnabled: false };

/** What each kind of page must show besides its heading, in the words and dates of the page's language. */
async function assertContent(page: Page, route: Route): Promise<void> {
  const main = page.locator('main');
  const text = await main.innerText();
  const { articles, topics, site: identity } = modelInLanguage(site().build.model, route.language);
  const words = messagesFor(route.language);
  switch (route.kind) {
    case 'home': {
      assert.ok(await main.locator('img[alt]').first().isVisible(), 'the physician photo');
      assert.equal(await main.locator('[data-topic-teaser] > li:visible').count(), 2, 'two topics');
      for (const article of articles.slice(0, 2)) assert.ok(await main.locator(`a[href="${article.url}"]`).first().isVisible(), `teaser of ${article.title}`);
      assert.ok(await main.getByRole('link', { name: words.home.allTopics }).isVisible());
      assert.ok(await main.getByRole('link', { name: words.home.allInsights }).isVisible());
      break;
    }
    case 'insights': {
      const hrefs = await main.locator('.article-list h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      assert.deepEqual(hrefs, articles.map((article) => article.url), 'every article, newest first');
      for (const article of articles) {
        assert.ok(text.includes(words.dates.list(article.date)), `date of ${article.title} in the language's format`);
        if (article.summary) assert.ok(text.includes(article.summary), `summary of ${article.title}`);
      }
      break;
    }
    case 'article':
    case 'alias': {
      const article = articles.find((candidate) => candidate.url === route.canonical)!;
      assert.ok(text.includes(words.dates.long(article.date)), `long date ${words.dates.long(article.date)}`);
      const { readingMinutes } = await site().build.withBody(article);
      assert.ok(text.includes(words.article.readingTime(readingMinutes)), `${words.article.readingTime(readingMinutes)} is shown`);
      const prose = await main.locator('.prose').innerText();
      assert.ok(prose.length > 1500, `the article body is shown (${prose.length} characters)`);
      assert.ok(await main.getByRole('link', { name: words.article.allInsights }).isVisible());
      break;
    }
    case 'education': {
      assert.equal(await main.getByRole('link', { name: new RegExp(`^${words.education.downloadPdf}`) }).count(), topics.length, 'a PDF link per topic');
      for (const topic of topics) assert.ok(text.includes(topic.title), topic.title);
      assert.ok(text.includes(words.education.legendTitle), 'the legend');
      assert.ok(await main.locator('.disclaimer').isVisible(), 'the disclaimer');
      break;
    }
    case 'about': {
      assert.ok(await main.locator(`img[alt="${identity.photoAlt}"]`).isVisible(), 'the photo');
      assert.ok((await main.locator('.prose').innerText()).length > 200, 'the biography');
      break;
    }
    case 'article-not-found': {
      assert.ok(text.includes(words.notFound.article.text), 'the not-found message is shown');
      assert.equal(await main.getByRole('link', { name: words.notFound.article.back, exact: true }).getAttribute('href'), addressIn(route.language, '/insights'));
      break;
    }
    case 'page-not-found': {
      assert.equal(await main.locator(`a[href="${addressIn(route.language, '/')}"]`).count(), 1, 'a link home');
      break;
    }
  }
  // The legal notice is on every page (spec §1).
  const legal = words.footer.legal({ contact: (link: string) => link }).join('');
  assert.ok((await page.locator('footer').innerText()).includes(legal.slice(0, 80)), 'the legal notice');
}

for (const language of LANGUAGES) {
  test(`every route in ${language} shows its main heading and content without JavaScript`, TEST_TIMEOUT, async (t) => {
    const routes = siteRoutes(site().build, language);
    await withPage(site(), DESKTOP, async (page) => {
      for (const route of routes) {
        await t.test(route.name, async () => {
          const response = await page.goto(`${site().url}${route.path}`);
          assert.equal(response?.status(), route.status);
          if (route.kind === 'alias') await page.waitForURL(`${site().url}${route.canonical ?? ''}`, { timeout: 5000 });
          const heading = page.locator('main h1');
          assert.equal(await heading.count(), 1, 'one main heading');
          assert.equal((await heading.textContent())?.trim(), route.heading);
          assert.ok(await heading.isVisible(), 'the heading is visible');
          await assertContent(page, route);
        });
      }
    }, WITHOUT_SCRIPT);
  });
}

test('the header navigation and the logo navigate without JavaScript', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/`);
    const header = page.locator('[data-site-header]');
    for (const [name, path, heading] of [
      ['About', '/about', /^About /],
      ['Educational Resources', '/education', /^Educational Resources$/],
      ['Insights', '/insights', /^Physician’s Insights$/],
    ] as const) {
      await header.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${site().url}${path}`, { timeout: 5000 });
      assert.match((await page.locator('main h1').textContent())?.trim() ?? '', heading);
      assert.equal(await header.getByRole('link', { name, exact: true }).getAttribute('aria-current'), 'page', `${name} marked current`);
    }
    await header.locator('a.brand').click();
    await page.waitForURL(`${site().url}/`, { timeout: 5000 });
    assert.equal((await page.locator('main h1').textContent())?.trim(), site().build.model.site.name + (site().build.model.site.credentials ? `, ${site().build.model.site.credentials}` : ''));
  }, WITHOUT_SCRIPT);
});

test('an article’s "Back to Top" link, in each language’s words, takes the page to the top without JavaScript', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    for (const language of LANGUAGES) {
      const article = articlesIn(site(), language)[0]!;
      await page.goto(`${site().url}${article.url}`);
      const backToTop = page.locator('main a[href="#top"]');
      assert.equal(await backToTop.count(), 1);
      assert.ok((await backToTop.innerText()).includes(messagesFor(language).document.backToTop), `${article.url}: the link says ${messagesFor(language).document.backToTop}`);
      await backToTop.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => window.scrollY > 1000, null, { timeout: 5000 });
      await backToTop.click();
      await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 5000 });
      assert.equal(new URL(page.url()).hash, '#top');
    }
  }, WITHOUT_SCRIPT);
});

test('education handout links answer 200 with a PDF', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/education`);
    const hrefs = await page.locator('main a[href$=".pdf"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.equal(hrefs.length, site().build.model.topics.length);
    for (const href of new Set(hrefs)) {
      assert.match(href, /^\/pdfs\/[a-z0-9-]+\.pdf$/);
      const response = await page.request.get(`${site().url}${href}`);
      assert.equal(response.status(), 200, href);
      assert.match(response.headers()['content-type'] ?? '', /^application\/pdf/, href);
      assert.equal((await response.body()).subarray(0, 5).toString('latin1'), '%PDF-', `${href} is a PDF`);
    }
  }, WITHOUT_SCRIPT);
});

test('each alias page still ends on the canonical URL without JavaScript (meta refresh)', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    for (const alias of site().build.model.aliases) {
      await page.goto(`${site().url}${alias.url}`);
      await page.waitForURL(`${site().url}${alias.article.url}`, { timeout: 5000 });
      assert.equal((await page.locator('main h1').textContent())?.trim(), alias.article.title);
    }
  }, WITHOUT_SCRIPT);
});

test('the floating back-to-top button is never visible without JavaScript', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}${articlesIn(site())[0]!.url}`);
    const button = page.locator('[data-back-to-top]');
    assert.equal(await button.count(), 1);
    assert.ok(await button.isHidden(), 'hidden at the top');
    assert.equal(await scrollWithoutScript(page, 1500), 1500);
    assert.ok(await button.isHidden(), 'still hidden far down the page');
    assert.equal(await page.locator('[data-site-header]').evaluate((header) => header.classList.contains('is-shrunk')), false, 'no shrink without the script');
  }, WITHOUT_SCRIPT);
});
