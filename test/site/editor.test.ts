/**
 * The browser editor in a built site (build/outputs/editor/): its folder
 * holds its page, its configuration as made from the content, its script,
 * Sveltia CMS and the fonts; nothing of the site links to it, lists it or
 * changes for it, and the checks of the pages do not read it: it is the
 * editor's folder, not a part of the site.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { EDITOR_CONTENT_SECURITY_POLICY } from '../../build/config.ts';
import { EDITOR_FOLDER, isEditorFile } from '../../build/host/index.ts';
import { editorConfig } from '../../build/outputs/editor/config.ts';
import { elements } from '../helpers/elements.ts';
import { sampleSite } from '../helpers/sample-site.ts';
import { SCHEMAS } from '../helpers/schemas.ts';

const editorFiles = async () => [...(await sampleSite()).files.keys()].filter(isEditorFile).sort();

test("the editor's folder holds its page, configuration, script, the note of its preview, Sveltia CMS and its fonts, and nothing else", async () => {
  assert.deepEqual(await editorFiles(), [
    'admin/chunks/react-dom.js',
    'admin/config.yml',
    'admin/editor.js',
    'admin/fonts/material-symbols-outlined-latin-wght-normal.woff2',
    'admin/fonts/noto-mono-latin-400-normal.woff2',
    'admin/fonts/source-sans-3-latin-wght-normal.woff2',
    'admin/index.html',
    'admin/preview.css',
    'admin/sveltia-cms.js',
  ]);
});

test("the configuration is the one made from the content's schemas and the sample's figures", async () => {
  const build = await sampleSite();
  const text = String(build.files.get(`${EDITOR_FOLDER}/config.yml`));
  const schemas = { article: SCHEMAS.article.json, site: SCHEMAS.site.json, siteTranslation: SCHEMAS.siteTranslation.json, topics: SCHEMAS.topics.json, figures: SCHEMAS.figures.json };
  const site = { name: build.model.site.name, logoUrl: build.model.site.logo.url, figureNames: [...build.model.figures.keys()], repository: 'owner/repository' };
  assert.deepEqual(parseYaml(text), editorConfig(schemas, site));
  assert.match(text, /^# The browser editor’s configuration, made by the build/);
});

test("the editor's page declares the editor's policy before its scripts, is kept out of search engines, and gives its preview the site's stylesheet", async () => {
  const build = await sampleSite();
  const found = elements(String(build.files.get(`${EDITOR_FOLDER}/index.html`)));
  const policy = found.findIndex((element) => element.attributes['http-equiv'] === 'Content-Security-Policy');
  assert.equal(found[policy]?.attributes.content, EDITOR_CONTENT_SECURITY_POLICY);
  const scripts = found.flatMap((element, index): { index: number; attributes: Record<string, string> }[] => (element.name === 'script' ? [{ index, attributes: element.attributes }] : []));
  assert.deepEqual(scripts.map((script) => script.attributes.src), ['/admin/sveltia-cms.js', '/admin/editor.js']);
  assert.ok(scripts.every((script) => script.index > policy));
  assert.equal(found.find((element) => element.attributes.name === 'robots')?.attributes.content, 'noindex, nofollow');
  assert.equal(scripts[1]?.attributes['data-stylesheet'], build.plan.context.stylesheetUrl);
  assert.ok(build.files.has(build.plan.context.stylesheetUrl.slice(1)));
});

test('no page of the site links to the editor, the sitemap does not list it, and it is no page the checks read', async () => {
  const build = await sampleSite();
  for (const page of build.pages) assert.doesNotMatch(page.html, /\/admin\b/, page.url);
  assert.doesNotMatch(String(build.files.get('sitemap.xml')), /admin/);
  assert.doesNotMatch(String(build.files.get('robots.txt')), /admin/);
  assert.ok(build.plan.pages.every((page) => !isEditorFile(page.file)));
  assert.ok(build.plan.audited.every((file) => !isEditorFile(file.path)));
});
