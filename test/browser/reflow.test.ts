/**
 * Pages that reflow, in Chromium, with content a physician really writes: a
 * drug's or a procedure's long name in a title, a wide table of plans, a
 * longer name of the physician, a larger text size set in the browser, a
 * high-contrast mode, a checklist with lists inside and a footnote. Nothing
 * pushes the page sideways or off the screen.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { buildSampleSiteInto, copySampleSite } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { axeViolations, setBrowserTextSize, TEST_TIMEOUT } from './support.ts';

const LONG_TITLE = '/insights/hydrochlorothiazide-and-potassium';
const WIDE_TABLE = '/insights/comparing-plans-side-by-side';
const CHECKLIST = '/insights/before-you-choose-a-plan';
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

let browser: Browser;
let url: string;
let close: () => Promise<void>;

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
  browser = await launchChromium();
  url = server.url;
  close = async () => {
    await browser.close();
    await server.close();
    await site.cleanup();
  };
});
after(() => close());

/** A page at a width, with the browser's text size set as a reader sets it (16 px is the browser's own). */
async function open(route: string, width: number, options: { textSize?: number; forcedColors?: boolean; spacing?: boolean } = {}): Promise<Page> {
  // A reader's own style sheet is not bound by the page's Content-Security-Policy; the test's added one is, unless told.
  const context = await browser.newContext({ viewport: { width, height: 800 }, forcedColors: options.forcedColors === true ? 'active' : 'none', bypassCSP: options.spacing === true });
  const page = await context.newPage();
  await setBrowserTextSize(page, context, options.textSize ?? 16);
  await page.goto(`${url}${route}`);
  if (options.spacing === true) await page.addStyleTag({ content: TEXT_SPACING });
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a long word in a title or a summary breaks at the screen’s edge at 320 and 390 px: no page is wider than the screen', TEST_TIMEOUT, async () => {
  for (const width of [320, 390]) {
    for (const route of ['/', '/insights', LONG_TITLE, '/about']) {
      const page = await open(route, width);
      assert.equal(await pageWidth(page), width, `${route} at ${width} px`);
      await page.context().close();
    }
  }
});

test('with the browser’s text at 32 px on a 390 px phone, the office’s phone number, the practice’s facts, the home page’s topics and the section list stay on the screen', TEST_TIMEOUT, async () => {
  // The home page draws two topics at random on each visit: several visits meet the long words among them.
  for (const route of ['/', '/', '/', '/', '/', '/', '/about', '/education']) {
    const page = await open(route, 390, { textSize: 32 });
    const topics = await page.locator('.teaser-topic a').allInnerTexts();
    assert.equal(await pageWidth(page), 390, `${route} ${topics.join(', ')}`);
    await page.context().close();
  }
});

test('a table wider than the text column scrolls in its own box; the page does not', TEST_TIMEOUT, async () => {
  for (const width of [640, 800, 1280]) {
    const page = await open(WIDE_TABLE, width);
    assert.equal(await pageWidth(page), width, `the page at ${width} px`);
    const scrolls = await page.locator('.table-scroll').evaluate((element) => element.scrollWidth > element.clientWidth);
    assert.ok(scrolls, `the table scrolls in its box at ${width} px`);
    await page.context().close();
  }
});

test('the keyboard reaches a wide table where it scrolls, and its arrow keys scroll it; a long line of a code block wraps; axe-core finds nothing on the page at 320, 800 and 1280 px', TEST_TIMEOUT, async () => {
  for (const width of [320, 800, 1280]) {
    const page = await open(WIDE_TABLE, width);
    assert.deepEqual(await axeViolations(page), [], `at ${width} px`);
    const code = await page.locator('.prose pre').evaluate((element) => ({ scrolls: element.scrollWidth > element.clientWidth, lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)) }));
    assert.equal(code.scrolls, false, `the code block does not scroll at ${width} px`);
    assert.ok(code.lines > 1, `its line wraps at ${width} px: ${JSON.stringify(code)}`);
    // On a phone the rows are stacked: nothing to scroll, and no stop for the keyboard.
    if (width === 320) {
      assert.equal(await page.locator('.table-scroll').getAttribute('tabindex'), null, 'no keyboard stop on a phone');
      await page.context().close();
      continue;
    }
    const box = page.locator('.table-scroll');
    for (let presses = 0; presses < 30 && !(await box.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    assert.equal(await box.evaluate((element) => element === document.activeElement), true, `the table's box takes the focus at ${width} px`);
    assert.equal(await box.getAttribute('aria-label'), 'Table: Plan type, Monthly premium, Yearly deductible, Out-of-pocket maximum, Prescription coverage, Doctor network, Referrals');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('.table-scroll')?.scrollLeft ?? 0) > 0);
    await page.context().close();
  }
});

