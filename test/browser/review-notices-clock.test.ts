/**
 * Honest dates from the reader's own date (issue 24), as the reader's clock
 * moves: a page whose HTML already has its notice keeps that one; a date that
 * keeps the page current adds none; a figure's year is over on January 1; and
 * the reader's own calendar day decides, in time zones on both sides of UTC.
 * The notice the script adds is compared with the build's in
 * review-notices.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEST_TIMEOUT } from './support.ts';
import { noticeHtml, notices, noticeSitesOfFile, reviewedOctober17, scriptRan, withPage } from './review-notices-sites.ts';

const sites = noticeSitesOfFile();

test('a page whose HTML already says so keeps its one notice, whatever the reader\'s clock says', TEST_TIMEOUT, async () => {
  for (const now of ['2026-11-25T15:00:00', '2031-06-01T12:00:00', '2025-11-01T12:00:00']) {
    for (const url of [reviewedOctober17(sites()).url, '/education']) {
      await withPage(sites(), now, async (page) => {
        await page.goto(`${sites().late.url}${url}`);
        const built = await page.evaluate(async (address) => new DOMParser().parseFromString(await (await fetch(address)).text(), 'text/html').querySelector('[data-freshness-notice]')?.outerHTML, url);
        await scriptRan(page);
        assert.equal(await noticeHtml(page), built, `${url} at ${now}: not duplicated, not changed`);
      });
    }
  }
});

test('while the reader\'s date keeps the page current, the script adds nothing', TEST_TIMEOUT, async () => {
  await withPage(sites(), '2025-12-31T23:30:00', async (page) => {
    for (const url of [...sites().early.plan.model.articles.map((article) => article.url), '/education']) {
      await page.goto(`${sites().early.url}${url}`);
      await scriptRan(page);
      assert.equal(await notices(page).count(), 0, url);
    }
  });
});

test('a figure\'s year is over on the reader\'s January 1, before the review is a year old', TEST_TIMEOUT, async () => {
  await withPage(sites(), '2026-01-01T00:30:00', async (page) => {
    await page.goto(`${sites().early.url}${reviewedOctober17(sites()).url}`);
    await scriptRan(page);
    assert.match(await notices(page).innerText(), /last reviewed on October 17, 2025, and Medicare amounts change every year/);
    await page.goto(`${sites().early.url}/education`);
    await scriptRan(page);
    assert.equal(await notices(page).count(), 0, 'the handouts, reviewed on 2025-10-01, are still current');
  });
});

test('the reader\'s own calendar day decides, and the review day shows as written in every time zone', TEST_TIMEOUT, async () => {
  // 12:00 UTC on 2026-09-30 is already October 1 at UTC+14 and still September 30 at UTC-10.
  const instant = '2026-09-30T12:00:00Z';
  const shown = async (timezoneId: string, now: string) => {
    let text: string | undefined;
    await withPage(sites(), 
      now,
      async (page) => {
        await page.goto(`${sites().early.url}/education`);
        await scriptRan(page);
        text = (await notices(page).count()) === 0 ? undefined : (await notices(page).innerText()).trim();
      },
      { timezoneId },
    );
    return text;
  };
  const told = 'These handouts may be out of date. They were last reviewed on October 1, 2025.';
  assert.equal(await shown('Pacific/Kiritimati', instant), told, 'October 1 at UTC+14: a year since the review');
  assert.equal(await shown('Pacific/Honolulu', instant), undefined, 'September 30 at UTC-10: not yet');
  assert.equal(await shown('Pacific/Honolulu', '2026-10-01T12:00:00Z'), told, 'a day later there too, with the same day shown');
});
