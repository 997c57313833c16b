/**
 * The browser editor end to end, through its own forms, on a local
 * repository holding the sample's content: a picture uploaded and shown in an
 * English article, a new article drafted in Spanish (with its English twin,
 * which the editor always writes too), a topic's Spanish title changed. The
 * files it wrote are what a careful physician would have written by hand, and
 * copied into the content they build with one warning only: the edited English
 * article's Spanish translation is now behind it.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { buildInMemory } from '../helpers/sites.ts';
import { editorOfFile, openEditor, openLocalRepository, writtenFiles, type EditorSite } from './editor-browser.ts';

const site = editorOfFile();
const E2E_TIMEOUT = { timeout: 180_000 };

const PICTURE = '![Bending the knee while seated](/images/knee-exercise.png)';
const TOPICS = 'content/education-topics.yaml';
const PART_D = 'content/insights/part-d-2026.md';
const NEW_ARTICLE = 'content/insights/knee-pain-what-helps';

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor({ state: 'detached' });
}

async function uploadPicture(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Assets' }).click();
  await page.getByRole('option', { name: /Global Assets/ }).click();
  await page.getByRole('button', { name: 'Upload New Assets' }).click();
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b5e6b' } }).png().toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Choose Files/ }).click();
  await (await chooser).setFiles({ name: 'Knee Exercise.png', mimeType: 'image/png', buffer: picture });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('checkbox', { name: /knee-exercise\.png/ }).waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('radio', { name: 'Contents' }).click();
}

/** The article's text box: the editor draws a field once it is scrolled to, and the text comes after every other field. */
async function articleText(page: Page) {
  const text = page.getByRole('textbox', { name: 'Text' }).first();
  await page.getByRole('textbox', { name: 'Title' }).first().hover();
  for (let turn = 0; turn < 30 && (await text.count()) === 0; turn += 1) await page.mouse.wheel(0, 600);
  return text;
}

async function showPictureInPartD(page: Page): Promise<void> {
  await page.getByRole('treeitem', { name: /Articles/ }).click();
  await page.getByRole('row', { name: /Medicare Part D in 2026/ }).click();
  const text = await articleText(page);
  await text.fill(`${await text.inputValue()}\n\n${PICTURE}`);
  await save(page);
}

async function fillArticle(page: Page, fields: { title: string; summary: string; body: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Title' }).first().fill(fields.title);
  await page.getByRole('textbox', { name: 'Summary' }).first().fill(fields.summary);
  await page.getByLabel('Date', { exact: true }).first().fill('2025-11-10');
  await (await articleText(page)).fill(fields.body);
}

async function draftSpanishArticle(page: Page): Promise<void> {
  await page.getByRole('treeitem', { name: /Articles/ }).click();
  await page.getByRole('button', { name: 'New' }).click();
  await fillArticle(page, { title: 'Knee Pain: What Helps', summary: 'Why knees hurt, and what helps.', body: 'Knees hurt for many reasons, and most get better.' });
  await page.getByRole('radio', { name: /Spanish/ }).first().click();
  await page.getByRole('button', { name: /Enable.*Spanish/ }).click();
  await fillArticle(page, { title: 'Dolor de rodilla: qué ayuda', summary: 'Por qué duelen las rodillas y qué ayuda.', body: `Las rodillas duelen por muchas razones.\n\n${PICTURE}` });
  await save(page);
}

async function retitleSciaticaInSpanish(page: Page): Promise<void> {
  await page.getByRole('treeitem', { name: /Handouts/ }).click();
  await page.getByRole('row', { name: /Education topics/ }).click();
  const topic = await page.getByRole('group').filter({ hasText: 'Sciatica (Musculoskeletal)' }).last().elementHandle();
  assert.ok(topic);
  await (await topic.$('button[aria-label=Expand]'))?.click();
  // The editor draws a field once it is scrolled to: the topic's Spanish group comes after its own fields.
  await page.getByRole('textbox', { name: 'Source title' }).scrollIntoViewIfNeeded();
  // Only this topic is open; a required field's name ends with its mark.
  const titles = page.getByRole('textbox', { name: /^Title\b/ });
  // A topic's fields come first, then those of its Spanish group.
  await titles.nth(1).fill('Ciática (nervio ciático)');
  await save(page);
}

/** The sample's copy with the files the editor wrote, built as `npm run build` would, on a day after the new article's. */
async function buildWith(written: Map<string, Buffer>, editor: EditorSite, includeDrafts = false) {
  const root = path.join(editor.root, `built-${String(includeDrafts)}`);
  for (const folder of ['content', 'assets']) await cp(path.join(editor.root, folder), path.join(root, folder), { recursive: true });
  for (const [file, bytes] of written) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), bytes);
  }
  return buildInMemory({ contentDir: path.join(root, 'content'), assetsDir: path.join(root, 'assets'), today: '2025-11-15', includeDrafts });
}

