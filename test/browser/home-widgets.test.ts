/**
 * The widget script on the home page in Chromium, one spec clause per test
 * (spec §2 Home; DECISIONS.md "Behaviour in the browser"): the random topic
 * pair, the current year and the "View All" links.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { pickRandom } from '../../build/lib/random-pick.ts';
import { siteOfFile } from './browser.ts';
import { DESKTOP, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

// ---------------------------------------------------------------- home topic teasers

interface Teaser {
  title: string;
  href: string;
}

const teasers = (page: Page): Promise<Teaser[]> =>
  page.locator('[data-topic-teaser] > li').evaluateAll((items) =>
    items.map((item) => {
      const link = item.querySelector('a');
      return { title: link?.textContent?.trim() ?? '', href: link?.getAttribute('href') ?? '' };
    }),
  );

/** The topic pair written into the home page's HTML at build time. */
function buildTimePair(): string[] {
  const home = readFileSync(path.join(site().outDir, 'index.html'), 'utf8');
  const list = /<ul[^>]*data-topic-teaser[^>]*>([\s\S]*?)<\/ul>/.exec(home);
  assert.ok(list, 'the home page has the teaser list');
  return [...list[1]!.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!.replace(/&#x27;/g, "'").replace(/&amp;/g, '&'));
}

test('home topic teasers: exactly 2 items, each linking to /education#{anchor} where that section lists the topic', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/`);
    const shown = await teasers(page);
    assert.equal(shown.length, 2, `two topics, got ${JSON.stringify(shown)}`);
    assert.equal(await page.locator('[data-topic-teaser] > li:visible').count(), 2);
    for (const teaser of shown) assert.match(teaser.href, /^\/education#[a-z0-9]+(?:-[a-z0-9]+)*$/);
    assert.notEqual(shown[0]!.title, shown[1]!.title, 'two different topics');

    await page.goto(`${site().url}/education`);
    for (const teaser of shown) {
      const anchor = teaser.href.split('#')[1]!;
      assert.equal(await page.locator(`[id="${anchor}"]`).count(), 1, `#${anchor} exists on /education`);
      const section = page.locator(`section[aria-labelledby="${anchor}"]`);
      assert.ok((await section.getByText(teaser.title, { exact: true }).count()) >= 1, `${teaser.title} is listed under #${anchor}`);
    }
  });
});

test('home topic teasers: with Math.random replaced by a fixed sequence, the pair is the one pickRandom draws', TEST_TIMEOUT, async () => {
  const sequence = [0.61, 0.07, 0.93, 0.42];
  const fixed = () => {
    let index = 0;
    return () => sequence[index++ % sequence.length]!;
  };
  const expected = pickRandom(site().build.model.topics, 2, fixed()).map((topic) => topic.title);
  assert.notDeepEqual(expected, buildTimePair(), 'the sequence must give a pair other than the build-time one, or the test proves nothing');
  await withPage(site(), DESKTOP, async (page, context) => {
    await context.addInitScript((values: number[]) => {
      let index = 0;
      Math.random = () => values[index++ % values.length]!;
    }, sequence);
    await page.goto(`${site().url}/`);
    assert.deepEqual(
      (await teasers(page)).map((teaser) => teaser.title),
      expected,
    );
    const byTitle = new Map(site().build.model.topics.map((topic) => [topic.title, topic]));
    assert.deepEqual(
      (await teasers(page)).map((teaser) => teaser.href),
      expected.map((title) => `/education#${byTitle.get(title)!.sectionAnchor}`),
    );
  });
});

test('home topic teasers: 8 fresh loads with real randomness show at least 2 different pairs', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    const pairs = new Set<string>();
    for (let load = 0; load < 8; load++) {
      await page.goto(`${site().url}/`);
      const shown = await teasers(page);
      assert.equal(shown.length, 2);
      pairs.add(shown.map((teaser) => teaser.title).join(' + '));
    }
    assert.ok(pairs.size >= 2, `only one pair in 8 loads: ${[...pairs].join(', ')}`);
  });
});

test('home topic teasers: without JavaScript, the build-time pair from the HTML is shown', TEST_TIMEOUT, async () => {
  const expected = buildTimePair();
  assert.equal(expected.length, 2);
  await withPage(site(), DESKTOP, 
    async (page) => {
      await page.goto(`${site().url}/`);
      assert.deepEqual(
        (await teasers(page)).map((teaser) => teaser.title),
        expected,
      );
      assert.equal(await page.locator('[data-topic-teaser] > li:visible').count(), 2);
    },
    { javaScriptEnabled: false },
  );
});

// ---------------------------------------------------------------- copyright year

test('copyright: the year is the browser’s current year (clock faked to 2031)', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.clock.install({ time: new Date('2031-06-01T12:00:00') });
    await page.goto(`${site().url}/`);
    const year = page.locator('[data-current-year]');
    assert.equal(await year.count(), 1);
    assert.equal((await year.textContent())?.trim(), '2031');
    assert.match((await page.locator('.copyright').textContent()) ?? '', /© 2031 /);
  });
});

test('copyright: with the real clock, the year equals new Date().getFullYear() in the browser', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/about`);
    const browserYear = await page.evaluate(() => String(new Date().getFullYear()));
    assert.equal((await page.locator('[data-current-year]').textContent())?.trim(), browserYear);
  });
});

// ---------------------------------------------------------------- view all links

test('home: "View All Topics" goes to /education#musculoskeletal', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/`);
    await page.getByRole('link', { name: 'View All Topics', exact: true }).click();
    await page.waitForURL(`${site().url}/education#musculoskeletal`, { timeout: 5000 });
    assert.equal(await page.locator('#musculoskeletal').count(), 1);
    assert.ok(await page.locator('#musculoskeletal').isVisible(), 'the Musculoskeletal section is visible');
  });
});

test('home: "View All Insights" goes to /insights', TEST_TIMEOUT, async () => {
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/`);
    await page.getByRole('link', { name: 'View All Insights', exact: true }).click();
    await page.waitForURL(`${site().url}/insights`, { timeout: 5000 });
    assert.equal((await page.locator('main h1').textContent())?.trim(), 'Physician’s Insights');
  });
});
