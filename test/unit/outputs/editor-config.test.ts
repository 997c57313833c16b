/**
 * The browser editor's configuration (build/outputs/editor/config.ts): valid
 * for Sveltia CMS by the JSON Schema its package ships, and held to the
 * model's field lists and to the content's schemas, so that the editor asks
 * for exactly what the build reads: the same fields in the same order, the
 * same required ones, patterns and limits, and for a new article what
 * `npm run new` writes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import type { CmsConfig, Field } from '@sveltia/cms';
import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { articleSkeleton } from '../../../build/cli/article-skeleton.ts';
import { ARTICLE_FIELDS } from '../../../build/model/articles.ts';
import { SITE_TRANSLATION_FIELDS } from '../../../build/model/site-translation.ts';
import { SITE_FIELDS } from '../../../build/model/site.ts';
import { TOPIC_FIELDS, TRANSLATED_TOPIC_FIELDS } from '../../../build/model/topics.ts';
import { editorConfig, NEW_ARTICLE, type ContentSchemas } from '../../../build/outputs/editor/config.ts';
import type { JsonSchema } from '../../../build/outputs/editor/fields.ts';
import { SCHEMAS } from '../../helpers/schemas.ts';
import { SAMPLE_CONTENT } from '../../helpers/sites.ts';

const schemas = { article: SCHEMAS.article.json, site: SCHEMAS.site.json, siteTranslation: SCHEMAS.siteTranslation.json, topics: SCHEMAS.topics.json, figures: SCHEMAS.figures.json } as unknown as ContentSchemas;
const figureNames = Object.keys(parseYaml(readFileSync(path.join(SAMPLE_CONTENT, 'medicare-figures.yaml'), 'utf8')) as object);
const site = { name: 'Dr. Test Person', logoUrl: '/images/logo.svg', figureNames, repository: 'dr-test/website' };
const config = editorConfig(schemas, site);

type AnyField = Field & { name: string; widget?: string; fields?: AnyField[]; field?: AnyField; required?: boolean; pattern?: [string, string]; min?: number; max?: number; default?: unknown };
type FileEntry = { name: string; file: string; fields: AnyField[] };
type AnyCollection = { name: string; folder?: string; fields?: AnyField[]; files?: FileEntry[] };

const collections = config.collections as unknown as AnyCollection[];
const collection = (name: string) => collections.find((item) => item.name === name) as AnyCollection;
const fileOf = (name: string, file: string) => collection(name).files?.find((item) => item.name === file) as FileEntry;
const names = (fields: readonly AnyField[] | undefined) => (fields ?? []).map((field) => field.name);
const withoutBody = (fields: readonly AnyField[] | undefined) => (fields ?? []).filter((field) => field.name !== 'body');

test("the configuration is valid by the JSON Schema of Sveltia CMS's own package, and an invalid one is not", () => {
  const schemaFile = path.join(path.dirname(createRequire(import.meta.url).resolve('@sveltia/cms')), '..', 'schema', 'sveltia-cms.json');
  const formats = { regex: (text: string) => (RegExp(text), true), uri: (text: string) => URL.canParse(text) };
  const ajv = new Ajv({ allErrors: true, strict: false, formats });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  assert.ok(validate(config), ajv.errorsText(validate.errors));
  assert.ok(!validate({ ...config, collections: [{ ...collections[0], fields: [{ name: 'title', widget: 'string', maxLenght: 3 }] }] }), 'a misspelt option is refused');
});

test("the article fields are the model's, in its order, each language with its own value, and the text after them", () => {
  const fields = collection('articles').fields;
  assert.deepEqual(names(withoutBody(fields)), [...ARTICLE_FIELDS]);
  assert.equal(fields?.at(-1)?.name, 'body');
  assert.ok((fields ?? []).every((field) => (field as { i18n?: unknown }).i18n === true));
  assert.equal(collection('articles').folder, 'content/insights');
});

test("the identity file's fields are the model's, its translation's the model's translated ones, each in its schema's order", () => {
  assert.deepEqual(names(withoutBody(fileOf('site', 'site').fields)).sort(), [...SITE_FIELDS].sort());
  assert.deepEqual(names(withoutBody(fileOf('site', 'site').fields)), Object.keys(SCHEMAS.site.json.properties as object));
  assert.deepEqual(names(withoutBody(fileOf('site', 'site-es').fields)), [...SITE_TRANSLATION_FIELDS]);
  assert.deepEqual([fileOf('site', 'site').file, fileOf('site', 'site-es').file], ['content/site.md', 'content/site.es.md']);
});

test("a topic's fields are the model's, with its Spanish group; each figure of the content has the fields of a figure", () => {
  const [list] = fileOf('handouts', 'topics').fields;
  assert.equal((list as { root?: boolean }).root, true, 'the file is a list at its root');
  assert.deepEqual(names(list?.fields), [...TOPIC_FIELDS, 'es']);
  assert.deepEqual(names(list?.fields?.find((field) => field.name === 'es')?.fields), [...TRANSLATED_TOPIC_FIELDS]);
  const figures = fileOf('figures', 'figures').fields;
  assert.deepEqual(names(figures), figureNames);
  const figureSchema = SCHEMAS.figures.json.additionalProperties as JsonSchema;
  for (const figure of figures) assert.deepEqual(names(figure.fields), Object.keys(figureSchema.properties ?? {}), figure.name);
});

/** Each field beside the schema of its value, through groups and lists. */
function pairs(fields: readonly AnyField[], schema: JsonSchema): [AnyField, JsonSchema, boolean][] {
  return fields.flatMap((field) => {
    const own = schema.properties?.[field.name];
    if (own === undefined) return [];
    const list = own.anyOf?.find((branch) => branch.items !== undefined) ?? own;
    const inner: [AnyField, JsonSchema, boolean][] = field.fields === undefined ? [] : pairs(field.fields, field.widget === 'list' ? (list.items ?? {}) : own);
    return [[field, own, (schema.required ?? []).includes(field.name)], ...inner];
  });
}

