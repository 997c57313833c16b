/**
 * Shared set-up of the browser tests: the real site built into a temp
 * folder, served like the published host, and Debian's Chromium driven by
 * playwright-core (never a downloaded browser).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildRealSiteInto } from '../helpers/sites.ts';
import { serveDirectory } from '../helpers/static-server.ts';

type SiteBuild = Awaited<ReturnType<typeof buildRealSiteInto>>;

export interface BrowserSite {
  url: string;
  browser: Browser;
  build: SiteBuild;
  outDir: string;
  close: () => Promise<void>;
}

/** Builds and serves the real site, and starts Chromium. */
export async function openSite(): Promise<BrowserSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-browser-'));
  const outDir = path.join(dir, 'out');
  const build = await buildRealSiteInto(outDir);
  const server = await serveDirectory(outDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
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
