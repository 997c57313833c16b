/**
 * Lighthouse 12 (all four categories, mobile and desktop) on the pages a
 * patient meets first: home, an article and the education page. The site is
 * built with --base-url pointing at the test server, so that canonical links
 * resolve to the page being audited, as they would in production.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildRealSiteInto } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

let dir: string;
let server: Awaited<ReturnType<typeof serveDirectory>>;
let chrome: chromeLauncher.LaunchedChrome;
let articleUrl: string;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const outDir = path.join(dir, 'out');
  server = await serveDirectory(outDir);
  const build = await buildRealSiteInto(outDir, { baseUrl: server.url });
  articleUrl = build.model.articles[0]?.url ?? '/';
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
});

after(async () => {
  chrome.kill();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function scores(pagePath: string, device: 'mobile' | 'desktop'): Promise<Record<string, number | null>> {
  const result = await lighthouse(`${server.url}${pagePath}`, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES }, device === 'desktop' ? desktopConfig : undefined);
  assert.ok(result, 'Lighthouse returned a result');
  const { lhr } = result;
  assert.equal(lhr.runtimeError, undefined, lhr.runtimeError?.message);
  const failing = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  if (failing.length > 0) console.log(`[lighthouse] ${pagePath} ${device} failing audits: ${failing.map((audit) => audit.id).join(', ')}`);
  return Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, category.score]));
}

for (const [name, device] of [
  ['home', 'mobile'],
  ['article', 'mobile'],
  ['education', 'mobile'],
  ['home', 'desktop'],
] as const) {
  test(`Lighthouse: ${name} (${device}) scores 100 for accessibility, best practices and SEO, and at least 90 for performance`, { timeout: 120_000 }, async () => {
    const pagePath = name === 'home' ? '/' : name === 'article' ? articleUrl : '/education';
    const result = await scores(pagePath, device);
    console.log(`[lighthouse] ${pagePath} ${device}: ${JSON.stringify(result)}`);
    assert.equal(result.accessibility, 1);
    assert.equal(result['best-practices'], 1);
    assert.equal(result.seo, 1);
    assert.ok((result.performance ?? 0) >= 0.9, `performance ${String(result.performance)}`);
  });
}