test('every field is required, matched and limited exactly as its schema says, through groups and lists', () => {
  const checked: [readonly AnyField[], JsonSchema][] = [
    [collection('articles').fields ?? [], schemas.article],
    [fileOf('site', 'site').fields, schemas.site],
    [fileOf('site', 'site-es').fields, schemas.siteTranslation],
    [fileOf('handouts', 'topics').fields[0]?.fields ?? [], schemas.topics.items ?? {}],
    ...fileOf('figures', 'figures').fields.map((figure): [readonly AnyField[], JsonSchema] => [figure.fields ?? [], schemas.figures.additionalProperties as JsonSchema]),
  ];
  const all = checked.flatMap(([fields, schema]) => pairs(fields, schema));
  assert.ok(all.length > 60);
  for (const [field, schema, required] of all) {
    // A hidden field is never asked for, so it is never required.
    assert.equal(field.required ?? false, required, `${field.name} required`);
    const pattern = schema.pattern ?? (field.widget === 'list' ? undefined : schema.anyOf?.find((branch) => branch.type === 'string')?.pattern);
    if (field.widget === 'string' || field.widget === 'text') assert.equal(field.pattern?.[0], pattern, `${field.name} pattern`);
    const integer = schema.anyOf?.find((branch) => branch.type === 'integer');
    if (integer !== undefined) assert.deepEqual([field.widget, field.min, field.max], ['number', integer.minimum, integer.maximum], `${field.name} limits`);
    if (field.widget === 'list') assert.equal(field.min, (schema.anyOf?.find((branch) => branch.type === 'array') ?? schema).minItems, `${field.name} entries`);
  }
});

test('a new article starts as `npm run new` starts one: a draft, dated the day it is started', () => {
  const fields = collection('articles').fields ?? [];
  const defaults = Object.fromEntries(fields.filter((field) => field.default !== undefined).map((field) => [field.name, field.default]));
  assert.deepEqual(defaults, NEW_ARTICLE);
  const skeleton = articleSkeleton('Knee Pain', '2026-11-29');
  assert.match(skeleton, /^draft: true\b/m);
  assert.match(skeleton, /^date: 2026-11-29$/m);
  assert.equal(NEW_ARTICLE.date, '{{now}}', "the editor's word for the day an entry is started");
  assert.deepEqual([fields.find((field) => field.name === 'date')?.widget, (fields.find((field) => field.name === 'date') as { format?: string }).format], ['datetime', 'YYYY-MM-DD']);
  assert.equal(fields.find((field) => field.name === 'draft')?.widget, 'boolean');
});

test('a field only tools write, such as a translation’s record of its original, is hidden where its schema puts it, whatever it holds', () => {
  const properties = Object.entries(schemas.article.properties ?? {});
  const at = properties.findIndex(([name]) => name === 'lastReviewed') + 1;
  const record: JsonSchema = { type: 'object', properties: { title: { type: 'string' }, summary: { type: 'string' }, body: { type: 'string' }, sources: { type: 'string' } } };
  const article: JsonSchema = { ...schemas.article, properties: Object.fromEntries([...properties.slice(0, at), ['translatedFrom', record] as const, ...properties.slice(at)]) };
  const fields = (editorConfig({ ...schemas, article }, site).collections as unknown as AnyCollection[])[0]?.fields ?? [];
  assert.deepEqual(fields[at], { name: 'translatedFrom', widget: 'hidden', i18n: true });
});

test('the editor commits to the repository it is given, on main, with a message naming what was saved', () => {
  const backend = (config as CmsConfig & { backend: { repo: string; branch: string; auth_methods: string[]; commit_messages: Record<string, string> } }).backend;
  assert.deepEqual([backend.repo, backend.branch, backend.auth_methods], ['dr-test/website', 'main', ['token']]);
  for (const [kind, message] of Object.entries(backend.commit_messages)) assert.match(message, /\{\{(slug|path)\}\}/, kind);
});
