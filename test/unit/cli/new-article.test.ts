/**
 * `npm run new`: run as the author runs it, in a site of its own, and checked
 * with the build's own parser, the article schema and a build.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Ajv from 'ajv';
import { ContentErrors, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { articleSkeleton } from '../../../build/cli/article-skeleton.ts';
import { TRANSLATION_MARKER } from '../../../build/lib/translation-marker.ts';
import { digestOf } from '../../../build/load/index.ts';
import { ARTICLE_FIELDS, modelArticle, TRANSLATION_CREDITS } from '../../../build/model/articles.ts';
import { parseFrontMatter } from '../../../build/parse/front-matter.ts';
import { buildInMemory, makeSite, PROJECT_ROOT, SPANISH_FILES } from '../../helpers/sites.ts';

/** The day the runs below call today, in the time zone they run in. */
const TODAY = '2025-11-01';
const CLOCK = { SOURCE_DATE_EPOCH: '1761998400', TZ: 'UTC' }; // 2025-11-01T12:00:00Z

let site: Awaited<ReturnType<typeof makeSite>>;
before(async () => {
  // Bilingual, as a site with Spanish articles must be (its site.es.md).
  site = await makeSite(SPANISH_FILES);
});
after(async () => {
  await site.cleanup();
});

/** Runs `npm run new` in the test site's folder, as an author in that folder would, with the environment's variables changed by `env`. */
function runNewWith(env: Record<string, string>, ...args: string[]) {
  const script = path.join(PROJECT_ROOT, 'build/cli/new-article.ts');
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), script, ...args], { cwd: site.root, encoding: 'utf8', env: { ...process.env, ...CLOCK, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const runNew = (...args: string[]) => runNewWith({}, ...args);

function assertOneLine(text: string) {
  assert.equal(text.trim().split('\n').length, 1, `expected one line, got:\n${text}`);
  assert.doesNotMatch(text, /\n\s+at /, 'no stack trace');
}


/** The article as the build reads it, with what the build says about it. */
function modelled(file: string, text: string) {
  const result = parseFrontMatter({ path: file, text, digest: digestOf(text) });
  assert.ok('parsed' in result, 'diagnostic' in result ? result.diagnostic.message : '');
  const { parsed } = result;
  const found: ContentDiagnostic[] = [];
  return { parsed, article: modelArticle(parsed, (diagnostic) => found.push(diagnostic)), diagnostics: found };
}

const validateArticle = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'content/schemas/article.schema.json'), 'utf8')) as object);

/** The fields of an article written first in its language: who translated it, and from which version of its original, mean nothing there. */
const ORIGINAL_FIELDS = ARTICLE_FIELDS.filter((field) => !(TRANSLATION_CREDITS as readonly string[]).includes(field) && field !== 'translatedFrom');

test('writes a draft dated today with every field but those of a translation, and prints its path and what to do next', async () => {
  const { code, stdout, stderr } = runNew('Knee Pain: What Helps');
  assert.equal(code, 0, stderr);
  const [printed, ...next] = stdout.trim().split('\n');
  assert.equal(printed, 'content/insights/knee-pain-what-helps.md');
  assert.match(next.join(' '), /npm run preview -- --drafts/);
  const text = await readFile(path.join(site.root, printed), 'utf8');
  const { parsed, article, diagnostics } = modelled(printed, text);
  assert.deepEqual([...parsed.fields.keys()], ORIGINAL_FIELDS);
  assert.deepEqual(diagnostics, []);
  assert.equal(article?.title, 'Knee Pain: What Helps');
  assert.equal(article?.draft, true);
  assert.equal(article?.date, TODAY);
  assert.equal(article?.lastReviewed, TODAY);
  assert.match(text, /This article is for education only\. It is not personal medical, legal or financial advice\./);
});

test('the article it writes passes the article schema', async () => {
  const text = await readFile(path.join(site.contentDir, 'insights/knee-pain-what-helps.md'), 'utf8');
  const { parsed } = modelled('a.md', text);
  const attributes = Object.fromEntries(Object.entries(parsed.attributes).map(([key, value]) => [key, value instanceof Date ? parsed.fields.get(key)?.raw : value]));
  assert.ok(validateArticle(attributes), JSON.stringify(validateArticle.errors));
});

