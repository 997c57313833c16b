/**
 * The not-found pages of both languages, as a reader gets them from the two
 * hosts with one error page: CloudFront (its custom error response answers
 * every unknown address 404 with /404.html) and the preview, which answers as
 * build/host/ says CloudFront does. The error page's script then shows the
 * page the host's one rule names (build/host/addresses.ts notFoundFile): the
 * Spanish page under /es/, the Spanish article view under /es/insights/.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Preview } from '../../build/preview/index.ts';
import { startTestPreview } from '../helpers/preview.ts';
import { copySampleSite } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';
import { siteOfFile } from './browser.ts';
import { isOwn404Message, recordProblems, TEST_TIMEOUT } from './support.ts';

const site = siteOfFile();

let preview: Preview | undefined;
let cleanup: (() => Promise<void>) | undefined;
before(async () => {
  const copy = await copySampleSite();
  cleanup = copy.cleanup;
  preview = await startTestPreview({ contentDir: copy.contentDir, assetsDir: copy.assetsDir, outDir: path.join(copy.root, 'out') }, { watchGenerator: false });
});
after(async () => {
  await preview?.close();
  await cleanup?.();
});

const NOT_FOUND: { path: string; lang: string; heading: string }[] = [
  { path: '/es/no-existe', lang: 'es', heading: 'No se encontró la página' },
  { path: '/es/acerca/nada/', lang: 'es', heading: 'No se encontró la página' },
  { path: '/es/insights/no-existe', lang: 'es', heading: 'No se encontró el artículo' },
  { path: '/no-such-page', lang: 'en', heading: 'Page not found' },
  { path: '/insights/no-such-article', lang: 'en', heading: 'Article not found' },
];

test('an unknown address answers 404 and shows the not-found page of its language, the article view under Insights, from the preview and from a single-error-page host alike', TEST_TIMEOUT, async (t) => {
  const single = await serveDirectory(site().outDir, 'single');
  try {
    for (const [host, url] of [
      ['the preview', preview?.url ?? ''],
      ['CloudFront (one error page)', single.url],
    ] as const) {
      for (const { path: address, lang, heading } of NOT_FOUND) {
        await t.test(`${host}: ${address}`, async () => {
          const context = await site().browser.newContext({ reducedMotion: 'reduce' });
          try {
            const page = await context.newPage();
            const problems = recordProblems(page);
            const response = await page.goto(`${url}${address}`);
            assert.equal(response?.status(), 404);
            await page.locator('main h1', { hasText: heading }).waitFor({ timeout: 10_000 });
            assert.equal(await page.getAttribute('html', 'lang'), `${lang}-US`);
            assert.ok((await page.title()).startsWith(heading), await page.title());
            assert.deepEqual(problems.pageErrors, []);
            assert.deepEqual(problems.consoleErrors.filter((message) => !isOwn404Message(message, `${url}${address}`)), []);
          } finally {
            await context.close();
          }
        });
      }
    }
  } finally {
    await single.close();
  }
});
