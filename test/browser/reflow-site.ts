/**
 * The sample site with content a physician really writes, for the reflow
 * tests: a drug's long name in a title, a wide table of plans and a long line
 * of code, a checklist with lists inside and a footnote, and a longer name of
 * the physician; built, served, and opened in Chromium at a width with the
 * browser's text size, spacing and colours set as a reader sets them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { buildSampleSiteInto, copySampleSite } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { setBrowserTextSize } from './support.ts';

export const LONG_TITLE = '/insights/hydrochlorothiazide-and-potassium';
export const WIDE_TABLE = '/insights/comparing-plans-side-by-side';
export const CHECKLIST = '/insights/before-you-choose-a-plan';
const STEPS = [
  'Before you choose a plan, write these down.[^1]',
  '',
  '- [ ] Write down every doctor you see, with the hospital each of them works at',
  '  - [ ] Your primary care doctor and the practice they belong to',
  '  - [ ] Each specialist',
  '- [x] List your medicines',
  '  - Include the dose and how often you take each one',
  '',
  '[^1]: Bring the list to your visit.',
].join('\n');
const PLANS = [
  '| Plan type | Monthly premium | Yearly deductible | Out-of-pocket maximum | Prescription coverage | Doctor network | Referrals |',
  '|---|---|---|---|---|---|---|',
  '| Original Medicare with Medigap Plan G | Part B plus Medigap premium | Part B deductible | None with Medigap | Separate Part D plan | Any doctor who accepts Medicare | Not needed |',
  '| Medicare Advantage HMO | Often $0 | Varies | Up to the legal cap | Usually included | Plan network only | Usually needed |',
].join('\n');
/** A line longer than any screen, as a physician might quote a plan's ID and its phone hours. */
const PLAN_ID = '```\nPlan ID: H1234-567-000 | Member services: call the number on the back of your card, 8 a.m. to 8 p.m., seven days a week\n```';

/** How wide the page is, which is the screen's width unless something pushes it sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** WCAG 1.4.12's text spacing, as a reader's own style sheet sets it. */
const TEXT_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** How a reader has set the browser: its text size (16 px is the browser's own), a high-contrast mode, WCAG's wider text spacing. */
export interface ReaderSettings {
  textSize?: number;
  forcedColors?: boolean;
  spacing?: boolean;
}

/**
 * The site for the tests of one file: built and served, with Chromium, before
 * its first test and closed after its last.
 *
 * @returns a function that opens a page of it at a width, as a reader has set the browser
 */
export function reflowSiteOfFile(): (route: string, width: number, options?: ReaderSettings) => Promise<Page> {
  let browser: Browser | undefined;
  let url = '';
  let close = async () => {};
  before(async () => {
    const site = await copySampleSite();
    const article = (slug: string, title: string, body: string) =>
      writeFile(path.join(site.contentDir, 'insights', `${slug}.md`), `---\ntitle: "${title}"\nsummary: "Hydrochlorothiazide (a water pill) and esophagogastroduodenoscopy, explained."\ndate: 2025-10-23\n---\n\n${body}\n`);
    await article('hctz', 'Hydrochlorothiazide and Potassium', 'This is educational, not advice.');
    await article('plans', 'Comparing Plans Side by Side', `This is educational, not advice.\n\n${PLANS}\n\nWrite down your plan's ID:\n\n${PLAN_ID}`);
    await article('steps', 'Before You Choose a Plan', `This is educational, not advice.\n\n${STEPS}`);
    const identity = path.join(site.contentDir, 'site.md');
    await writeFile(identity, (await readFile(identity, 'utf8')).replace(/^name: .*$/m, 'name: "Dr. Alejandra María Fernández-Rodríguez"'));
    const outDir = path.join(site.root, 'out');
    await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
    const server = await serveDirectory(outDir);
    const started = await launchChromium();
    browser = started;
    url = server.url;
    close = async () => {
      await started.close();
      await server.close();
      await site.cleanup();
    };
  });
  after(() => close());

  return async (route, width, options = {}) => {
    if (browser === undefined) throw new Error('The site opens in a before hook: open pages within a test.');
    // A reader's own style sheet is not bound by the page's Content-Security-Policy; the test's added one is, unless told.
    const context = await browser.newContext({ viewport: { width, height: 800 }, forcedColors: options.forcedColors === true ? 'active' : 'none', bypassCSP: options.spacing === true });
    const page = await context.newPage();
    await setBrowserTextSize(page, context, options.textSize ?? 16);
    await page.goto(`${url}${route}`);
    if (options.spacing === true) await page.addStyleTag({ content: TEXT_SPACING });
    return page;
  };
}
