/**
 * Keyboard focus as a reader sees it, measured in Chromium (issue "Ready
 * for patients"): a focus ring of 3:1 or more on every background, the navy
 * footer and the floating button included.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, middleArticle, scrollAndSettle, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours (opaque ones). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b2] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

interface FocusRing {
  name: string;
  inFooter: boolean;
  outline: string;
  outlineStyle: string;
  outlineWidth: number;
  /** The colour behind the ring: the nearest ancestor's opaque background. */
  behind: string;
}

/** Tabs through the whole page and reads, at each stop, the ring's colour and the background it is drawn on. */
async function focusRings(page: Page): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  for (let step = 0; step < 250; step++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return undefined;
      const style = getComputedStyle(element);
      let behind = 'rgb(255, 255, 255)';
      for (let node = element.parentElement; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(background);
        if (background !== 'transparent' && !(alpha && Number(alpha[1]) === 0)) {
          behind = background;
          break;
        }
      }
      return {
        name: `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`,
        inFooter: Boolean(element.closest('footer')),
        outline: style.outlineColor,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        behind,
      };
    });
    if (!ring) break;
    if (rings.length > 0 && ring.name === rings[0]!.name) break;
    rings.push(ring);
  }
  return rings;
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`focus at ${viewport.width} px: the ring of every link and button contrasts 3:1 or more with the background it sits on, the navy footer included`, TEST_TIMEOUT, async (t) => {
    await withPage(site(), viewport, async (page) => {
      for (const path of ['/', '/insights', middleArticle(site()).url, '/education', '/about']) {
        await t.test(path, async () => {
          await page.goto(`${site().url}${path}`);
          const rings = await focusRings(page);
          assert.ok(rings.some((ring) => ring.inFooter), 'footer links were focused');
          assert.ok(rings.some((ring) => !ring.inFooter), 'page links were focused');
          const weak = rings
            .map((ring) => ({ ...ring, ratio: contrast(ring.outline, ring.behind) }))
            .filter((ring) => ring.outlineStyle === 'none' || ring.outlineWidth < 2 || ring.ratio < 3)
            .map((ring) => `${ring.name}${ring.inFooter ? ' (footer)' : ''}: ${ring.outlineStyle} ${ring.outlineWidth}px ${ring.outline} on ${ring.behind} = ${ring.ratio.toFixed(2)}:1`);
          assert.deepEqual(weak, [], `focus rings under 3:1 on ${path}`);
        });
      }
    });
  });
}

test('focus: the floating button’s ring contrasts 3:1 or more with both the page and the navy footer it can float over', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}${middleArticle(site()).url}`);
    await scrollAndSettle(page, 1500);
    const button = page.getByRole('button', { name: 'Back to Top', exact: true });
    await page.locator('main a').last().focus();
    await page.keyboard.press('Tab');
    // Tab past the footer's links to the button, the last stop of the page.
    for (let step = 0; step < 30 && !(await button.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab');
    assert.ok(await button.evaluate((element) => element === document.activeElement), 'the button takes focus');
    const colours = await page.evaluate(() => ({
      ring: getComputedStyle(document.activeElement!).outlineColor,
      page: getComputedStyle(document.documentElement).backgroundColor,
      footer: getComputedStyle(document.querySelector('footer')!).backgroundColor,
    }));
    assert.ok(contrast(colours.ring, colours.page) >= 3, `on the page: ${JSON.stringify(colours)}`);
    assert.ok(contrast(colours.ring, colours.footer) >= 3, `on the footer: ${JSON.stringify(colours)}`);
  });
});
