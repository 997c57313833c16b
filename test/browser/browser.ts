/**
 * Shared set-up of the browser tests: the sample site built into a temp
 * folder, served like the published host, and the pinned headless Chromium
 * (test/helpers/chromium.ts) driven by playwright-core.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { buildSampleSiteInto } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';

type SiteBuild = Awaited<ReturnType<typeof buildSampleSiteInto>>;

export interface BrowserSite {
  url: string;
  browser: Browser;
  build: SiteBuild;
  outDir: string;
  close: () => Promise<void>;
}

/**
 * Builds and serves the sample site, and starts Chromium. When any step fails,
 * whatever the earlier ones opened is closed before the error goes on, so
 * that a missing browser fails the file at once instead of keeping its
 * server, and the test run, alive.
 */
async function openSite(): Promise<BrowserSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-browser-'));
  const outDir = path.join(dir, 'out');
  const build = await buildSampleSiteInto(outDir);
  const server = await serveDirectory(outDir);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    browser,
    build,
    outDir,
    close: async () => {
      await browser.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The sample site for the tests of one file: opened before its first test and
 * closed after its last (node:test's hooks), so that each file builds and
 * serves it once. Call the result within a test: a file's other top-level
 * hooks may run before the site is open.
 */
export function siteOfFile(): () => BrowserSite {
  let site: BrowserSite | undefined;
  before(async () => {
    site = await openSite();
  });
  after(async () => {
    await site?.close();
  });
  return () => {
    if (site === undefined) throw new Error('The site opens in a before hook: use it within a test.');
    return site;
  };
}
