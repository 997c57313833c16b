/**
 * Honest dates from the reader's own date (issue 24): the sample site built on
 * 2025-11-01, when every review is current, read in Chromium with its clock
 * set to later days and in time zones on both sides of UTC. The widget script
 * must add the notice the build would have written (the same element, word
 * for word), never a second one, and only when the reader's calendar day
 * makes the page out of date. The same site built on 2026-11-25 is the
 * reference: its pages carry the notice in their HTML.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import type { SitePlan } from '../../build/pipeline.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { buildSampleSiteInto } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { axeViolations, recordProblems, TEST_TIMEOUT } from './support.ts';

interface Served {
  url: string;
  plan: SitePlan;
  close: () => Promise<void>;
}

let folder: string;
let browser: Browser;
/** Built when every review was current: the HTML says nothing. */
let early: Served;
/** Built when every review was old and the 2025 figures over: the HTML says so. */
let late: Served;

async function serve(today: CalendarDay): Promise<Served> {
  const outDir = path.join(folder, today);
  const plan = await buildSampleSiteInto(outDir, { today });
  const server = await serveDirectory(outDir);
  return { url: server.url, plan, close: server.close };
}

before(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'review-notices-'));
  early = await serve('2025-11-01');
  late = await serve('2026-11-25');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await early?.close();
  await late?.close();
  await rm(folder, { recursive: true, force: true });
});

/** A page whose clock stands at `now` (when given), in a fresh context, closed after. */
async function withPage(now: string | undefined, body: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...options });
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    if (now !== undefined) await page.clock.setFixedTime(new Date(now));
    await body(page);
    assert.deepEqual([problems.pageErrors, problems.consoleErrors], [[], []], 'no error in the page');
  } finally {
    await context.close();
  }
}

/** Waits for the deferred widget script to have run: it runs before the load event, which page.goto waits for already. */
async function scriptRan(page: Page): Promise<void> {
  await page.waitForLoadState('load');
}

const notices = (page: Page) => page.locator('[data-freshness-notice]');
const articles = () => early.plan.model.articles;
const MA_ARTICLE = () => articles().find((article) => article.lastReviewed === '2025-10-17')!;

/** The notice's element as the browser holds it, after the page has loaded. */
async function noticeHtml(page: Page): Promise<string> {
  assert.equal(await notices(page).count(), 1, 'exactly one notice');
  return notices(page).evaluate((element) => element.outerHTML);
}

test('built before the reviews were old, read in November 2026: every article gets the notice the build would write, at the same place', TEST_TIMEOUT, async () => {
  for (const article of articles()) {
    let added = '';
    await withPage('2026-11-25T15:00:00', async (page) => {
      await page.goto(`${early.url}${article.url}`);
      await scriptRan(page);
      added = await noticeHtml(page);
      assert.equal(await page.locator('article > header > [data-freshness-notice]:last-child').count(), 1, 'at the end of the article header');
      const text = (await notices(page).innerText()).trim();
      assert.match(text, /^This article may be out of date\. It was last reviewed on October \d{1,2}, 2025, and Medicare amounts change every year: check Medicare\.gov for this year's figures\.$/);
      assert.equal(await notices(page).getAttribute('role'), 'note');
      assert.ok(await notices(page).isVisible());
    });
    await withPage(undefined, async (page) => {
      await page.goto(`${late.url}${article.url}`);
      assert.equal(added, await noticeHtml(page), `${article.url}: the script's notice is the build's, element for element`);
    }, { javaScriptEnabled: false });
  }
});

test('the handouts get the same from the reader\'s date, beside their review date', TEST_TIMEOUT, async () => {
  let added = '';
  await withPage('2026-11-25T15:00:00', async (page) => {
    await page.goto(`${early.url}/education`);
    await scriptRan(page);
    added = await noticeHtml(page);
    assert.equal((await notices(page).innerText()).trim(), 'These handouts may be out of date. They were last reviewed on October 1, 2025.');
    assert.equal(await page.locator('.handouts-review > .article__trust + [data-freshness-notice]').count(), 1, 'right after the review line');
  });
  await withPage(undefined, async (page) => {
    await page.goto(`${late.url}/education`);
    assert.equal(added, await noticeHtml(page));
  }, { javaScriptEnabled: false });
});

test('a page whose HTML already says so keeps its one notice, whatever the reader\'s clock says', TEST_TIMEOUT, async () => {
  for (const now of ['2026-11-25T15:00:00', '2031-06-01T12:00:00', '2025-11-01T12:00:00']) {
    for (const url of [MA_ARTICLE().url, '/education']) {
      await withPage(now, async (page) => {
        await page.goto(`${late.url}${url}`);
        const built = await page.evaluate(async (address) => new DOMParser().parseFromString(await (await fetch(address)).text(), 'text/html').querySelector('[data-freshness-notice]')?.outerHTML, url);
        await scriptRan(page);
        assert.equal(await noticeHtml(page), built, `${url} at ${now}: not duplicated, not changed`);
      });
    }
  }
});

test('while the reader\'s date keeps the page current, the script adds nothing', TEST_TIMEOUT, async () => {
  await withPage('2025-12-31T23:30:00', async (page) => {
    for (const url of [...articles().map((article) => article.url), '/education']) {
      await page.goto(`${early.url}${url}`);
      await scriptRan(page);
      assert.equal(await notices(page).count(), 0, url);
    }
  });
});

test('a figure\'s year is over on the reader\'s January 1, before the review is a year old', TEST_TIMEOUT, async () => {
  await withPage('2026-01-01T00:30:00', async (page) => {
    await page.goto(`${early.url}${MA_ARTICLE().url}`);
    await scriptRan(page);
    assert.match(await notices(page).innerText(), /last reviewed on October 17, 2025, and Medicare amounts change every year/);
    await page.goto(`${early.url}/education`);
    await scriptRan(page);
    assert.equal(await notices(page).count(), 0, 'the handouts, reviewed on 2025-10-01, are still current');
  });
});

test('the reader\'s own calendar day decides, and the review day shows as written in every time zone', TEST_TIMEOUT, async () => {
  // 12:00 UTC on 2026-09-30 is already October 1 at UTC+14 and still September 30 at UTC-10.
  const instant = '2026-09-30T12:00:00Z';
  const shown = async (timezoneId: string, now: string) => {
    let text: string | undefined;
    await withPage(
      now,
      async (page) => {
        await page.goto(`${early.url}/education`);
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

test('an article with the notice the script added has no axe violation, at 1280 and 390 px', TEST_TIMEOUT, async () => {
  for (const width of [1280, 390]) {
    await withPage(
      '2026-11-25T15:00:00',
      async (page) => {
        await page.goto(`${early.url}${MA_ARTICLE().url}`);
        await scriptRan(page);
        assert.equal(await notices(page).count(), 1);
        assert.deepEqual(await axeViolations(page), [], `at ${width} px`);
        await page.goto(`${early.url}/education`);
        await scriptRan(page);
        assert.equal(await notices(page).count(), 1);
        assert.deepEqual(await axeViolations(page), [], `education at ${width} px`);
      },
      { viewport: { width, height: 800 } },
    );
  }
});