test('the site still builds with the new article: left out of the public site, shown in the drafts preview', async () => {
  const options = { contentDir: site.contentDir, assetsDir: site.assetsDir, year: 2025, today: TODAY } as const;
  const published = await buildInMemory({ ...options, includeDrafts: false });
  assert.ok(!published.pages.some((page) => page.url === '/insights/knee-pain-what-helps'));
  const preview = await buildInMemory({ ...options, includeDrafts: true });
  assert.ok(preview.pages.some((page) => page.url === '/insights/knee-pain-what-helps'));
  assert.deepEqual(preview.warnings, []);
});

test('a second run with the same title refuses to overwrite: exit 1, one line, the file as it was', async () => {
  const file = path.join(site.contentDir, 'insights/knee-pain-what-helps.md');
  await writeFile(file, 'the author has started writing');
  const { code, stdout, stderr } = runNew('Knee Pain: What Helps');
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assertOneLine(stderr);
  assert.match(stderr, /knee-pain-what-helps\.md already exists, so nothing was written/);
  assert.equal(await readFile(file, 'utf8'), 'the author has started writing');
});

test('no title, a title with no letter or digit, a title too long for a file name or quoting a figure, an unknown flag or a missing folder: one line, exit 2, nothing written', () => {
  for (const [args, expected] of [
    [[], /Give the article a title/],
    [['!!!'], /has no letter or digit/],
    [['Knee pain '.repeat(40)], /makes an address of 399 characters, more than the 200 a file name can hold; shorten it/],
    [['The Cap Is {{partDOutOfPocketCap2026}}'], /^error The title quotes \{\{partDOutOfPocketCap2026\}\}, but figures are filled in only in an article's text/],
    [['--titel', 'Knee'], /Unknown option '--titel'/],
    [['Knee', '--content', 'no/such/content'], /no\/such\/content\/insights does not exist/],
  ] as const) {
    const { code, stdout, stderr } = runNew(...args);
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assertOneLine(stderr);
    assert.match(stderr, expected);
  }
});

test('a SOURCE_DATE_EPOCH that is not whole seconds since 1970 is one line and exit code 2, and writes nothing', () => {
  const { code, stdout, stderr } = runNewWith({ SOURCE_DATE_EPOCH: '2025-11-01' }, 'Knee Pain');
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assertOneLine(stderr);
  assert.match(stderr, /SOURCE_DATE_EPOCH must be whole seconds since 1970, as `date \+%s` prints them, not "2025-11-01"/);
  assert.ok(!existsSync(path.join(site.contentDir, 'insights/knee-pain.md')));
});

test('--insights writes into that folder, and --help shows the options', async () => {
  const { code, stdout, stderr } = runNew('Hip Pain', '--insights', 'content');
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^content\/hip-pain\.md\n.*--drafts --insights content/);
  assert.match(await readFile(path.join(site.contentDir, 'hip-pain.md'), 'utf8'), /^---\ntitle: Hip Pain\n/);
  const help = runNew('--help');
  assert.equal(help.code, 0);
  for (const flag of ['--es', '--translate', '--content', '--insights', '--help']) assert.match(help.stdout, new RegExp(flag));
});

// Titles that YAML would otherwise read as something else, or cut short.
const TITLES = ['Knee Pain: What Helps', 'Yes', 'No', 'true', '2025', '2025-10-17', '#1 Tip for Sleep', '- Dash First', '@Home Care', 'It\'s "Quoted"', "Don't Panic: It's Only a Cold", 'Café & Crème', 'Part D in 2026 ' + 'and more words '.repeat(8).trim(), '[Brackets] and {braces}', 'Ends with a colon:', '100% Covered? Not Quite'];

test('any title reaches the build exactly as typed: YAML reads it as text, on one line', () => {
  for (const title of TITLES) {
    const text = articleSkeleton(title, TODAY);
    const { parsed, article, diagnostics } = modelled('a.md', text);
    assert.equal(parsed.attributes.title, title, 'text, not a number, date or boolean');
    assert.equal(article?.title, title);
    assert.deepEqual(diagnostics, [], title);
    assert.equal(parsed.fields.get('date')?.line, 4, `${title}: the title takes one line`);
  }
});

