/**
 * The JSON Schemas editors check content files against (content/schemas/),
 * compiled as an editor's validator reads them; content as a schema sees it;
 * and what the build says of the same content, for the tests that hold the
 * schemas to the build.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { digestOf, type AssetFile } from '../../build/load/index.ts';
import { modelFigures } from '../../build/model/figures.ts';
import { modelSiteTranslation } from '../../build/model/site-translation.ts';
import { modelSite } from '../../build/model/site.ts';
import { modelTopics } from '../../build/model/topics.ts';
import { parseFrontMatter, type ParsedSource } from '../../build/parse/front-matter.ts';
import { parseSiteFile } from '../../build/parse/site.ts';
import { parseYaml as parseYamlFile } from '../../build/parse/yaml.ts';
import { PROJECT_ROOT } from './sites.ts';

/** The schemas are the editor's, in content/; the files checked against them are the sample's, as the tests hold it. */
export const SCHEMA_FOLDER = path.join(PROJECT_ROOT, 'content/schemas');
// strict: a keyword the validator does not know, or a type it cannot check, is a mistake in the schema itself.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });

function loadSchema(name: string) {
  const json = JSON.parse(readFileSync(path.join(SCHEMA_FOLDER, `${name}.schema.json`), 'utf8')) as Record<string, unknown>;
  return { json, validate: ajv.compile(json) };
}

export const SCHEMAS = {
  article: loadSchema('article'),
  site: loadSchema('site'),
  siteTranslation: loadSchema('site.es'),
  topics: loadSchema('education-topics'),
  figures: loadSchema('medicare-figures'),
};
type SchemaName = keyof typeof SCHEMAS;

/** The schema's complaints about a value, as one line; empty when it passes. */
export function complaints(name: SchemaName, value: unknown): string {
  const { validate } = SCHEMAS[name];
  return validate(value) ? '' : ajv.errorsText(validate.errors);
}

/** A markdown file split as the build splits it, or undefined when it cannot be (the problem goes to `report`). */
export function parsedOf(file: string, text: string, report: (diagnostic: ContentDiagnostic) => void = () => undefined): ParsedSource | undefined {
  const result = parseFrontMatter({ path: file, text, digest: digestOf(text) });
  if ('parsed' in result) return result.parsed;
  report(result.diagnostic);
  return undefined;
}

/**
 * A markdown file's front matter as a schema sees it. The front-matter package
 * reads an unquoted 2025-10-17 as a Date, and rolls 2025-13-01 over into 2026;
 * an editor's YAML 1.2 parser sees the text, and the build reads the text
 * written on the line, so the test does too.
 */
export function frontMatter(file: string, text: string): Record<string, unknown> {
  const parsed = parsedOf(file, text);
  assert.ok(parsed, file);
  return Object.fromEntries(Object.entries(parsed.attributes).map(([key, value]) => [key, value instanceof Date ? parsed.fields.get(key)?.raw : value]));
}

/** The properties a schema (or its list items) describes. */
export const propertiesOf = (schema: Record<string, unknown>) => Object.keys(schema.properties as Record<string, unknown>);
export const itemSchema = (schema: Record<string, unknown>) => schema.items as Record<string, unknown>;

type Report = (diagnostic: ContentDiagnostic) => void;

/** Diagnostics and the function that collects them. */
function collector(): { diagnostics: ContentDiagnostic[]; report: Report } {
  const diagnostics: ContentDiagnostic[] = [];
  return { diagnostics, report: (diagnostic) => diagnostics.push(diagnostic) };
}

const image = (relativePath: string): [string, AssetFile] => [relativePath, { relativePath, absolutePath: `/x/${relativePath}`, size: 1000, digest: relativePath, dimensions: { width: 100, height: 100 } }];
const IMAGES = new Map([image('images/logo.svg'), image('images/favicon.svg'), image('images/physician.svg'), image('images/social-default.png')]);

/** What the build says about a site identity file, and the identity it builds from it, if it can. */
export function siteResult(text: string) {
  const { diagnostics, report } = collector();
  const result = parseSiteFile({ path: 'content/site.md', text, digest: digestOf(text) });
  if ('diagnostic' in result) report(result.diagnostic);
  const site = 'parsed' in result ? modelSite(result.parsed, IMAGES, undefined, report) : undefined;
  return { site, built: site !== undefined, diagnostics };
}

/** What the build says about a translation of site.md (`content/site.es.md`), and whether it could build the site in its language. */
export function siteTranslationResult(text: string, originalText: string) {
  const { site } = siteResult(originalText);
  assert.ok(site, 'the original builds');
  const { diagnostics, report } = collector();
  const parsed = parsedOf('content/site.es.md', text, report);
  const translated = parsed === undefined ? undefined : modelSiteTranslation(parsed, site, report);
  return { built: translated !== undefined, diagnostics };
}

const handout = (name: string): AssetFile => ({ relativePath: `pdfs/${name}`, absolutePath: `/x/${name}`, size: 1000, digest: name, pdf: { pages: 1, title: name, subject: undefined } });
const HANDOUTS = [handout('low-back-pain.pdf'), handout('rotator-cuff-tears.pdf')];

/** What the build says about a YAML content file, read by `model`, and what it makes of it. */
function yamlResult<T>(file: string, text: string, model: (yaml: ReturnType<typeof parseYamlFile>, report: Report) => T): { diagnostics: ContentDiagnostic[]; value: T } {
  const { diagnostics, report } = collector();
  const value = model(parseYamlFile({ path: file, text, digest: digestOf(text) }), report);
  return { diagnostics, value };
}
export const topicDiagnostics = (text: string) => yamlResult('content/education-topics.yaml', text, (yaml, report) => modelTopics(yaml, HANDOUTS, report)).diagnostics;
export const figuresOf = (text: string) => yamlResult('content/medicare-figures.yaml', text, modelFigures);
export const figureDiagnostics = (text: string) => figuresOf(text).diagnostics;
