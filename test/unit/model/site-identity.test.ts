import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AssetFile } from '../build/load.ts';
import { modelSite } from '../build/model/site.ts';
import { parseSource } from '../build/parse.ts';
import { SITE_MD } from './helpers/sites.ts';

const image = (relativePath: string, width = 100, height = 100): [string, AssetFile] => [relativePath, { relativePath, absolutePath: `/x/${relativePath}`, size: 1000, digest: relativePath, dimensions: { width, height } }];
const ASSETS = new Map([image('images/logo.svg'), image('images/favicon.svg'), image('images/physician.svg', 480, 600), image('images/social-default.png', 1200, 630)]);

function model(text: string, baseUrl?: string, assets: ReadonlyMap<string, AssetFile> = ASSETS) {
  const { parsed } = parseSource({ path: 'content/site.md', text });
  assert.ok(parsed);
  return modelSite(parsed, assets, baseUrl);
}

test('the identity file gives the name, address, images with their sizes, and the biography', () => {
  const { site, diagnostics } = model(SITE_MD);
  assert.deepEqual(diagnostics, []);
  assert.equal(site?.name, 'Dr. Test Person');
  assert.equal(site?.siteUrl, 'https://test.example');
  assert.deepEqual(site?.photo, { url: '/images/physician.svg', width: 480, height: 600, sources: [] }, 'an SVG photo needs no smaller copies');
  assert.deepEqual(site?.biography.textBlocks, ['A short biography.']);
  assert.equal(site?.biographyStartLine, 19);
});

test('--base-url wins over siteUrl', () => {
  assert.equal(model(SITE_MD, 'http://localhost:4321/').site?.siteUrl, 'http://localhost:4321');
});

test('a missing required field is an error naming it', () => {
  const { site, diagnostics } = model(SITE_MD.replace(/^name: .*\n/m, ''));
  assert.equal(site, undefined);
  assert.equal(diagnostics[0]?.ruleId, 'invalid-site');
  assert.match(diagnostics[0]?.message ?? '', /'name'/);
});

test('credentials and practice are optional', () => {
  const { site } = model(SITE_MD.replace(/^credentials: .*\n/m, '').replace(/^practice: .*\n/m, ''));
  assert.equal(site?.credentials, '');
  assert.equal(site?.practice, '');
});

test('a siteUrl that is not a web address is an error at its line', () => {
  const { diagnostics } = model(SITE_MD.replace('https://test.example', 'test.example'));
  assert.equal(diagnostics[0]?.ruleId, 'invalid-site');
  assert.equal(diagnostics[0]?.line, 7);
});

test('an image that is not in assets/ is an error at its line', () => {
  const { diagnostics } = model(SITE_MD.replace('/images/physician.svg', '/images/missing.jpg'));
  assert.equal(diagnostics[0]?.ruleId, 'missing-asset');
  assert.equal(diagnostics[0]?.line, 10);
  assert.match(diagnostics[0]?.message ?? '', /missing\.jpg/);
});

test('an image whose size cannot be read is an error', () => {
  const assets = new Map(ASSETS);
  assets.set('images/physician.svg', { relativePath: 'images/physician.svg', absolutePath: '/x', size: 10, digest: 'x' });
  assert.equal(model(SITE_MD, undefined, assets).diagnostics[0]?.ruleId, 'missing-asset');
});

// bug: a site.md without one of its images stopped the build with "0 problems to fix" and no message.
test('a missing image field is an error naming it', () => {
  for (const key of ['logo', 'favicon', 'photo', 'socialImage']) {
    const { site, diagnostics } = model(SITE_MD.replace(new RegExp(`^${key}: .*\\n`, 'm'), ''));
    assert.equal(site, undefined, key);
    assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.severity]), [['invalid-site', 'error']], key);
    assert.match(diagnostics[0]?.message ?? '', new RegExp(`'${key}'`));
  }
});
