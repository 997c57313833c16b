/**
 * The education page's layout, measured in Chromium (issue "Ready for
 * patients"): its groups of handouts in two columns on a desktop, and the
 * row that has an outside link laid out like every other at every width.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { siteOfFile } from './browser.ts';
import { DESKTOP, PHONE, SMALL_PHONE, TEST_TIMEOUT, withPage } from './support.ts';

const site = siteOfFile();

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
  await withPage(site(), DESKTOP, async (page) => {
    await page.goto(`${site().url}/education`);
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
    await withPage(site(), viewport, async (page) => {
      await page.goto(`${site().url}/education`);
      const rows = await topicRows(page);
      assert.equal(rows.length, site().build.model.topics.length);
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
