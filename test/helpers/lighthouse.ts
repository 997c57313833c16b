/**
 * Lighthouse 12 against the sample site, built with --base-url set to the local
 * server so that canonical links point at the page being audited, as they do
 * in production. Shared by the Lighthouse test and `npm run lighthouse`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { addressIn, DEFAULT_LANGUAGE, type Language } from '../../build/lib/languages.ts';
import { modelInLanguage } from '../../build/model/languages.ts';
import { chromiumPath } from './chromium.ts';
import { buildSampleSiteInto } from './sites.ts';
import { serveDirectory } from './static-server.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface Audit {
  scores: Record<string, number | null>;
  /** Audits that failed outright, by id. */
  failing: string[];
}

export interface AuditedSite {
  /** Paths of one page of each type in the site's language: home, an article, education, about. */
  paths: { home: string; article: string; education: string; about: string };
  audit(pagePath: string, device: 'mobile' | 'desktop'): Promise<Audit>;
  close(): Promise<void>;
}

/** The sample site served for Lighthouse, its pages of each type taken in `language` (English unless told). */
export async function auditedSite(language: Language = DEFAULT_LANGUAGE): Promise<AuditedSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const outDir = path.join(dir, 'out');
  const server = await serveDirectory(outDir);
  let chrome: chromeLauncher.LaunchedChrome;
  let build: Awaited<ReturnType<typeof buildSampleSiteInto>>;
  try {
    build = await buildSampleSiteInto(outDir, { baseUrl: server.url });
    chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  } catch (error) {
    await server.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    paths: {
      home: addressIn(language, '/'),
      article: modelInLanguage(build.model, language).articles[0]?.url ?? addressIn(language, '/'),
      education: addressIn(language, '/education'),
      about: addressIn(language, '/about'),
    },
    audit: async (pagePath, device) => {
      const result = await lighthouse(`${server.url}${pagePath}`, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] }, device === 'desktop' ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${pagePath}: ${result.lhr.runtimeError.message}`);
      return {
        scores: Object.fromEntries(Object.entries(result.lhr.categories).map(([id, category]) => [id, category.score])),
        failing: Object.values(result.lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      };
    },
    close: async () => {
      chrome.kill();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
