/**
 * The sites of the review-notice tests (issue 24): the sample built on
 * 2025-11-01, when every review is current, and on 2026-11-25, when every
 * review is old and the 2025 figures are over, both served, and Chromium;
 * a page opened with its clock set to the reader's date.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import type { SitePlan } from '../../build/pipeline.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { buildSampleSiteInto } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { recordProblems } from './support.ts';

interface Served {
  url: string;
  plan: SitePlan;
  close: () => Promise<void>;
}

export interface NoticeSites {
  browser: Browser;
  /** Built when every review was current: the HTML says nothing. */
  early: Served;
  /** Built when every review was old and the 2025 figures over: the HTML says so. */
  late: Served;
}

async function serve(folder: string, today: CalendarDay): Promise<Served> {
  const outDir = path.join(folder, today);
  const plan = await buildSampleSiteInto(outDir, { today });
  const server = await serveDirectory(outDir);
  return { url: server.url, plan, close: server.close };
}

/** The two sites and Chromium for the tests of one file: opened before its first test, closed after its last. Call the result within a test. */
export function noticeSitesOfFile(): () => NoticeSites {
  let folder: string | undefined;
  let sites: Partial<NoticeSites> = {};
  before(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'review-notices-'));
    sites = { early: await serve(folder, '2025-11-01'), late: await serve(folder, '2026-11-25'), browser: await launchChromium() };
  });
  after(async () => {
    await sites.browser?.close();
    await sites.early?.close();
    await sites.late?.close();
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });
  return () => {
    const { browser, early, late } = sites;
    if (browser === undefined || early === undefined || late === undefined) throw new Error('The sites open in a before hook: use them within a test.');
    return { browser, early, late };
  };
}

/** A page whose clock stands at `now` (when given), in a fresh context, closed after. */
export async function withPage(sites: NoticeSites, now: string | undefined, body: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const context = await sites.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...options });
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
export async function scriptRan(page: Page): Promise<void> {
  await page.waitForLoadState('load');
}

export const notices = (page: Page) => page.locator('[data-freshness-notice]');

/** The English article reviewed on 2025-10-17, which quotes 2025 figures. */
export const reviewedOctober17 = (sites: NoticeSites) => sites.early.plan.model.articles.find((article) => article.language === 'en' && article.lastReviewed === '2025-10-17')!;

/** The notice's element as the browser holds it, after the page has loaded. */
export async function noticeHtml(page: Page): Promise<string> {
  assert.equal(await notices(page).count(), 1, 'exactly one notice');
  return notices(page).evaluate((element) => element.outerHTML);
}