/** WCAG 1.4.12's text spacing, as a reader's own style sheet sets it. */
const TEXT_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

test('with the browser’s text at 20 px, or the wider spacing WCAG asks to allow, every tab of the navigation is on the screen at 390 and 320 px', TEST_TIMEOUT, async () => {
  for (const [width, options] of [[390, { textSize: 20 }], [320, { textSize: 20 }], [390, { spacing: true }], [320, { spacing: true }]] as const) {
    const page = await open('/insights', width, options);
    const tabs = await page.locator('.site-nav a').evaluateAll((links) => links.map((link) => link.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
    assert.equal(tabs.length, 3);
    for (const tab of tabs) assert.ok(tab.left >= 0 && tab.right <= width, `a tab from ${tab.left} to ${tab.right} at ${width} px`);
    assert.equal(await pageWidth(page), width);
    await page.context().close();
  }
});

test('a longer name of the physician stays whole in height in the phone’s header: one line, ended by an ellipsis, never cut through', TEST_TIMEOUT, async () => {
  for (const width of [390, 320]) {
    const page = await open('/', width);
    const lines = await page.locator('.brand__name, .brand__specialty').evaluateAll((spans) => spans.map((span) => ({ top: span.getBoundingClientRect().top, bottom: span.getBoundingClientRect().bottom, ending: getComputedStyle(span).textOverflow })));
    const brand = await page.locator('.brand').evaluate((element) => ({ top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom }));
    for (const line of lines) assert.ok(line.top >= brand.top && line.bottom <= brand.bottom, `a line from ${line.top} to ${line.bottom} within the header's ${brand.top}–${brand.bottom} at ${width} px`);
    assert.deepEqual(lines.map((line) => line.ending), ['ellipsis', 'ellipsis']);
    await page.context().close();
  }
});

test('in a high-contrast mode the current section’s tab is marked by a border, which that mode keeps', TEST_TIMEOUT, async () => {
  const page = await open('/insights', 1280, { forcedColors: true });
  const borders = await page.locator('.site-nav a').evaluateAll((links) => links.map((link) => [link.getAttribute('aria-current'), getComputedStyle(link).borderTopWidth]));
  assert.deepEqual(borders, [[null, '0px'], [null, '0px'], ['page', '2px']]);
  await page.context().close();
});

test('a checklist item that wraps, and a list inside it, start under its words, not under its box; a footnote mark is big enough to tap', TEST_TIMEOUT, async () => {
  for (const width of [320, 390, 1280]) {
    const page = await open(CHECKLIST, width);
    // No named functions inside: the test's compiler would name them with a helper the page does not have.
    const layout = await page.evaluate(() => {
      const first = document.querySelector('.contains-task-list > .task-list-item');
      const range = document.createRange();
      const text = [...(first?.querySelector(':scope > label')?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (text !== undefined) range.selectNodeContents(text);
      return {
        boxRight: Math.round(first?.querySelector(':scope > label > input')?.getBoundingClientRect().right ?? NaN),
        wordLines: text === undefined ? [] : [...range.getClientRects()].map((rect) => Math.round(rect.left)),
        innerBox: Math.round(document.querySelector('.task-list-item .task-list-item > label > input')?.getBoundingClientRect().left ?? NaN),
        innerBullet: Math.round(document.querySelector('.task-list-item > ul:not(.contains-task-list) > li')?.getBoundingClientRect().left ?? NaN),
        targets: ['[data-footnote-ref]', '[data-footnote-backref]'].map((selector) => document.querySelector(selector)?.getBoundingClientRect()).map((rect) => [Math.floor(rect?.width ?? 0), Math.floor(rect?.height ?? 0)]),
      };
    });
    const words = layout.wordLines[0] ?? NaN;
    assert.ok(words > layout.boxRight, `the words start past the box at ${width} px: ${JSON.stringify(layout)}`);
    if (width < 1280) assert.ok(layout.wordLines.length > 1, `the first item wraps at ${width} px`);
    assert.ok(layout.wordLines.every((lineLeft) => lineLeft === words), `every line of the item starts where its words do at ${width} px: ${JSON.stringify(layout)}`);
    assert.ok(Math.abs(layout.innerBox - words) <= 2, `the inner item's box starts under the words at ${width} px: ${JSON.stringify(layout)}`);
    assert.ok(layout.innerBullet >= words, `the inner list starts under the words at ${width} px: ${JSON.stringify(layout)}`);
    for (const [targetWidth, targetHeight] of layout.targets) assert.ok((targetWidth ?? 0) >= 24 && (targetHeight ?? 0) >= 24, `a footnote's mark is at least 24 px each way at ${width} px: ${JSON.stringify(layout)}`);
    assert.equal(await pageWidth(page), width);
    await page.context().close();
  }
});
