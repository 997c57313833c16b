/**
 * The physician's guide (content/README.md), the article template and the
 * article `npm run new` writes say what the build does: every field of
 * site.md, each required exactly when the build needs it; every field of an
 * article, with what the build makes of it when it is left out; and images,
 * which an article can show.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { articleSkeleton } from '../../build/cli/article-skeleton.ts';
import type { ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { digestOf } from '../../build/load/index.ts';
import { ARTICLE_FIELDS, modelArticle } from '../../build/model/articles.ts';
import { SITE_FIELDS } from '../../build/model/site.ts';
import { parseFrontMatter } from '../../build/parse/front-matter.ts';
import { article, buildFrom, pageAt, PROJECT_ROOT, SAMPLE_CONTENT } from '../helpers/sites.ts';

const GUIDE = readFileSync(path.join(PROJECT_ROOT, 'content/README.md'), 'utf8');
/** The template as the sample ships it: the physician may rewrite or delete their own. */
const TEMPLATE = readFileSync(path.join(SAMPLE_CONTENT, 'insights/article-template.md'), 'utf8');
const SITE_SCHEMA = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'content/schemas/site.schema.json'), 'utf8')) as { required: string[] };

/** The rows of the first table after a heading, as lines, the heading row and its rule left out. */
function tableLines(document: string, heading: string): string[] {
  const start = document.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `the document has a section "${heading}"`);
  const lines = document.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end);
}

/** A table's rows by the field named in their first cell, each the cells after it. */
function rowsByField(lines: readonly string[]): Map<string, string[]> {
  return new Map(
    lines.map((line) => {
      const [field = '', ...rest] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return [field.replace(/^`|`$/g, ''), rest];
    }),
  );
}

const siteTable = () => rowsByField(tableLines(GUIDE, '## `site.md`: who the site is about'));
const articleTableLines = () => tableLines(GUIDE, '## The fields of an article');

test('the guide lists every field site.md accepts, each required exactly when the schema (and so the build) requires it', () => {
  const table = siteTable();
  assert.deepEqual([...table.keys()].sort(), [...SITE_FIELDS].sort());
  const required = [...table].filter(([, [isRequired]]) => isRequired === 'yes').map(([field]) => field);
  assert.deepEqual(required.sort(), [...SITE_SCHEMA.required].sort());
  for (const [field, [isRequired = '', leftOut = '', does = '']] of table) {
    assert.ok(['yes', 'no'].includes(isRequired), `${field}: required is yes or no`);
    assert.equal(leftOut === '', isRequired === 'yes', `${field}: an optional field says what happens when it is left out, a required one does not`);
    assert.notEqual(does, '', `${field}: what it does`);
  }
});

test("the guide lists every field of an article, and the template's table of fields is the guide's, row for row", () => {
  assert.deepEqual([...rowsByField(articleTableLines()).keys()], [...ARTICLE_FIELDS]);
  assert.deepEqual(tableLines(TEMPLATE, '## The front matter'), articleTableLines());
  assert.doesNotMatch(TEMPLATE, /Required\?/, 'the template calls no field required: the build fills in each one left out');
});

test('what the guide says of a field left out is what the build makes of an article without it', () => {
  const text = '---\n# Every field left out.\n---\n\nSome words.\n';
  const result = parseFrontMatter({ path: 'content/insights/notes.md', text, digest: digestOf(text) });
  assert.ok('parsed' in result);
  const reported: ContentDiagnostic[] = [];
  const modelled = modelArticle(result.parsed, (diagnostic) => reported.push(diagnostic));
  assert.deepEqual(reported, []);
  assert.ok(modelled !== undefined);
  const table = rowsByField(articleTableLines());
  const leftOut = (field: string) => table.get(field)?.[1] ?? '';
  assert.ok(leftOut('title').includes(`"${modelled.title}"`) && leftOut('title').includes(`\`${modelled.url}\``), leftOut('title'));
  assert.ok(leftOut('date').startsWith(modelled.date), leftOut('date'));
  assert.equal(modelled.draft, false);
  assert.equal(leftOut('draft'), 'published');
  assert.equal(modelled.lastReviewed, modelled.date);
  assert.match(leftOut('lastReviewed'), /`date`/);
  assert.deepEqual([modelled.summary, modelled.sources, modelled.author, modelled.reviewedBy], ['', [], undefined, undefined]);
});

test("every image the guide, the template and `npm run new`'s article show how to write is shown by a built article", async () => {
  const written = [GUIDE, TEMPLATE, articleSkeleton('Knee Pain', '2025-11-01')].map((document) => [...document.matchAll(/!\[([^\]]+)\]\((\/images\/[^)\s]+\.jpg)\)/g)]);
  assert.ok(written.every((images) => images.length > 0), 'each of the three shows an image');
  const images = written.flat();
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  const build = await buildFrom({
    ...Object.fromEntries(images.map(([, , url]) => [`assets${url}`, photo])),
    'content/insights/photos.md': article({ title: 'Photos', date: '2025-10-16' }, images.map(([markdown]) => markdown).join('\n\n')),
  });
  const html = pageAt(build, '/insights/photos');
  for (const [, alt, url] of images) assert.match(html, new RegExp(`<img src="${url}"[^>]* alt="${alt}"`), url);
  assert.deepEqual(build.warnings, []);
});

test('the pictures of the browser editor the guide shows are files beside it, each the editor at 1280 px wide', async () => {
  const pictures = [...GUIDE.matchAll(/!\[[^\]]+\]\((images-of-the-editor\/[^)\s]+\.png)\)/g)].map(([, file]) => file as string);
  assert.ok(pictures.length >= 4);
  for (const picture of pictures) assert.equal((await sharp(path.join(PROJECT_ROOT, 'content', picture)).metadata()).width, 1280, picture);
});
