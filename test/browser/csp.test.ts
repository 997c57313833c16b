/**
 * The Content Security Policy in force: every page is loaded and used (scrolled,
 * the back-to-top button pressed, the single error page swapping in the
 * article view) while the browser reports each violation of the policy.
 * There must be none.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serveDirectory } from '../helpers/static-server.ts';
import { siteOfFile } from './browser.ts';
import { siteRoutes, TEST_TIMEOUT } from './support.ts';

const site = siteOfFile();

/** Records every securitypolicyviolation event of the page into window.__cspViolations. */
const LISTEN = () => {
  const violations: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`));
};

async function violationsWhileUsing(baseUrl: string, path: string): Promise<string[]> {
  const context = await site().browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  try {
    await context.addInitScript(LISTEN);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const button = page.locator('[data-back-to-top]');
    if (await button.isVisible()) await button.click();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  } finally {
    await context.close();
  }
}

test('no page breaks the Content Security Policy while it is used', TEST_TIMEOUT, async () => {
  for (const route of siteRoutes(site().build)) {
    assert.deepEqual(await violationsWhileUsing(site().url, route.path), [], route.path);
  }
});

test('the single error page fetches the article view within the policy', TEST_TIMEOUT, async () => {
  const server = await serveDirectory(site().outDir, 'single');
  try {
    assert.deepEqual(await violationsWhileUsing(server.url, '/insights/no-such-article'), []);
  } finally {
    await server.close();
  }
});

test('the listener does report a violation (the test can fail)', TEST_TIMEOUT, async () => {
  const context = await site().browser.newContext();
  try {
    await context.addInitScript(LISTEN);
    const page = await context.newPage();
    await page.goto(`${site().url}/about`);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'https://third-party.invalid/pixel.png';
      document.body.append(image);
    });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
  } finally {
    await context.close();
  }
});
