/**
 * The JSON Schemas of the content in other languages (DECISIONS.md
 * "Languages"): site.es.md has a schema of its own, a topic and a figure a
 * group per language (`es:`), and a Spanish article is an article. The
 * shipped files pass; the fields are the build's own, required exactly where
 * the build cannot do without them; and typical mistakes fail the schema as
 * the build reports them.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { TRANSLATED_LANGUAGES } from '../../build/lib/languages.ts';
import { SITE_TRANSLATION_FIELDS } from '../../build/model/site-translation.ts';
import { TRANSLATED_TOPIC_FIELDS } from '../../build/model/topics.ts';
import { complaints, figuresOf, frontMatter, itemSchema, propertiesOf, SCHEMAS, siteTranslationResult, topicDiagnostics } from '../helpers/schemas.ts';
import { SAMPLE_CONTENT, SITE_ES_MD, SITE_MD, TOPICS_YAML } from '../helpers/sites.ts';

/** The tests' site.md with what a translation must then give too: spoken languages, plans, after-hours advice. */
const SITE_MD_WITH_LISTS = SITE_MD.replace('reviewMaxAgeMonths: 1200\n', 'reviewMaxAgeMonths: 1200\nlanguages:\n  - English\n  - Spanish\ninsurancePlans:\n  - Original Medicare\nafterHours: "Call the after-hours line."\n');
const LISTS_ES = 'languages:\n  - Inglés\n  - Español\ninsurancePlans:\n  - Medicare Original\nafterHours: "Llame a la línea fuera de horario."\n';
const withFields = (text: string, lines: string) => text.replace(/\n---\n/, `\n${lines}---\n`);

const ES_WORDS = [
  { title: 'Dolor lumbar', system: 'Sistema musculoesquelético', subgroup: 'Espalda' },
  { title: 'Desgarros del manguito rotador', system: 'Sistema musculoesquelético', subgroup: 'Hombro' },
];
/** The tests' topics, each with its words in Spanish, changed by `change`. */
function topicsWithSpanish(change: (words: Record<string, unknown>[]) => void = () => undefined): string {
  const topics = parseYaml(TOPICS_YAML) as Record<string, unknown>[];
  const words: Record<string, unknown>[] = ES_WORDS.map((group) => ({ ...group }));
  change(words);
  return stringifyYaml(topics.map((topic, index) => ({ ...topic, es: words[index] })));
}

const FIGURES_YAML = `enrollment:
  value: October 15 to December 7
  year: 2026
  source:
    title: "Medicare.gov: Joining a plan"
    url: https://www.medicare.gov/basics/get-started-with-medicare/get-more-coverage/joining-a-plan
  es:
    value: "del 15 de octubre al 7 de diciembre"
    source:
      title: "Medicare.gov: Cómo inscribirse en un plan"
`;

test('the shipped site.es.md, Spanish articles, and the Spanish groups of the topics and figures pass their schemas', () => {
  assert.equal(complaints('siteTranslation', frontMatter('content/site.es.md', readFileSync(path.join(SAMPLE_CONTENT, 'site.es.md'), 'utf8'))), '');
  const folder = path.join(SAMPLE_CONTENT, 'insights');
  const spanish = readdirSync(folder).filter((name) => name.endsWith('.es.md'));
  assert.ok(spanish.length >= 3, spanish.join(', '));
  for (const name of spanish) assert.equal(complaints('article', frontMatter(name, readFileSync(path.join(folder, name), 'utf8'))), '', name);
  const topics = parseYaml(readFileSync(path.join(SAMPLE_CONTENT, 'education-topics.yaml'), 'utf8')) as { es?: unknown }[];
  assert.ok(topics.every((topic) => topic.es !== undefined), 'every shipped topic has its Spanish words');
  assert.equal(complaints('topics', topics), '');
  assert.equal(complaints('figures', parseYaml(readFileSync(path.join(SAMPLE_CONTENT, 'medicare-figures.yaml'), 'utf8'))), '');
});

test('a full translation of site.md passes, and the build makes the site in Spanish of it', () => {
  assert.equal(complaints('siteTranslation', frontMatter('content/site.es.md', SITE_ES_MD)), '');
  assert.deepEqual(siteTranslationResult(SITE_ES_MD, SITE_MD), { built: true, diagnostics: [] });
  const withLists = withFields(SITE_ES_MD, LISTS_ES);
  assert.equal(complaints('siteTranslation', frontMatter('content/site.es.md', withLists)), '');
  assert.deepEqual(siteTranslationResult(withLists, SITE_MD_WITH_LISTS), { built: true, diagnostics: [] });
});

test("the translated groups' fields are the build's own, one group for each language the site is translated into", () => {
  assert.deepEqual(propertiesOf(SCHEMAS.siteTranslation.json).sort(), [...SITE_TRANSLATION_FIELDS].sort());
  const topic = itemSchema(SCHEMAS.topics.json).properties as Record<string, Record<string, unknown>>;
  const figure = (SCHEMAS.figures.json.additionalProperties as { properties: Record<string, Record<string, unknown>> }).properties;
  for (const language of TRANSLATED_LANGUAGES) {
    assert.deepEqual(propertiesOf(topic[language] ?? {}), [...TRANSLATED_TOPIC_FIELDS], language);
    assert.ok(figure[language], `a figure's ${language} group`);
  }
});

