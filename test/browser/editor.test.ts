/**
 * The browser editor at /admin/ of the preview, in Chromium with no network:
 * it loads under its own Content Security Policy with no breach of it, asks
 * no origin its policy does not name, loads no script and no font from
 * elsewhere, and, opened on the sample's content, lists every collection.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EDITOR_CONTENT_SECURITY_POLICY } from '../../build/config.ts';
import { editorOfFile, openEditor, openLocalRepository, type Watched } from './editor-browser.ts';
import { TEST_TIMEOUT } from './support.ts';

const site = editorOfFile();

/** The origins the editor's policy names, and the site's own. */
function allowedOrigins(): Set<string> {
  return new Set([new URL(site().url).origin, ...(EDITOR_CONTENT_SECURITY_POLICY.match(/https:\/\/[^\s;]+/g) ?? [])]);
}

/** Each request of the page to an origin its policy does not name, and each script or font asked of another site. */
function strayRequests(watched: Watched): string[] {
  const own = new URL(site().url).origin;
  return watched.requests.flatMap(({ url, type }) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return [];
    const { origin } = new URL(url);
    if (!allowedOrigins().has(origin)) return [`${url}: an origin the policy does not name`];
    return origin !== own && (type === 'script' || type === 'font' || type === 'stylesheet') ? [`${url}: a ${type} from elsewhere`] : [];
  });
}

test('/admin/ loads under its policy with no breach, asks only origins the policy names, and takes its scripts and fonts from the site', TEST_TIMEOUT, async () => {
  const watched = await openEditor(site());
  try {
    await watched.page.waitForLoadState('networkidle');
    assert.deepEqual(await watched.violations(), []);
    assert.deepEqual(strayRequests(watched), []);
    const own = (file: string) => watched.requests.some(({ url, failed }) => url.split('?')[0] === `${site().url}/admin/${file}` && !failed);
    for (const file of ['sveltia-cms.js', 'editor.js', 'config.yml', 'fonts/source-sans-3-latin-wght-normal.woff2', 'fonts/material-symbols-outlined-latin-wght-normal.woff2']) assert.ok(own(file), file);
    assert.ok(await watched.page.evaluate(() => document.fonts.check('24px "Material Symbols Outlined"', 'edit')), 'the icons are drawn from the font, not shown as words');
  } finally {
    await watched.page.context().close();
  }
});

test('opened on the sample’s content as a local repository, it lists every collection with its entries, still within its policy', TEST_TIMEOUT, async () => {
  const watched = await openEditor(site());
  try {
    await openLocalRepository(watched.page, site());
    const collections = await watched.page.getByRole('treeitem').allInnerTexts();
    // Each item starts with its icon, whose name the icon font draws as a picture.
    assert.deepEqual(collections.map((text) => text.replace(/^\s*[a-z_]+\s+/, '').replace(/\s+/g, ' ').trim()), ['Articles 4', 'Handouts 1', 'Medicare figures 1', 'Site identity 2']);
    for (const title of ['Medicare Part D in 2026: How to Pay for Your Prescription Drugs', 'Article Template']) await watched.page.getByText(title, { exact: false }).first().waitFor();
    await watched.page.waitForLoadState('networkidle');
    assert.deepEqual(await watched.violations(), []);
    assert.deepEqual(strayRequests(watched), []);
  } finally {
    await watched.page.context().close();
  }
});

test("an article's preview is drawn with the site's stylesheet, under a note that the exact page is the one the preview of the site shows", TEST_TIMEOUT, async () => {
  const watched = await openEditor(site());
  try {
    await openLocalRepository(watched.page, site());
    await watched.page.getByRole('row', { name: /Medicare Part D in 2026/ }).click();
    const frame = watched.page.frameLocator('iframe[title]').first();
    await frame.locator('body').getByText('Medicare Part D in 2026').first().waitFor();
    const preview = await frame.locator('body').evaluate((body) => ({
      stylesheets: [...document.styleSheets].flatMap((sheet) => (sheet.href === null ? [] : [new URL(sheet.href).pathname])),
      note: getComputedStyle(body, '::before').content,
    }));
    const stylesheet = (await watched.page.locator('script[data-stylesheet]').getAttribute('data-stylesheet')) ?? '';
    assert.ok(preview.stylesheets.includes(stylesheet) && stylesheet.startsWith('/assets/site.'), `${stylesheet} in ${preview.stylesheets.join(', ')}`);
    assert.match(preview.note, /npm run preview -- --drafts/);
    assert.deepEqual(await watched.violations(), []);
  } finally {
    await watched.page.context().close();
  }
});