/** The comment after each front-matter field, by field, that a file has. */
function comments(text: string): Map<string, string> {
  const head = text.split('\n---\n')[0] ?? '';
  return new Map([...head.matchAll(/^(\w+): .*?\s+# (.+)$/gm)].map((match) => [match[1] as string, match[2] as string]));
}

test('--es starts a Spanish draft named from its Spanish title, accents and ñ folded: the same fields, every comment and guiding text in Spanish', async () => {
  const { code, stdout, stderr } = runNew('--es', 'Año nuevo: qué cubre Medicare');
  assert.equal(code, 0, stderr);
  const [printed] = stdout.split('\n');
  assert.equal(printed, 'content/insights/ano-nuevo-que-cubre-medicare.es.md');
  const text = await readFile(path.join(site.root, printed), 'utf8');
  const { parsed, article, diagnostics } = modelled(printed, text);
  assert.deepEqual([...parsed.fields.keys()], ORIGINAL_FIELDS);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([article?.title, article?.draft, article?.date, article?.lastReviewed], ['Año nuevo: qué cubre Medicare', true, TODAY, TODAY]);
  const english = comments(articleSkeleton('Any', TODAY));
  const spanish = comments(text);
  assert.deepEqual([...spanish.keys()], [...english.keys()], 'a comment on every field the English skeleton comments on');
  for (const [field, comment] of spanish) assert.notEqual(comment, english.get(field), `${field}: ${comment}`);
  assert.match(spanish.get('draft') ?? '', /^Cámbielo a false cuando el artículo esté listo/);
  assert.match(text, /Empiece con un párrafo corto .*\n\nEste artículo es solo educativo\. No es un consejo médico, legal ni financiero para su caso personal\./s);
  assert.doesNotMatch(text, /\b(the|article|Start|This|physician|Replace)\b/, 'no English guidance left');
});

const ENGLISH = `---
title: "Part D in 2026: What Changes"
summary: The yearly cap on drug costs, and what it means for you.
date: 2025-10-16
draft: false
author: Dr. Writer
reviewedBy: Dr. Alex Sample, MD
lastReviewed: 2025-10-17
sources:
  - title: "Medicare.gov: Drug coverage (Part D)"
    url: https://www.medicare.gov/health-drug-plans/part-d
---

Drug costs come up every day.

## What Part D is

Part D is [Medicare's drug coverage](https://www.medicare.gov).
`;

test('--translate starts the Spanish file beside the English one: its fields copied, title and summary left to translate, the translator and reviewer to name, a draft, the English text below the marker', async () => {
  await writeFile(path.join(site.contentDir, 'insights/part-d-2026.md'), ENGLISH);
  for (const name of ['part-d-2026', 'part-d-2026.md']) {
    await rm(path.join(site.contentDir, 'insights/part-d-2026.es.md'), { force: true });
    const { code, stdout, stderr } = runNew('--translate', name);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^content\/insights\/part-d-2026\.es\.md\nThe Spanish translation of content\/insights\/part-d-2026\.md, a draft\..*TRADUCIR DESDE AQUÍ/);
  }
  const text = await readFile(path.join(site.contentDir, 'insights/part-d-2026.es.md'), 'utf8');
  const english = modelled('part-d-2026.md', ENGLISH).parsed;
  const { parsed, article, diagnostics } = modelled('part-d-2026.es.md', text);
  assert.deepEqual(diagnostics, [], 'a draft: the marker is allowed');
  assert.deepEqual([...parsed.fields.keys()], [...ARTICLE_FIELDS]);
  for (const field of ['title', 'summary', 'date', 'author', 'reviewedBy', 'lastReviewed', 'sources']) assert.deepEqual(parsed.attributes[field], english.attributes[field], field);
  assert.equal(article?.draft, true);
  const said = comments(text);
  assert.match(said.get('title') ?? '', /^Traduzca el título al español/);
  assert.match(said.get('summary') ?? '', /^Traduzca el resumen al español/);
  assert.match(said.get('draft') ?? '', /^Cámbielo a false solo cuando la traducción esté terminada y revisada/);
  assert.deepEqual([article?.translatedBy, article?.translationReviewedBy], [undefined, undefined], 'offered empty, for the translator to fill in');
  assert.match(said.get('translatedBy') ?? '', /^Quién tradujo el artículo; si lo deja vacío, la página no nombra a nadie\.$/);
  assert.match(said.get('translationReviewedBy') ?? '', /^Quién revisó la traducción frente al original/);
  assert.equal(parsed.body, `${TRANSLATION_MARKER}\n\n${english.body.trimStart()}`);
  assert.deepEqual(article?.translatedFrom, modelled('part-d-2026.md', ENGLISH).article?.versions, 'it records the version of the English article it starts from');
  assert.match(said.get('translatedFrom') ?? '', /^La versión del artículo en inglés que se tradujo\. La anota npm run translations -- --current part-d-2026; no la cambie a mano\.$/);
});

test('--translate refuses, in one line and writing nothing, an article that does not exist, a translation, one already begun, or a title beside it', async () => {
  const spanish = path.join(site.contentDir, 'insights/part-d-2026.es.md');
  await writeFile(spanish, 'the translator has started');
  for (const [args, exit, expected] of [
    [['--translate', 'part-d-206'], 2, /^error content\/insights\/part-d-206\.md does not exist, so there is no English article to translate\. Did you mean part-d-2026\?/],
    [['--translate', 'part-d-2026.es'], 2, /^error content\/insights\/part-d-2026\.es\.md is itself a Spanish translation; give the file name of the English article: npm run new -- --translate part-d-2026\./],
    [['--translate', 'part-d-2026.es.md'], 2, /content\/insights\/part-d-2026\.es\.md is itself a Spanish translation/],
    [['--translate', 'part-d-2026'], 1, /^error content\/insights\/part-d-2026\.es\.md already exists, so nothing was written\. Open it to go on translating\./],
    [['--translate', 'part-d-2026', 'La Parte D'], 2, /--translate takes only the English article's file name, not "La Parte D"/],
    [['--translate', ''], 2, /--translate needs the file name of the English article/],
  ] as const) {
    const { code, stdout, stderr } = runNew(...args);
    assert.equal(code, exit, args.join(' '));
    assert.equal(stdout, '');
    assertOneLine(stderr);
    assert.match(stderr, expected);
  }
  assert.equal(await readFile(spanish, 'utf8'), 'the translator has started');
  assert.ok(!existsSync(path.join(site.contentDir, 'insights/part-d-2026.es.es.md')));
  await rm(spanish);
});

test('the build refuses to publish a translation that still has the marker, at its line, and publishes it once the marker is gone', async () => {
  assert.equal(runNew('--translate', 'part-d-2026').code, 0);
  const file = path.join(site.contentDir, 'insights/part-d-2026.es.md');
  // Translated as far as its title, and no longer a draft.
  const published = (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: "La Parte D en 2026: qué cambia"').replace(/^draft: .*$/m, 'draft: false');
  await writeFile(file, published);
  const markerLine = published.split('\n').indexOf(TRANSLATION_MARKER) + 1;
  const options = { contentDir: site.contentDir, assetsDir: site.assetsDir, year: 2025, today: TODAY, includeDrafts: false } as const;
  await assert.rejects(buildInMemory(options), (error: unknown) => {
    assert.ok(error instanceof ContentErrors);
    assert.deepEqual(error.diagnostics.filter(({ severity }) => severity === 'error').map(({ ruleId, file: where, line }) => [ruleId, path.basename(where), line]), [['translation-unfinished', 'part-d-2026.es.md', markerLine]]);
    return true;
  });
  await writeFile(file, published.replace(`${TRANSLATION_MARKER}\n\n`, ''));
  const built = await buildInMemory(options);
  assert.ok(built.pages.some((page) => page.url.endsWith('/insights/la-parte-d-en-2026-que-cambia')));
});