test("every field a figure's Spanish group offers reaches the build: its value and its source's title", () => {
  const { value: figures, diagnostics } = figuresOf(FIGURES_YAML);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(figures.get('enrollment')?.translations.es, { value: 'del 15 de octubre al 7 de diciembre', sourceTitle: 'Medicare.gov: Cómo inscribirse en un plan' });
  const group = (SCHEMAS.figures.json.additionalProperties as { properties: { es: Record<string, unknown> } }).properties.es;
  assert.deepEqual(propertiesOf(group), ['value', 'source']);
  assert.deepEqual(propertiesOf((group.properties as { source: Record<string, unknown> }).source), ['title'], 'the address is written once, in English');
  assert.equal(complaints('figures', parseYaml(FIGURES_YAML)), '');
  // The build reads only the fields it knows from a figure: the schema is what catches a misspelt one.
  assert.match(complaints('figures', parseYaml(FIGURES_YAML.replace('    value: "del', '    valor: "del'))), /must NOT have additional properties/);
});

test('a site.es.md field the schema requires is exactly one the build cannot do without; the lists and after-hours advice it needs when site.md has them', () => {
  const required = SCHEMAS.siteTranslation.json.required as string[];
  // The field's line and, for a list, the indented lines under it.
  const withoutField = (text: string, key: string) => text.replace(new RegExp(`^${key}:.*\\n(?:[ \\t]+.*\\n)*`, 'm'), '');
  for (const key of SITE_TRANSLATION_FIELDS) {
    assert.equal(siteTranslationResult(withoutField(SITE_ES_MD, key), SITE_MD).built, !required.includes(key), `${key}, with a site.md that has no lists or advice`);
    assert.equal(siteTranslationResult(withoutField(withFields(SITE_ES_MD, LISTS_ES), key), SITE_MD_WITH_LISTS).built, false, `${key}, with a site.md that has them`);
  }
});

test('site.es.md mistakes fail the schema, and the build reports each of them too', () => {
  const mistakes: [string, string, string, RegExp][] = [
    ['a misspelt key', SITE_ES_MD.replace('tagline:', 'tagLine:'), SITE_MD, /must have required property 'tagline'.*must NOT have additional properties/],
    ['an empty tagline', SITE_ES_MD.replace('tagline: "Un lema."', 'tagline: ""'), SITE_MD, /tagline must match pattern/],
    ['a list written on one line', withFields(SITE_ES_MD, LISTS_ES.replace('languages:\n  - Inglés\n  - Español', 'languages: "Inglés, Español"')), SITE_MD_WITH_LISTS, /languages must be array/],
    ['an empty entry of a list', withFields(SITE_ES_MD, LISTS_ES.replace('  - Español', '  - ""')), SITE_MD_WITH_LISTS, /languages\/1 must match pattern/],
    ['an English field that is written once', withFields(SITE_ES_MD, 'phone: "(786) 555-0123"\n'), SITE_MD, /must NOT have additional properties/],
  ];
  for (const [mistake, text, original, expected] of mistakes) {
    assert.match(complaints('siteTranslation', frontMatter('content/site.es.md', text)), expected, mistake);
    assert.notDeepEqual(siteTranslationResult(text, original).diagnostics, [], `the build reports ${mistake}`);
  }
});

test("a topic's Spanish field the schema requires is exactly one the build cannot do without", () => {
  const required = (itemSchema(SCHEMAS.topics.json).properties as Record<string, { required: string[] }>).es?.required ?? [];
  assert.deepEqual(topicDiagnostics(topicsWithSpanish()), []);
  for (const key of TRANSLATED_TOPIC_FIELDS) {
    const text = topicsWithSpanish(([first]) => delete first?.[key]);
    assert.equal(complaints('topics', parseYaml(text)) !== '', required.includes(key), `the schema, without ${key}`);
    assert.equal(
      topicDiagnostics(text).some((diagnostic) => diagnostic.severity === 'error'),
      required.includes(key),
      `the build, without ${key}`,
    );
  }
});

test("topic mistakes in the Spanish group fail the schema, and the build reports each of them too", () => {
  const mistakes: [string, string, RegExp][] = [
    ['a misspelt key', topicsWithSpanish(([first]) => Object.assign(first ?? {}, { titulo: first?.title, title: undefined })), /must NOT have additional properties/],
    ['an empty title', topicsWithSpanish(([first]) => Object.assign(first ?? {}, { title: '' })), /es\/title must match pattern/],
    ['words that are not a group', stringifyYaml((parseYaml(TOPICS_YAML) as object[]).map((topic) => ({ ...topic, es: 'Dolor lumbar' }))), /es must be object/],
  ];
  for (const [mistake, text, expected] of mistakes) {
    assert.match(complaints('topics', parseYaml(text)), expected, mistake);
    assert.notDeepEqual(topicDiagnostics(text), [], `the build reports ${mistake}`);
  }
});
