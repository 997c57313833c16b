/**
 * What a reader meets, measured in Chromium (issue "Ready for patients"):
 * a phone header that keeps to its row once scrolled, with and without
 * JavaScript; anchors that land below the header at every width; a small
 * back-to-top icon button named like the article's link; neighbour titles
 * shown as text with Newer/Older labels; a focus ring of 3:1 or more on
 * every background; print with each outside address once and the page's
 * address and date; the education page in two columns on a desktop, with the
 * row that has an outside link laid out like every other.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openSite, type BrowserSite } from './browser.ts';
import { recordProblems, scrollAndSettle, scrollWithoutScript, TEST_TIMEOUT } from './support.ts';

let site: BrowserSite;

before(async () => {
  site = await openSite();
});

after(async () => {
  await site?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 640 };
const WIDTHS = [DESKTOP, PHONE, SMALL_PHONE] as const;

/** Where the header may end once scrolled, by viewport width (the limits). */
const HEADER_LIMIT: Record<number, number> = { 390: 72, 320: 80 };

async function withPage(viewport: { width: number; height: number }, body: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const context = await site.browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    await body(page);
    assert.deepEqual(problems.pageErrors, [], 'no uncaught error in the page');
  } finally {
    await context.close();
  }
}

const articles = () => site.build.model.articles;
/** An article with both a newer and an older neighbour. */
const middleArticle = () => {
  const article = articles()[1];
  assert.ok(article && articles().length >= 3, 'at least three articles');
  return article;
};

const headerBottom = (page: Page) => page.locator('[data-site-header]').evaluate((header) => header.getBoundingClientRect().bottom);

// ---------------------------------------------------------------- header

for (const javaScriptEnabled of [true, false]) {
  const scroll = javaScriptEnabled ? scrollAndSettle : scrollWithoutScript;
  for (const viewport of [PHONE, SMALL_PHONE]) {
    test(`header at ${viewport.width} px${javaScriptEnabled ? '' : ' without JavaScript'}: once scrolled it ends within ${HEADER_LIMIT[viewport.width]} px of the top, with every navigation item in view as a 44×44 target`, TEST_TIMEOUT, async () => {
      await withPage(
        viewport,
        async (page) => {
          for (const path of ['/', middleArticle().url, '/education', '/about']) {
            await page.goto(`${site.url}${path}`);
            await scroll(page, 1200);
            const bottom = await headerBottom(page);
            assert.ok(bottom > 0 && bottom <= HEADER_LIMIT[viewport.width]!, `${path}: header ends at ${bottom} px`);
            const items = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((links) =>
              links.map((link) => {
                const box = link.getBoundingClientRect();
                const x = box.left + box.width / 2;
                const y = box.top + box.height / 2;
                return { name: link.textContent?.replace(/\s+/g, ' ').trim() ?? '', left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height, onTop: link.contains(document.elementFromPoint(x, y)) };
              }),
            );
            assert.deepEqual(
              items.map((item) => item.name),
              ['About', 'Educational Resources', 'Insights'],
            );
            for (const item of items) {
              assert.ok(item.width >= 44 && item.height >= 44, `${path}: ${item.name} is ${item.width}×${item.height}`);
              assert.ok(item.left >= 0 && item.right <= viewport.width && item.top >= 0 && item.bottom <= bottom + 0.5, `${path}: ${item.name} in view: ${JSON.stringify(item)}`);
              assert.ok(item.onTop, `${path}: nothing covers ${item.name}`);
            }
          }
          // A scrolled page's header still navigates.
          await page.goto(`${site.url}${middleArticle().url}`);
          await scroll(page, 1200);
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Educational Resources' }).click();
          await page.waitForURL(`${site.url}/education`, { timeout: 5000 });
        },
        { javaScriptEnabled },
      );
    });
  }
}

test('header at 1280 px: one row, the brand and navigation in view once scrolled', TEST_TIMEOUT, async () => {
  await withPage(DESKTOP, async (page) => {
    await page.goto(`${site.url}${middleArticle().url}`);
    await scrollAndSettle(page, 1200);
    const bottom = await headerBottom(page);
    assert.ok(bottom <= 96, `header ends at ${bottom} px`);
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(brand && brand.y >= 0 && brand.y + brand.height <= bottom, 'the brand is in view');
  });
});

