/**
 * Keyboard and pointer access in Chromium (DECISIONS.md "Accessibility for
 * older readers": skip link first, keyboard reachable everything, visible
 * focus; WCAG 2.2 2.4.1, 2.4.7, 2.4.11, 2.5.8): the skip link, a full Tab
 * walk through article and education pages at desktop and phone widths, an
 * anchor target below the sticky header, and target sizes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { siteOfFile } from './browser.ts';
import { siteRoutes, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

/** Pages to check: every route but the aliases, which leave at once for their article. */
const pageRoutes = () => siteRoutes(site().build).filter((route) => route.kind !== 'alias');

// ---------------------------------------------------------------- skip link

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px: the first Tab on every page focuses the visible skip link, and Enter moves focus to #main`, TEST_TIMEOUT, async (t) => {
    await withPage(site(), viewport, async (page) => {
      for (const route of pageRoutes()) {
        await t.test(route.name, async () => {
          await page.goto(`${site().url}${route.path}`);
          const skip = page.locator('.skip-link');
          const before = await skip.boundingBox();
          assert.ok(before && before.y + before.height <= 0, 'the skip link is off screen until focused');

          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent?.trim(), href: document.activeElement?.getAttribute('href') }));
          assert.deepEqual(focused, { text: 'Skip to main content', href: '#main' });
          const box = await skip.boundingBox();
          assert.ok(box, 'rendered');
          assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, `inside the viewport: ${JSON.stringify(box)}`);
          assert.ok(box.width >= 24 && box.height >= 24, 'a usable size');

          await page.keyboard.press('Enter');
          await page.waitForFunction(() => document.activeElement?.id === 'main', null, { timeout: 5000 });
          // The next Tab continues inside the main content, not back in the header.
          await page.keyboard.press('Tab');
          const next = await page.evaluate(() => Boolean(document.activeElement?.closest('main, footer')));
          assert.ok(next, 'Tab after the skip goes on from the main content');
        });
      }
    });
  });
}

// ---------------------------------------------------------------- tab walk

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
  test(`at ${viewport.width} px: tabbing through each article (Tab and Shift+Tab), every focused element is in view, below the sticky header and has a visible focus ring`, TEST_TIMEOUT, async (t) => {
    await withPage(site(), viewport, async (page) => {
      for (const article of site().build.model.articles) {
        await t.test(article.slug, async () => {
          const stops = await assertTabWalk(page, `${site().url}${article.url}`, viewport);
          const names = stops.map((stop) => stop.name);
          assert.ok(names.some((name) => name.includes('Back to Top')), 'the Back to Top link is reachable');
          assert.ok(names.some((name) => name.includes('All Insights')), 'the All Insights link is reachable');
          assert.ok(names.some((name) => name.includes('Back to Top') && name.startsWith('<button')), 'the floating back-to-top button is reachable once shown');
        });
      }
    });
  });

  test(`at ${viewport.width} px: tabbing through /education (Tab and Shift+Tab), every focused element is in view, below the sticky header and has a visible focus ring`, TEST_TIMEOUT, async () => {
    await withPage(site(), viewport, async (page) => {
      const stops = await assertTabWalk(page, `${site().url}/education`, viewport);
      const pdfStops = stops.filter((stop) => stop.name.includes('Download PDF'));
      assert.equal(pdfStops.length, site().build.model.topics.length, 'every handout link is reachable');
    });
  });

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

// ---------------------------------------------------------------- target size

interface Target {
  name: string;
  width: number;
  height: number;
  /** A link inside a sentence or block of text (WCAG 2.5.8 "inline" exception). */
  inline: boolean;
  /** A 24 px circle on its centre meets no other target nor another small target's circle (WCAG 2.5.8 "spacing"). */
  spaced: boolean;
}

async function targets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const elements = Array.from(document.querySelectorAll<HTMLElement>('header a, header button, main a, main button')).filter((element) => {
      const rect = element.getBoundingClientRect();
      // Only what a pointer can reach: rendered and on the page (the skip link waits above it until focused).
      return rect.width > 0 && rect.height > 0 && rect.bottom + window.scrollY > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
    // No named helper functions in here: tsx would wrap them in a `__name` call that the page does not have.
    const boxes = elements.map((element) => element.getBoundingClientRect());
    const small = boxes.map((box) => box.width < 24 || box.height < 24);
    const centres = boxes.map((box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 }));
    return elements.map((element, index) => {
      const box = boxes[index]!;
      const block = element.parentElement?.closest('p, li, td, th, dd, blockquote, figcaption');
      const ownText = (element.textContent ?? '').trim();
      const blockText = (block?.textContent ?? '').trim();
      const inline = Boolean(block) && getComputedStyle(element).display === 'inline' && blockText.length > ownText.length + 10;
      const c = centres[index]!;
      const spaced = boxes.every((other, j) => {
        if (j === index) return true;
        const toBox = Math.hypot(Math.max(other.left - c.x, 0, c.x - other.right), Math.max(other.top - c.y, 0, c.y - other.bottom));
        if (toBox < 12) return false;
        if (small[j] && Math.hypot(c.x - centres[j]!.x, c.y - centres[j]!.y) < 24) return false;
        return true;
      });
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return { name: `<${element.tagName.toLowerCase()}> "${text}" ${element.getAttribute('href') ?? ''}`, width: box.width, height: box.height, inline, spaced };
    });
  });
}

test('target size: every link and button in the header and main content is at least 24×24 CSS px (WCAG 2.2 2.5.8, with its inline and spacing exceptions)', TEST_TIMEOUT, async (t) => {
  const under44 = new Set<string>();
  for (const viewport of VIEWPORTS) {
    await withPage(site(), viewport, async (page) => {
      for (const route of pageRoutes()) {
        await t.test(`${route.name} at ${viewport.width} px`, async () => {
          await page.goto(`${site().url}${route.path}`);
          const found = await targets(page);
          assert.ok(found.length >= 4, 'the page has targets (at least the logo and the three navigation links)');
          const failing = found.filter((target) => (target.width < 24 || target.height < 24) && !target.inline && !target.spaced);
          assert.deepEqual(
            failing.map((target) => `${target.name} ${target.width.toFixed(1)}×${target.height.toFixed(1)}`),
            [],
            `targets under 24×24 CSS px on ${route.path} at ${viewport.width} px`,
          );
          for (const target of found) {
            if ((target.width < 44 || target.height < 44) && !target.inline) {
              under44.add(`${route.path} at ${viewport.width}px: ${target.name} ${target.width.toFixed(1)}×${target.height.toFixed(1)}${target.width < 24 || target.height < 24 ? ' (under 24, passes by spacing)' : ''}`);
            }
          }
        });
      }
    });
  }
  // Not a failure (WCAG 2.5.5, 44×44, is AAA), but the stylesheet promises 44 px targets: report the exceptions.
  for (const line of under44) console.log(`[target < 44×44, not inline] ${line}`);
});
