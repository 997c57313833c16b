/**
 * The keyboard through a whole page in Chromium (DECISIONS.md "Accessibility
 * for older readers": keyboard reachable everything, visible focus; WCAG 2.2
 * 2.4.7, 2.4.11): a full Tab walk, forward and back, through article and
 * education pages at desktop and phone widths, and an anchor target below the
 * sticky header. The skip link and target sizes are in keyboard.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addressIn, LANGUAGES } from '../../build/lib/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import { siteOfFile } from './browser.ts';
import { articlesIn, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

interface FocusStop {
  step: number;
  /** A readable name: tag, text and href. */
  name: string;
  inHeader: boolean;
  isSkipLink: boolean;
  isBody: boolean;
  rect: { top: number; left: number; bottom: number; right: number };
  viewport: { width: number; height: number };
  headerBottom: number;
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
  /** How much of the element's box the floating back-to-top button covers, 0–1 (WCAG 2.4.11 forbids 1). */
  coveredByFloatingButton: number;
}

async function focusStop(page: Page, step: number): Promise<FocusStop> {
  return page.evaluate((stepNumber) => {
    const element = document.activeElement ?? document.body;
    const rect = element.getBoundingClientRect();
    const header = document.querySelector('[data-site-header]')!;
    const style = getComputedStyle(element);
    const button = document.querySelector<HTMLElement>('[data-back-to-top]');
    let covered = 0;
    if (button && !button.hidden && button !== element && rect.width > 0 && rect.height > 0) {
      const b = button.getBoundingClientRect();
      const w = Math.max(0, Math.min(rect.right, b.right) - Math.max(rect.left, b.left));
      const h = Math.max(0, Math.min(rect.bottom, b.bottom) - Math.max(rect.top, b.top));
      covered = (w * h) / (rect.width * rect.height);
    }
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return {
      step: stepNumber,
      name: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${text}" ${element.getAttribute('href') ?? ''}`,
      inHeader: header.contains(element),
      isSkipLink: element.classList.contains('skip-link'),
      isBody: element === document.body || element === document.documentElement,
      rect: { top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right },
      viewport: { width: window.innerWidth, height: window.innerHeight },
      headerBottom: header.getBoundingClientRect().bottom,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      boxShadow: style.boxShadow,
      coveredByFloatingButton: covered,
    };
  }, step);
}

/** Problems of one focus stop: not fully in view, under the sticky header or the floating button, no visible focus. */
function focusProblems(stop: FocusStop): string[] {
  const problems: string[] = [];
  const { rect, viewport } = stop;
  const tolerance = 0.5;
  if (rect.top < -tolerance || rect.left < -tolerance || rect.bottom > viewport.height + tolerance || rect.right > viewport.width + tolerance) {
    problems.push(`not fully in the viewport: ${JSON.stringify(rect)} in ${viewport.width}×${viewport.height}`);
  }
  if (!stop.inHeader && rect.top < stop.headerBottom - tolerance) {
    problems.push(`hidden under the sticky header: top ${rect.top.toFixed(1)} < header bottom ${stop.headerBottom.toFixed(1)}`);
  }
  if (stop.coveredByFloatingButton >= 0.999) problems.push('entirely covered by the floating back-to-top button');
  const outline = stop.outlineStyle !== 'none' && stop.outlineWidth >= 2;
  const shadow = stop.boxShadow !== 'none' && stop.boxShadow !== '';
  if (!outline && !shadow) problems.push(`no visible focus indicator (outline ${stop.outlineStyle} ${stop.outlineWidth}px, box-shadow ${stop.boxShadow})`);
  return problems;
}

/**
 * Presses `key` (Tab, or Shift+Tab to walk back) until focus comes back to
 * the body or the skip link; returns every stop on the way.
 */
async function tabWalk(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let step = 1; step <= 200; step++) {
    await page.keyboard.press(key);
    const stop = await focusStop(page, step);
    if ((step > 1 || key === 'Shift+Tab') && (stop.isBody || (stop.isSkipLink && key === 'Tab'))) return stops;
    stops.push(stop);
    if (stop.isSkipLink && key === 'Shift+Tab') return stops;
  }
  assert.fail(`focus did not come back to the start within 200 presses of ${key}`);
}