test("through its own forms the editor writes what a careful physician would, and the content builds with no warning but that the edited article's translation is behind", E2E_TIMEOUT, async () => {
  const watched = await openEditor(site());
  const { page } = watched;
  try {
    await openLocalRepository(page, site());
    await uploadPicture(page);
    await showPictureInPartD(page);
    await draftSpanishArticle(page);
    await retitleSciaticaInSpanish(page);
    const written = await writtenFiles(page, site());
    assert.deepEqual([...written.keys()].sort(), ['assets/images/knee-exercise.png', TOPICS, `${NEW_ARTICLE}.es.md`, `${NEW_ARTICLE}.md`, PART_D]);
    const text = (file: string) => written.get(file)?.toString('utf8');
    const shipped = (file: string) => site().repository.get(file)?.toString('utf8') ?? '';
    assert.equal(text(PART_D), `${shipped(PART_D)}\n${PICTURE}\n`);
    assert.equal(text(TOPICS), shipped(TOPICS).replace('title: "Ciática"', 'title: "Ciática (nervio ciático)"'));
    assert.equal(text(`${NEW_ARTICLE}.md`), '---\ntitle: "Knee Pain: What Helps"\nsummary: Why knees hurt, and what helps.\ndate: 2025-11-10\ndraft: true\n---\n\nKnees hurt for many reasons, and most get better.\n');
    assert.equal(text(`${NEW_ARTICLE}.es.md`), `---\ntitle: "Dolor de rodilla: qué ayuda"\nsummary: Por qué duelen las rodillas y qué ayuda.\ndate: 2025-11-10\ndraft: true\n---\n\nLas rodillas duelen por muchas razones.\n\n${PICTURE}\n`);
    const built = await buildWith(written, site());
    // The English body changed under its Spanish translation: the one warning is the one that tells the physician so.
    assert.deepEqual(built.warnings.map((warning) => `${warning.ruleId} ${path.basename(warning.file ?? '')}`), ['translation-outdated part-d-2026.es.md']);
    assert.match(String(built.files.get('insights/medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs/index.html')), /knee-exercise/);
    assert.ok(![...built.files.keys()].some((file) => file.includes('dolor-de-rodilla')), 'the Spanish draft is not published');
    assert.ok((await buildWith(written, site(), true)).pages.some((page) => page.url === '/es/insights/dolor-de-rodilla-que-ayuda'), 'the preview with drafts shows it');
    const refused = (await watched.violations()).filter((violation) => !/^script-src-elem https:\/\/|^Loading the script 'https:\/\//.test(violation));
    assert.deepEqual(refused, [], 'nothing breaks the policy but a script from elsewhere, which it refuses');
  } finally {
    await page.context().close();
  }
});

test("a translation's record of its original, which only tools write, is kept as and where it was when the translation is edited", E2E_TIMEOUT, async () => {
  const file = 'content/insights/part-d-2026.es.md';
  const given = site().repository.get(file)?.toString('utf8') ?? '';
  assert.match(given, /^translatedFrom: {2}# .*\n(?: {2}\w+: \S+\n){4}/m, 'the shipped translation carries its record, with its comment');
  const watched = await openEditor(site());
  const { page } = watched;
  try {
    await openLocalRepository(page, site());
    await page.getByRole('treeitem', { name: /Articles/ }).click();
    await page.getByRole('row', { name: /Medicare Part D in 2026/ }).click();
    await page.getByRole('radio', { name: /^Spanish/ }).first().click();
    const summary = page.getByRole('textbox', { name: 'Summary' }).first();
    await summary.fill(`${await summary.inputValue()} Aquí le explico cómo.`);
    await save(page);
    const written = await writtenFiles(page, site());
    assert.deepEqual([...written.keys()], [file]);
    assert.equal(written.get(file)?.toString('utf8'), given.replace(/^(summary: .*)$/m, '$1 Aquí le explico cómo.'));
  } finally {
    await page.context().close();
  }
});