test('header on a phone: with keyboard focus inside it (the logo link), the whole header shows; a tap still follows the link', TEST_TIMEOUT, async () => {
  await withPage(PHONE, async (page) => {
    await page.goto(`${site.url}${middleArticle().url}`);
    await scrollAndSettle(page, 1200);
    // Tab from the page's start: the skip link, then the logo link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('brand')), true, 'the logo link has focus');
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(brand && brand.y >= 0, `the focused logo link is in view: ${JSON.stringify(brand)}`);
    // On to the navigation, which is in view anyway: the header slides back, and a click follows its link.
    await page.keyboard.press('Tab');
    assert.ok((await headerBottom(page)) <= HEADER_LIMIT[PHONE.width]!, 'the header is compact again');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(`${site.url}/insights`, { timeout: 5000 });
  });
});

// ---------------------------------------------------------------- anchors

/** Top of the element with `id` in the viewport, and where the header ends. */
const landing = (page: Page, id: string) =>
  page.evaluate((target) => {
    const element = document.getElementById(target);
    return { top: element?.getBoundingClientRect().top ?? Number.NaN, headerBottom: document.querySelector('[data-site-header]')!.getBoundingClientRect().bottom, height: window.innerHeight };
  }, id);

for (const viewport of [...WIDTHS, { width: 800, height: 800 }]) {
  test(`anchors at ${viewport.width} px: each education section link, and a direct link to a section, land the heading below the header`, TEST_TIMEOUT, async () => {
    await withPage(viewport, async (page) => {
      await page.goto(`${site.url}/education`);
      const anchors = await page.locator('.section-index a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice(1)));
      assert.ok(anchors.length >= 9, `the section index lists the system and its groups (${anchors.length})`);
      for (const anchor of anchors) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await page.locator(`.section-index a[href="#${anchor}"]`).click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, anchor, { timeout: 5000 });
        const { top, headerBottom: bottom, height } = await landing(page, anchor);
        assert.ok(top >= bottom - 0.5, `#${anchor}: heading top ${top} is below the header's bottom ${bottom}`);
        assert.ok(top < height, `#${anchor}: heading in the viewport`);
      }
      for (const anchor of ['hand-wrist', 'hip', 'general']) {
        await page.goto(`${site.url}/education#${anchor}`);
        await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000 });
        const { top, headerBottom: bottom } = await landing(page, anchor);
        assert.ok(top >= bottom - 0.5, `/education#${anchor}: heading top ${top} is below the header's bottom ${bottom}`);
      }
    });
  });

  test(`anchors at ${viewport.width} px: an article's footnote reference and its way back land below the header`, TEST_TIMEOUT, async () => {
    await withPage(viewport, async (page) => {
      for (const article of articles()) {
        await page.goto(`${site.url}${article.url}`);
        const reference = page.locator('.prose a[data-footnote-ref]').first();
        if ((await reference.count()) === 0) continue;
        const target = ((await reference.getAttribute('href')) ?? '').slice(1);
        await reference.click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, target, { timeout: 5000 });
        const there = await landing(page, target);
        assert.ok(there.top >= there.headerBottom - 0.5, `${article.url}#${target}: top ${there.top} below the header's bottom ${there.headerBottom}`);
        const back = page.locator(`[id="${target}"] a[data-footnote-backref]`).first();
        const backTarget = ((await back.getAttribute('href')) ?? '').slice(1);
        await back.click();
        await page.waitForFunction((id) => window.location.hash === `#${id}`, backTarget, { timeout: 5000 });
        const back2 = await landing(page, backTarget);
        assert.ok(back2.top >= back2.headerBottom - 0.5, `${article.url}#${backTarget}: top ${back2.top} below the header's bottom ${back2.headerBottom}`);
        return;
      }
      assert.fail('no article has a footnote to follow');
    });
  });
}

// ---------------------------------------------------------------- back to top

