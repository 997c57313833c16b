/**
 * Every page of the real site, with and without drafts, is valid HTML by
 * html-validate's standard and accessibility presets (.htmlvalidate.json).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { buildSite } from '../build/index.ts';
import { PROJECT_ROOT, TEST_CACHE_DIR } from './helpers/sites.ts';
const validator = new HtmlValidate(new FileSystemConfigLoader());

for (const includeDrafts of [false, true]) {
  const build = await buildSite({ contentDir: path.join(PROJECT_ROOT, 'content'), assetsDir: path.join(PROJECT_ROOT, 'assets'), includeDrafts, cacheDir: TEST_CACHE_DIR });
  for (const page of build.pages) {
    test(`${page.file}${includeDrafts ? ' (with drafts)' : ''} is valid HTML`, async () => {
      const report = await validator.validateString(page.html, path.join(PROJECT_ROOT, 'out', page.file));
      const messages = report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId} ${m.message} [${m.selector ?? ''}]`));
      assert.deepEqual(messages, []);
    });
  }
}
