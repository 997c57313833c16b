/**
 * The preview in Chromium: an edit on disk shows in the open page without a
 * manual reload, an open article made a draft shows that it is not found, and
 * a content mistake shows over the page until it is fixed.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { startPreviewSite, type PreviewSite } from '../helpers/preview.ts';
import { TEST_TIMEOUT } from './support.ts';

// Assigned in before(); after() also runs when before() failed part-way, hence its `?.`.
let site: PreviewSite;
let browser: Browser;
before(async () => {
  site = await startPreviewSite();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const OLD_TITLE = 'Open Enrollment 2025: Choosing Insurance and Considering Direct Primary Care';
const ARTICLE = '/insights/open-enrollment-2025-choosing-insurance-and-considering-direct-primary-care';

/** An article open in the preview, its title edited on disk, and where the page must end up. */
interface TitleEdit {
  file: string;
  address: string;
  oldTitle: string;
  newTitle: string;
  newAddress: string;
}

/** Opens the article, edits its title on disk, and waits (2 s at most) for the open page to show the new title at its new address; the file is put back after. */
async function assertTitleEditShows({ file, address, oldTitle, newTitle, newAddress }: TitleEdit): Promise<void> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${site.preview.url}${address}`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent !== '');
    const started = performance.now();
    await site.edit(file, (text) => text.replace(`title: "${oldTitle}"`, `title: "${newTitle}"`));
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, newTitle, { timeout: 2000 });
    const milliseconds = Math.round(performance.now() - started);
    console.log(`[preview] save → new title on screen: ${milliseconds} ms (${site.log.at(-1) ?? ''})`);
    assert.equal(new URL(page.url()).pathname, newAddress, 'the page followed the article to its new address');
    assert.deepEqual(errors, []);
  } finally {
    await site.edit(file, (text) => text.replace(`title: "${newTitle}"`, `title: "${oldTitle}"`));
    await page.close();
  }
}

test('editing an article title on disk shows the new title in the open article within 2 s', TEST_TIMEOUT, async () => {
  await assertTitleEditShows({
    file: 'insights/open-enrollment-2025.md',
    address: ARTICLE,
    oldTitle: OLD_TITLE,
    newTitle: 'Open Enrollment 2025: Insurance and Direct Primary Care',
    newAddress: '/insights/open-enrollment-2025-insurance-and-direct-primary-care',
  });
});

test('editing a Spanish article title on disk shows the new title in the open /es article within 2 s', TEST_TIMEOUT, async () => {
  await assertTitleEditShows({
    file: 'insights/open-enrollment-2025.es.md',
    address: '/es/insights/inscripcion-abierta-2025-como-elegir-su-seguro-y-que-saber-de-la-atencion-primaria-directa',
    oldTitle: 'Inscripción Abierta 2025: cómo elegir su seguro y qué saber de la Atención Primaria Directa',
    newTitle: 'Inscripción Abierta 2025: su seguro y la Atención Primaria Directa',
    newAddress: '/es/insights/inscripcion-abierta-2025-su-seguro-y-la-atencion-primaria-directa',
  });
});

test('a broken front matter shows the error over the page; fixing it removes the overlay and shows the page', TEST_TIMEOUT, async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.preview.url}/insights`);
    const overlay = page.locator('#preview-build-error');
    await site.edit('insights/part-d-2026.md', (text) => text.replace('title: "Medicare Part D', 'title: Medicare Part D: "broken'));
    await overlay.waitFor({ state: 'visible', timeout: 2000 });
    assert.match((await overlay.textContent()) ?? '', /The site could not be rebuilt.*part-d-2026\.md:2 error invalid-front-matter/s);
    assert.equal(await page.getByRole('alertdialog').count(), 1, 'announced as an alert dialog');
    assert.equal(await page.locator('h1').first().textContent(), 'Physician’s Insights', 'the last good page is still there');
    await site.edit('insights/part-d-2026.md', (text) => text.replace('title: Medicare Part D: "broken', 'title: "Medicare Part D'));
    await overlay.waitFor({ state: 'detached', timeout: 2000 });
    await page.getByRole('link', { name: 'Medicare Part D in 2026: How to Pay for Your Prescription Drugs' }).waitFor({ timeout: 2000 });
  } finally {
    await page.close();
  }
});

test('a page opened while the content has a mistake shows the overlay at once: the error, and only how many warnings the terminal lists', TEST_TIMEOUT, async () => {
  const page = await browser.newPage();
  try {
    await site.edit('insights/part-d-2026.md', (text) => text.replace('draft: false', 'draft: false\nsubtitle: "A field the site does not use"'));
    await site.edit('education-topics.yaml', (text) => text.replace('pdf: sciatica', 'pdf: sciatica-missing'));
    await page.goto(`${site.preview.url}/education`);
    await page.locator('#preview-build-error').waitFor({ state: 'visible', timeout: 2000 });
    const shown = (await page.locator('#preview-build-error').textContent()) ?? '';
    assert.match(shown, /missing-pdf/);
    assert.doesNotMatch(shown, /unknown-field/, 'no warning is listed over the page');
    assert.match(shown, /The (warning is|\d+ warnings are) printed in the terminal where the preview runs, not here\./);
  } finally {
    await site.edit('education-topics.yaml', (text) => text.replace('pdf: sciatica-missing', 'pdf: sciatica'));
    await site.edit('insights/part-d-2026.md', (text) => text.replace('draft: false\nsubtitle: "A field the site does not use"', 'draft: false'));
    await page.close();
  }
});

test('an open article made a draft reloads to show it is not found; published again, it comes back', TEST_TIMEOUT, async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.preview.url}${ARTICLE}`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent !== '');
    await site.edit('insights/open-enrollment-2025.md', (text) => text.replace('draft: false', 'draft: true'));
    await page.locator('.not-found').first().waitFor({ timeout: 2000 });
    await site.edit('insights/open-enrollment-2025.md', (text) => text.replace('draft: true', 'draft: false'));
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, OLD_TITLE, { timeout: 2000 });
  } finally {
    await page.close();
  }
});
