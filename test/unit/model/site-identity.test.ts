import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf, type AssetFile } from '../../../build/load/index.ts';
import { modelSite } from '../../../build/model/site.ts';
import { parseFrontMatter } from '../../../build/parse/front-matter.ts';
import { SITE_MD } from '../../helpers/sites.ts';

const image = (relativePath: string, width = 100, height = 100): [string, AssetFile] => [relativePath, { relativePath, absolutePath: `/x/${relativePath}`, size: 1000, digest: relativePath, dimensions: { width, height } }];
const ASSETS = new Map([image('images/logo.svg'), image('images/favicon.svg'), image('images/physician.svg', 480, 600), image('images/social-default.png', 1200, 630)]);

/** The identity file modelled, with what the build says about it. */
function model(text: string, baseUrl?: string, assets: ReadonlyMap<string, AssetFile> = ASSETS) {
  const result = parseFrontMatter({ path: 'content/site.md', text, digest: digestOf(text) });
  assert.ok('parsed' in result);
  const diagnostics: ContentDiagnostic[] = [];
  const site = modelSite(result.parsed, assets, baseUrl, (diagnostic) => diagnostics.push(diagnostic));
  return { site, diagnostics };
}

test('the identity file gives the name, address, images with their sizes, and the biography', () => {
  const { site, diagnostics } = model(SITE_MD);
  assert.deepEqual(diagnostics, []);
  assert.equal(site?.name, 'Dr. Test Person');
  assert.equal(site?.siteUrl, 'https://test.example');
  assert.deepEqual(site?.photo, { url: '/images/physician.svg', width: 480, height: 600, sources: [] }, 'an SVG photo needs no smaller copies');
  assert.equal(site?.biography, 'A short biography.\n');
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

test('an image field that is empty is missing; one that is a list is said to be one, once', () => {
  const empty = model(SITE_MD.replace('logo: "/images/logo.svg"', 'logo: ""'));
  assert.deepEqual(empty.diagnostics.map((d) => [d.ruleId, d.line, d.message]), [['invalid-site', 8, "The site identity has no 'logo'."]]);
  const list = model(SITE_MD.replace('logo: "/images/logo.svg"', 'logo:\n  - /images/logo.svg'));
  assert.deepEqual(list.diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-field', 8]]);
  assert.equal(list.site, undefined);
});
