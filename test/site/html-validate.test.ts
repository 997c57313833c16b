/**
 * Every page of the sample site, with and without drafts, is valid HTML by
 * html-validate's standard and accessibility presets (.htmlvalidate.json).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { sampleSite } from '../helpers/sample-site.ts';
import { PROJECT_ROOT } from '../helpers/sites.ts';

const validator = new HtmlValidate(new FileSystemConfigLoader());

for (const includeDrafts of [false, true]) {
  const build = await sampleSite(includeDrafts);
  for (const page of build.pages) {
    test(`${page.file}${includeDrafts ? ' (with drafts)' : ''} is valid HTML`, async () => {
      const report = await validator.validateString(page.html, path.join(PROJECT_ROOT, 'out', page.file));
      const messages = report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId} ${message.message} [${message.selector ?? ''}]`));
      assert.deepEqual(messages, []);
    });
  }
}

test('the validator finds what it looks for', async () => {
  const report = await validator.validateString('<!doctype html><html lang="en"><head><title>T</title></head><body><h1>A</h1><h3>Skipped a level</h3><p style="color: red">x</p><img src="/a.png"></body></html>', path.join(PROJECT_ROOT, 'out', 'bad.html'));
  const rules = new Set(report.results.flatMap((result) => result.messages.map((message) => message.ruleId)));
  for (const rule of ['heading-level', 'no-inline-style', 'wcag/h37']) assert.ok(rules.has(rule), `${rule} in ${[...rules].join(', ')}`);
});
