/**
 * Honest dates from the reader's own date (issue 24): the sample site built on
 * 2025-11-01, when every review is current, read in Chromium with its clock
 * set to November 2026. The widget script must add the notice the build would
 * have written (the same element, word for word), where the build writes it,
 * and the page must stay free of axe violations. The same site built on
 * 2026-11-25 is the reference: its pages carry the notice in their HTML. When
 * the reader's clock adds one, and when not, is in review-notices-clock.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressIn, LANGUAGES } from '../../build/lib/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { axeViolations, TEST_TIMEOUT } from './support.ts';
import { noticeHtml, notices, noticeSitesOfFile, reviewedOctober17, scriptRan, withPage } from './review-notices-sites.ts';

const sites = noticeSitesOfFile();

test('built before the reviews were old, read in November 2026: every article, in each language, gets the notice the build would write, in its words, at the same place', TEST_TIMEOUT, async () => {
  for (const article of sites().early.plan.model.articles) {
    const words = messagesFor(article.language);
    const { article: notice, medicare } = words.notices;
    let added = '';
    await withPage(sites(), '2026-11-25T15:00:00', async (page) => {
      await page.goto(`${sites().early.url}${article.url}`);
      await scriptRan(page);
      added = await noticeHtml(page);
      assert.equal(await page.locator('article > header > [data-freshness-notice]:last-child').count(), 1, 'at the end of the article header');
      const text = (await notices(page).innerText()).trim();
      assert.equal(text, notice.lead + notice.figuresOver({ day: words.dates.long(article.lastReviewed), medicare: medicare.text }).join(''), article.url);
      assert.equal(await notices(page).getAttribute('role'), 'note');
      assert.ok(await notices(page).isVisible());
    });
    await withPage(sites(), undefined, async (page) => {
      await page.goto(`${sites().late.url}${article.url}`);
      assert.equal(added, await noticeHtml(page), `${article.url}: the script's notice is the build's, element for element`);
    }, { javaScriptEnabled: false });
  }
});

test('the handouts get the same from the reader\'s date, beside their review date, in each language', TEST_TIMEOUT, async () => {
  for (const language of LANGUAGES) {
    const words = messagesFor(language);
    const education = addressIn(language, '/education');
    let added = '';
    await withPage(sites(), '2026-11-25T15:00:00', async (page) => {
      await page.goto(`${sites().early.url}${education}`);
      await scriptRan(page);
      added = await noticeHtml(page);
      assert.equal((await notices(page).innerText()).trim(), words.notices.handouts.lead + words.notices.handouts.reviewed({ day: words.dates.long('2025-10-01') }).join(''));
      assert.equal(await page.locator('.handouts-review > .article__trust + [data-freshness-notice]').count(), 1, 'right after the review line');
    });
    await withPage(sites(), undefined, async (page) => {
      await page.goto(`${sites().late.url}${education}`);
      assert.equal(added, await noticeHtml(page), education);
    }, { javaScriptEnabled: false });
  }
});

test('an article with the notice the script added has no axe violation, at 1280 and 390 px', TEST_TIMEOUT, async () => {
  for (const width of [1280, 390]) {
    await withPage(sites(), 
      '2026-11-25T15:00:00',
      async (page) => {
        await page.goto(`${sites().early.url}${reviewedOctober17(sites()).url}`);
        await scriptRan(page);
        assert.equal(await notices(page).count(), 1);
        assert.deepEqual(await axeViolations(page), [], `at ${width} px`);
        await page.goto(`${sites().early.url}/education`);
        await scriptRan(page);
        assert.equal(await notices(page).count(), 1);
        assert.deepEqual(await axeViolations(page), [], `education at ${width} px`);
      },
      { viewport: { width, height: 800 } },
    );
  }
});