/**
 * Walks the page forward with Tab, then back with Shift+Tab (where the
 * browser scrolls each element in at the top edge, under a sticky header if
 * the page forgets to keep room for it), checking every stop.
 */
async function assertTabWalk(page: Page, url: string, viewport: Viewport): Promise<FocusStop[]> {
  await page.goto(url);
  const stops = await tabWalk(page, 'Tab');
  assert.ok(stops.length > 5, `only ${stops.length} focus stops`);
  assert.ok(stops[0]!.isSkipLink, 'the skip link first');
  const backwards = await tabWalk(page, 'Shift+Tab');
  assert.deepEqual(
    backwards.map((stop) => stop.name),
    stops.map((stop) => stop.name).reverse(),
    'Shift+Tab visits the same elements in reverse order',
  );
  const problems = [...stops.map((stop) => ['Tab', stop] as const), ...backwards.map((stop) => ['Shift+Tab', stop] as const)].flatMap(([key, stop]) =>
    focusProblems(stop).map((problem) => `  ${key} ${stop.step} ${stop.name}: ${problem}`),
  );
  const partlyCovered = [...stops, ...backwards].filter((stop) => stop.coveredByFloatingButton > 0 && stop.coveredByFloatingButton < 0.999);
  for (const stop of partlyCovered) {
    console.log(`[focus] ${new URL(url).pathname} at ${viewport.width}px: ${stop.name} is ${Math.round(stop.coveredByFloatingButton * 100)}% under the floating back-to-top button`);
  }
  assert.deepEqual(problems, [], `focus problems on ${url} at ${viewport.width} px:\n${problems.join('\n')}`);
  return stops;
}

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    const words = messagesFor(language);
    test(`at ${viewport.width} px: tabbing through each article in ${language} (Tab and Shift+Tab), every focused element is in view, below the sticky header and has a visible focus ring`, TEST_TIMEOUT, async (t) => {
      await withPage(site(), viewport, async (page) => {
        for (const article of articlesIn(site(), language)) {
          await t.test(article.slug, async () => {
            const stops = await assertTabWalk(page, `${site().url}${article.url}`, viewport);
            const names = stops.map((stop) => stop.name);
            assert.ok(names.some((name) => name.includes(words.document.backToTop)), `the ${words.document.backToTop} link is reachable`);
            assert.ok(names.some((name) => name.includes(words.article.allInsights)), `the ${words.article.allInsights} link is reachable`);
            assert.ok(names.some((name) => name.includes(words.document.backToTop) && name.startsWith('<button')), 'the floating back-to-top button is reachable once shown');
          });
        }
      });
    });

    const education = addressIn(language, '/education');
    test(`at ${viewport.width} px: tabbing through ${education} (Tab and Shift+Tab), every focused element is in view, below the sticky header and has a visible focus ring`, TEST_TIMEOUT, async () => {
      await withPage(site(), viewport, async (page) => {
        const stops = await assertTabWalk(page, `${site().url}${education}`, viewport);
        const pdfStops = stops.filter((stop) => stop.name.includes(words.education.downloadPdf));
        assert.equal(pdfStops.length, site().build.model.topics.length, 'every handout link is reachable');
      });
    });
  }

  test(`at ${viewport.width} px: /education#hand-wrist puts its heading below the sticky header`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      await page.goto(`${site().url}/education#hand-wrist`);
      await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000 });
      const { top, bottom, headerBottom, height } = await page.evaluate(() => {
        const heading = document.getElementById('hand-wrist')!.getBoundingClientRect();
        return { top: heading.top, bottom: heading.bottom, headerBottom: document.querySelector('[data-site-header]')!.getBoundingClientRect().bottom, height: window.innerHeight };
      });
      assert.ok(top >= headerBottom, `heading top ${top} is under the header (bottom ${headerBottom})`);
      assert.ok(bottom <= height, 'heading inside the viewport');
      assert.equal(await page.locator('#hand-wrist').evaluate((element) => element.tagName), 'H3');
    });
  });
}
