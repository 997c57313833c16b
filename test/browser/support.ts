/**
 * Helpers shared by the browser test files: the list of routes of the sample
 * site, a recorder of console errors, page errors and off-host requests, an
 * axe-core run that prints readable violations, and a page at a viewport.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { addressIn, DEFAULT_LANGUAGE, type Language } from '../../build/lib/languages.ts';
import { modelInLanguage } from '../../build/model/languages.ts';
import { messagesFor } from '../../templates/messages/index.ts';
import type { BrowserSite } from './browser.ts';

type SiteBuild = BrowserSite['build'];

export interface Route {
  /** Short name, used for screenshot files and test titles: `home`, and `es-home` in another language. */
  name: string;
  path: string;
  language: Language;
  /** HTTP status of the document. */
  status: 200 | 404;
  kind: 'home' | 'insights' | 'article' | 'alias' | 'education' | 'about' | 'article-not-found' | 'page-not-found';
  /** For an article or alias: the article's canonical path. */
  canonical?: string;
  /** The text of the page's main heading (for an alias: of the article it leads to). */
  heading: string;
}

/**
 * Every route of the site in one language (English unless told), in the
 * order of the brief: pages, articles, aliases, the two not-found routes;
 * headings in the words of the language's catalogue.
 */
export function siteRoutes(build: SiteBuild, language: Language = DEFAULT_LANGUAGE): Route[] {
  const { site, articles, aliases } = modelInLanguage(build.model, language);
  const words = messagesFor(language);
  const name = site.credentials === '' ? site.name : `${site.name}, ${site.credentials}`;
  const prefix = language === DEFAULT_LANGUAGE ? '' : `${language}-`;
  const page = (route: Omit<Route, 'language'>): Route => ({ ...route, name: `${prefix}${route.name}`, path: addressIn(language, route.path), language });
  return [
    page({ name: 'home', path: '/', status: 200, kind: 'home', heading: name }),
    page({ name: 'insights', path: '/insights', status: 200, kind: 'insights', heading: words.insights.heading }),
    ...articles.map((article): Route => ({
      name: `${prefix}article-${article.slug}`,
      path: article.url,
      language,
      status: 200,
      kind: 'article',
      canonical: article.url,
      heading: article.title,
    })),
    ...aliases.map((alias): Route => ({
      name: `${prefix}alias-${alias.url.split('/').pop() ?? ''}`,
      path: alias.url,
      language,
      status: 200,
      kind: 'alias',
      canonical: alias.article.url,
      heading: alias.article.title,
    })),
    page({ name: 'education', path: '/education', status: 200, kind: 'education', heading: words.education.title }),
    page({ name: 'about', path: '/about', status: 200, kind: 'about', heading: words.about.title(name) }),
    page({ name: 'article-not-found', path: '/insights/anything-unknown', status: 404, kind: 'article-not-found', heading: words.notFound.article.title }),
    page({ name: 'page-not-found', path: '/anything-else', status: 404, kind: 'page-not-found', heading: words.notFound.page.title }),
  ];
}

/** What a page did wrong while it was open: console errors, uncaught errors, requests to other hosts. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  foreignRequests: string[];
  /** Every request URL, for messages. */
  requests: string[];
}

/** Starts recording problems of `page`; call before the first navigation. */
export function recordProblems(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], foreignRequests: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url } = message.location();
      problems.consoleErrors.push(`${message.text()} [${url}]`);
    }
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    problems.requests.push(request.url());
    // data: and blob: URLs never leave the browser; everything else must go to the test server.
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1') problems.foreignRequests.push(request.url());
  });
  return problems;
}

/** The console message Chromium logs for a main document that answers 404, and nothing more general. */
export function isOwn404Message(message: string, documentUrl: string): boolean {
  return message.startsWith('Failed to load resource: the server responded with a status of 404') && message.endsWith(`[${documentUrl}]`);
}

/** axe-core's source, evaluated in the page: a script tag would be (rightly) blocked by the site's CSP. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** Runs axe-core in the page with the brief's tags; returns the violations, formatted, one entry each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, AXE_TAGS);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} <${v.helpUrl}>\n` +
      v.nodes.map((n) => `    at ${JSON.stringify(n.target)}: ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n'),
  );
}

/**
 * Scrolls instantly to `y` and resolves, with the new scrollY, once the
 * `scroll` event has reached every listener registered before ours (the
 * widget script's included) and two frames have passed. No sleeping: it waits
 * for the event itself. Needs JavaScript in the page (frames never come
 * without it): use {@link scrollWithoutScript} there.
 */
export async function scrollAndSettle(page: Page, y: number): Promise<number> {
  const settled = page.evaluate(
    (target) =>
      // No named helper functions in here: tsx would wrap them in a `__name` call that the page does not have.
      new Promise<number>((resolve) => {
        if (Math.round(window.scrollY) === target) {
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)));
          return;
        }
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))), { once: true });
        window.scrollTo({ top: target, behavior: 'instant' });
      }),
    y,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`scrolling to ${y} did not settle within 5 s`)), 5000);
  });
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Scrolls to `y` in a page without JavaScript and waits until the position is reached. */
export async function scrollWithoutScript(page: Page, y: number): Promise<number> {
  await page.evaluate((target) => window.scrollTo({ top: target, behavior: 'instant' }), y);
  await page.waitForFunction((target) => Math.round(window.scrollY) === target, y, { timeout: 5000 });
  return page.evaluate(() => window.scrollY);
}

/** Per-test time limit of the browser files, so that a hang fails fast instead of stalling the suite. */
export const TEST_TIMEOUT = { timeout: 60_000 };

/** The widths a reader is checked at: a desktop, a phone, the narrowest phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 320, height: 640 };

/** Sets the browser's text size as a reader sets it in the settings (16 px is the browser's own): pages in rem and media queries in em follow it. */
export async function setBrowserTextSize(page: Page, context: BrowserContext, pixels: number): Promise<void> {
  const devtools = await context.newCDPSession(page);
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: pixels, fixed: 13 } });
}

/**
 * Runs `body` on a page of a fresh context at `viewport` (motion reduced),
 * and fails if the page threw an uncaught error meanwhile.
 */
export async function withPage(site: BrowserSite, viewport: { width: number; height: number }, body: (page: Page, context: BrowserContext) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const context = await site.browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    await body(page, context);
    assert.deepEqual(problems.pageErrors, [], 'no uncaught error in the page');
  } finally {
    await context.close();
  }
}

/** The articles of one language, newest first: the ones its pages list and link as neighbours. */
export function articlesIn(site: BrowserSite, language: Language = DEFAULT_LANGUAGE): SiteBuild['model']['articles'] {
  return modelInLanguage(site.build.model, language).articles;
}

/** An article of the site in a language (English unless told) with both a newer and an older neighbour in it. */
export function middleArticle(site: BrowserSite, language: Language = DEFAULT_LANGUAGE): SiteBuild['model']['articles'][number] {
  const articles = articlesIn(site, language);
  const article = articles[1];
  assert.ok(article && articles.length >= 3, 'at least three articles');
  return article;
}