test('back to top: the floating button is an icon button of at most 56×56 px named "Back to Top", like the article’s link, at every width', TEST_TIMEOUT, async () => {
  for (const viewport of WIDTHS) {
    await withPage(viewport, async (page) => {
      await page.goto(`${site.url}${middleArticle().url}`);
      await scrollAndSettle(page, 1500);
      const button = page.getByRole('button', { name: 'Back to Top', exact: true });
      assert.equal(await button.count(), 1, 'one button named "Back to Top"');
      const box = await button.boundingBox();
      assert.ok(box, 'the button is shown');
      assert.ok(box.width <= 56 && box.height <= 56 && box.width >= 44 && box.height >= 44, `${viewport.width} px: ${box.width}×${box.height}`);
      assert.ok(box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, 'inside the viewport');
      const drawn = await button.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let words = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text counts as drawn unless it sits in a box of at most 1×1 px that hides what overflows (the name for assistive technology).
          let hidden = false;
          for (let parent = node.parentElement; parent && parent !== element.parentElement; parent = parent.parentElement) {
            const rect = parent.getBoundingClientRect();
            if (rect.width <= 1 && rect.height <= 1 && getComputedStyle(parent).overflow === 'hidden') hidden = true;
          }
          if (node.textContent!.trim() !== '' && !hidden) words++;
        }
        return { words, icon: element.querySelector('svg')?.getBoundingClientRect().width ?? 0 };
      });
      assert.deepEqual(drawn.words, 0, 'no visible words: an icon');
      assert.ok(drawn.icon >= 16, 'the arrow is drawn');
      assert.equal(await page.getByRole('link', { name: 'Back to Top', exact: true }).count(), 1, 'the article’s own link has the same words');
    });
  }
});

// ---------------------------------------------------------------- neighbours

test('previous/next: the neighbour’s title is visible text beside "Previous · Newer" and "Next · Older", at the top and bottom, at every width', TEST_TIMEOUT, async () => {
  const list = articles();
  for (const viewport of WIDTHS) {
    await withPage(viewport, async (page) => {
      for (const [index, article] of list.entries()) {
        await page.goto(`${site.url}${article.url}`);
        for (const [rel, neighbour, words] of [
          ['prev', list[index - 1], /Previous.*Newer/],
          ['next', list[index + 1], /Next.*Older/],
        ] as const) {
          const links = page.locator(`main a[rel="${rel}"]`);
          assert.equal(await links.count(), neighbour ? 2 : 0, `${article.url}: ${rel} links`);
          for (const link of await links.all()) {
            await link.scrollIntoViewIfNeeded();
            assert.equal(await link.locator('.sr-only').count(), 0, 'nothing in the link is visually hidden');
            const text = (await link.innerText()).replace(/\s+/g, ' ');
            assert.match(text, words);
            assert.ok(text.includes(neighbour!.title), `${rel} on ${article.url} shows "${neighbour!.title}": ${text}`);
            const title = link.locator('.article-nav__title');
            assert.equal((await title.innerText()).trim(), neighbour!.title);
            const shown = await title.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const range = document.createRange();
              range.selectNodeContents(element);
              const textBox = range.getBoundingClientRect();
              const x = box.left + Math.min(box.width / 2, 20);
              const y = box.top + Math.min(box.height / 2, 10);
              let clipped = false;
              for (let node: Element | null = element; node; node = node.parentElement) {
                const style = getComputedStyle(node);
                if (style.clip !== 'auto' || style.clipPath !== 'none' || style.visibility !== 'visible' || Number(style.opacity) < 1) clipped = true;
                if (node !== element && style.overflow !== 'visible') {
                  const outer = node.getBoundingClientRect();
                  if (textBox.left < outer.left - 0.5 || textBox.right > outer.right + 0.5 || textBox.top < outer.top - 0.5 || textBox.bottom > outer.bottom + 0.5) clipped = true;
                }
              }
              return { width: box.width, height: box.height, fontSize: parseFloat(getComputedStyle(element).fontSize), clipped, hit: element.contains(document.elementFromPoint(x, y)) };
            });
            assert.ok(shown.width > 50 && shown.height >= shown.fontSize, `the title has a real box: ${JSON.stringify(shown)}`);
            assert.ok(shown.fontSize >= 14, `the title is readable: ${shown.fontSize} px`);
            assert.equal(shown.clipped, false, 'the title is not clipped or hidden');
            assert.ok(shown.hit, 'the title is on top where it is drawn');
            const box = await link.boundingBox();
            assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${rel} link inside the width: ${JSON.stringify(box)}`);
          }
        }
      }
    });
  }
});

// ---------------------------------------------------------------- focus

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
    await withPage(viewport, async (page) => {
      for (const path of ['/', '/insights', middleArticle().url, '/education', '/about']) {
        await t.test(path, async () => {
          await page.goto(`${site.url}${path}`);
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
  await withPage(DESKTOP, async (page) => {
    await page.goto(`${site.url}${middleArticle().url}`);
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

// ---------------------------------------------------------------- print

/** A link's text is its address when the same but for case, a trailing slash, or a protocol left out (`www.ssa.gov`). */
function isAddress(text: string, href: string): boolean {
  const plain = (value: string) => value.trim().toLowerCase().replace(/\/+$/, '');
  return [plain(text), `http://${plain(text)}`, `https://${plain(text)}`].includes(plain(href));
}

/** Each outside link on paper: its text, its address and what is printed after it. */
const printedLinks = (page: Page) =>
  page.locator('a[href^="http"]').evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0 && getComputedStyle(link).visibility !== 'hidden')
      .map((link) => ({ text: (link as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), href: link.getAttribute('href') ?? '', after: getComputedStyle(link, '::after').content, inSources: Boolean(link.closest('.article__sources')) })),
  );

test('print: every outside link prints its address once (the sources too), and the page carries its address and the day it was printed', TEST_TIMEOUT, async (t) => {
  await withPage(DESKTOP, async (page) => {
    for (const path of [...articles().map((article) => article.url), '/education']) {
      await t.test(path, async () => {
        await page.goto(`${site.url}${path}`);
        await page.emulateMedia({ media: 'print' });
        const links = await printedLinks(page);
        assert.ok(links.length > 0, 'outside links are printed');
        for (const link of links) {
          if (isAddress(link.text, link.href)) assert.equal(link.after, 'none', `"${link.text}" is its address already: nothing after it`);
          else assert.equal(link.after, `" (${link.href})"`, `"${link.text}" prints its address`);
        }
        if (path !== '/education') assert.ok(links.filter((link) => link.inSources).length > 0, 'the sources are printed with their links');

        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        assert.ok(canonical, 'the page has a canonical address');
        const source = page.locator('.print-source');
        assert.ok(await source.isVisible(), 'the address line is printed');
        const printed = await source.innerText();
        assert.ok(printed.includes(canonical), `the printout says ${canonical}: ${printed}`);
        const today = await page.evaluate(() => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
        assert.ok(printed.includes(`Printed on ${today}`), `the printout is dated: ${printed}`);
        await page.emulateMedia({ media: 'screen' });
        assert.equal(await source.isVisible(), false, 'not on screen');
      });
    }
  });
});

test('print: the PDF Chromium prints of an article has no address written twice, and its address and date', TEST_TIMEOUT, async () => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const article = await site.build.withBody(middleArticle());
  assert.ok(article.allSources.length > 0, 'the article has sources');
  await withPage(DESKTOP, async (page) => {
    await page.clock.install({ time: new Date('2031-06-01T12:00:00') });
    await page.goto(`${site.url}${article.url}`);
    const pdf = await page.pdf({ format: 'Letter' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    const doubled = [...flat.matchAll(/(\S+) \((https?:\/\/[^)\s]+)\)/g)].filter((match) => isAddress(match[1]!, match[2]!));
    assert.deepEqual(
      doubled.map((match) => match[0]),
      [],
      'no address printed twice',
    );
    const canonical = `${site.build.model.site.siteUrl}${article.url}`;
    // A long address may break over two lines of the page.
    assert.ok(flat.replace(/ /g, '').includes(canonical), `the PDF carries ${canonical}`);
    assert.ok(flat.includes('Printed on June 1, 2031'), 'the PDF carries the day it was printed');
    for (const source of article.allSources) assert.ok(flat.replace(/ /g, '').includes(source.url), `the source ${source.url} is printed`);
  });
});

test('print without JavaScript: the address still prints (the date needs the script)', TEST_TIMEOUT, async () => {
  await withPage(
    DESKTOP,
    async (page) => {
      const article = middleArticle();
      await page.goto(`${site.url}${article.url}`);
      await page.emulateMedia({ media: 'print' });
      const printed = await page.locator('.print-source').innerText();
      assert.ok(printed.includes(`${site.build.model.site.siteUrl}${article.url}`), printed);
      assert.doesNotMatch(printed, /Printed on/);
    },
    { javaScriptEnabled: false },
  );
});

// ---------------------------------------------------------------- education

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Each handout row: its title, and the box of its title and of its first and last buttons. */
const topicRows = (page: Page) =>
  page.locator('.topic').evaluateAll((rows) =>
    rows.map((row) => {
      const links = Array.from(row.querySelectorAll('a'));
      const title = row.querySelector('.topic__title');
      // No named helper functions in here: tsx would wrap them in a `__name` call that the page does not have.
      const boxes = [title, links[0], links.at(-1)].map((element): Box => {
        const rect = element?.getBoundingClientRect() ?? new DOMRect(Number.NaN, Number.NaN);
        return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, left: rect.left, right: rect.right };
      });
      return { title: title?.textContent?.trim() ?? '', titleBox: boxes[0]!, first: boxes[1]!, last: boxes[2]!, links: links.length };
    }),
  );

test('education at 1280 px: the groups of handouts sit in two columns that use the width of the screen', TEST_TIMEOUT, async () => {
  await withPage(DESKTOP, async (page) => {
    await page.goto(`${site.url}/education`);
    const groups = await page.locator('.topic-group').evaluateAll((sections) => sections.map((section) => section.getBoundingClientRect()).map((rect) => ({ left: rect.left, right: rect.right, top: rect.top })));
    const lefts = [...new Set(groups.map((group) => Math.round(group.left)))];
    assert.equal(lefts.length, 2, `two columns of groups: ${JSON.stringify(lefts)}`);
    const [first, second] = groups;
    assert.ok(first && second && Math.abs(first.top - second.top) < 1 && second.left >= first.right, 'the first two groups side by side');
    const right = Math.max(...groups.map((group) => group.right));
    assert.ok(right > DESKTOP.width * 0.9, `the page uses the width: its groups end at ${right} px of ${DESKTOP.width}`);
  });
});

for (const viewport of [DESKTOP, { width: 900, height: 800 }, PHONE, SMALL_PHONE]) {
  test(`education at ${viewport.width} px: the Rotator Cuff row, the one with an outside link, is laid out like every other row`, TEST_TIMEOUT, async () => {
    await withPage(viewport, async (page) => {
      await page.goto(`${site.url}/education`);
      const rows = await topicRows(page);
      assert.equal(rows.length, site.build.model.topics.length);
      const withOutside = rows.filter((row) => row.links > 1);
      assert.deepEqual(
        withOutside.map((row) => row.title),
        ['Rotator Cuff Tears'],
      );
      const phone = viewport.width < 700;
      for (const row of rows) {
        if (phone) {
          // No room beside the title on a phone: in every row, the buttons start under it.
          assert.ok(row.first.top >= row.titleBox.bottom - 0.5, `${row.title}: buttons under the title`);
          assert.ok(Math.abs(row.first.left - row.titleBox.left) < 1, `${row.title}: buttons start at the title's left`);
        } else {
          // The first button's top on the title's row, and to its right, in every row alike.
          assert.ok(Math.abs(row.first.top - row.titleBox.top) < 1, `${row.title}: first button top ${row.first.top} level with the title's ${row.titleBox.top}`);
          assert.ok(row.first.left >= row.titleBox.right - 0.5, `${row.title}: the buttons to the right of the title`);
        }
        assert.ok(row.last.right <= viewport.width, `${row.title}: buttons inside the width`);
      }
      const rotator = withOutside[0]!;
      const other = rows.find((row) => row.title === 'Frozen Shoulder')!;
      assert.equal(Math.round(rotator.first.left - rotator.titleBox.left) > 0, Math.round(other.first.left - other.titleBox.left) > 0, 'the same side-by-side or stacked layout as Frozen Shoulder');
      if (phone) assert.equal(Math.round(rotator.first.left), Math.round(other.first.left), 'the PDF button starts where the other rows’ do');
      else assert.equal(Math.round(rotator.first.right), Math.round(other.first.right), 'the PDF button ends where the other rows’ do');
    });
  });
}
