/**
 * The JSON Schemas that editors check content files against
 * (content/schemas/): the shipped content passes them, typical mistakes fail
 * them and the build reports those too, their fields are the build's own, and
 * the editor settings point at them. The files and groups in other languages
 * are in schema-translations.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { formatDiagnostic, groupWarnings, problem, type ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { ARTICLE_FIELDS, modelArticle } from '../../build/model/articles.ts';
import { SITE_FIELDS } from '../../build/model/site.ts';
import { TOPIC_FIELDS } from '../../build/model/topics.ts';
import { TRANSLATED_LANGUAGES } from '../../build/lib/languages.ts';
import { complaints, figureDiagnostics, frontMatter, itemSchema, parsedOf, propertiesOf, SCHEMA_FOLDER, SCHEMAS, siteResult, topicDiagnostics } from '../helpers/schemas.ts';
import { PROJECT_ROOT, SAMPLE_CONTENT, SITE_MD, TOPICS_YAML } from '../helpers/sites.ts';

/** What the build says about an article file. */
function articleDiagnostics(text: string): ContentDiagnostic[] {
  const diagnostics: ContentDiagnostic[] = [];
  const report = (diagnostic: ContentDiagnostic) => diagnostics.push(diagnostic);
  const parsed = parsedOf('content/insights/a.md', text, report);
  if (parsed) modelArticle(parsed, report);
  return diagnostics;
}

/** An article's front-matter lines by field; each value is the YAML text after `key: `. */
const FULL_ARTICLE: Record<string, string> = {
  title: '"Knee Pain: What Helps"',
  summary: 'Why knees hurt, and what helps.',
  date: '2025-10-17',
  draft: 'true',
  author: 'Dr. Test Person',
  reviewedBy: 'Dr. Test Person, MD',
  lastReviewed: '2025-10-18',
  sources: '\n  - title: "Medicare.gov: Home"\n    url: https://www.medicare.gov/',
};
const articleText = (fields: Record<string, string>) => `---\n${Object.entries(fields).map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\n\nSome words.\n`;
const without = (fields: Record<string, string>, key: string) => Object.fromEntries(Object.entries(fields).filter(([name]) => name !== key));

const FIGURES_YAML = `capA:
  value: "$2,100"
  year: 2026
  about: Yearly cap on Part D costs
  source:
    title: "Medicare.gov: Drug coverage (Part D)"
    url: https://www.medicare.gov/health-drug-plans/part-d
`;

test('every shipped article passes the article schema', () => {
  const folder = path.join(SAMPLE_CONTENT, 'insights');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md'));
  assert.ok(files.length >= 4);
  for (const name of files) {
    const file = path.join(folder, name);
    assert.equal(complaints('article', frontMatter(file, readFileSync(file, 'utf8'))), '', name);
  }
});

test('the shipped site identity, topics and figures pass their schemas', () => {
  assert.equal(complaints('site', frontMatter('content/site.md', readFileSync(path.join(SAMPLE_CONTENT, 'site.md'), 'utf8'))), '');
  assert.equal(complaints('topics', parseYaml(readFileSync(path.join(SAMPLE_CONTENT, 'education-topics.yaml'), 'utf8'))), '');
  assert.equal(complaints('figures', parseYaml(readFileSync(path.join(SAMPLE_CONTENT, 'medicare-figures.yaml'), 'utf8'))), '');
});

test('a full article and the test fixtures pass, and so does an article with any one field left out', () => {
  assert.equal(complaints('article', frontMatter('a.md', articleText(FULL_ARTICLE))), '');
  assert.deepEqual(articleDiagnostics(articleText(FULL_ARTICLE)), []);
  for (const key of Object.keys(FULL_ARTICLE)) {
    const text = articleText(without(FULL_ARTICLE, key));
    assert.equal(complaints('article', frontMatter('a.md', text)), '', `without ${key}`);
    assert.deepEqual(articleDiagnostics(text), [], `the build needs no ${key} either`);
  }
  assert.equal(complaints('site', frontMatter('content/site.md', SITE_MD)), '');
  assert.equal(complaints('topics', parseYaml(TOPICS_YAML)), '');
  assert.equal(complaints('figures', parseYaml(FIGURES_YAML)), '');
});

test('article mistakes fail the schema, and the build reports each of them too', () => {
  const mistakes: [string, Record<string, string>, RegExp][] = [
    ['a misspelt key', { ...FULL_ARTICLE, tittle: 'Knee Pain' }, /must NOT have additional properties/],
    ['a 13th month', { ...FULL_ARTICLE, date: '2025-13-01' }, /date must match pattern/],
    ['February 30', { ...FULL_ARTICLE, date: '2025-02-30' }, /date must match pattern/],
    ['a date that is not a date', { ...FULL_ARTICLE, date: 'next week' }, /date must match pattern/],
    ['a review on April 31', { ...FULL_ARTICLE, lastReviewed: '2025-04-31' }, /lastReviewed must match pattern/],
    ['a source with no https://', { ...FULL_ARTICLE, sources: '\n  - title: Medicare\n    url: www.medicare.gov' }, /url must match pattern/],
    ['a source on ftp', { ...FULL_ARTICLE, sources: '\n  - title: Medicare\n    url: ftp://www.medicare.gov/' }, /url must match pattern/],
    ['a source with no title', { ...FULL_ARTICLE, sources: '\n  - url: https://www.medicare.gov/' }, /must have required property 'title'/],
    ['sources that are not a list', { ...FULL_ARTICLE, sources: 'https://www.medicare.gov/' }, /sources must be array/],
    ['a title that is a list', { ...FULL_ARTICLE, title: '\n  - Knee\n  - Pain' }, /title must be string/],
  ];
  for (const [mistake, fields, expected] of mistakes) {
    const text = articleText(fields);
    assert.match(complaints('article', frontMatter('a.md', text)), expected, mistake);
    assert.notDeepEqual(articleDiagnostics(text), [], `the build reports ${mistake}`);
  }
});

test('draft: yes is flagged, because the build would read it as "not a draft" and publish the article', () => {
  assert.match(complaints('article', frontMatter('a.md', articleText({ ...FULL_ARTICLE, draft: 'yes' }))), /draft/);
  for (const draft of ['true', 'false', '"true"']) assert.equal(complaints('article', frontMatter('a.md', articleText({ ...FULL_ARTICLE, draft }))), '', draft);
});

test('site identity mistakes fail the schema, and the build reports each of them too', () => {
  const mistakes: [string, string, RegExp][] = [
    ['a misspelt key', SITE_MD.replace('name:', 'nmae:'), /must have required property 'name'.*must NOT have additional properties/],
    ['an empty name', SITE_MD.replace('name: "Dr. Test Person"', 'name: ""'), /name must match pattern/],
    ['a site address with no https://', SITE_MD.replace('siteUrl: "https://test.example"', 'siteUrl: "test.example"'), /siteUrl must match pattern/],
    ['an image path not from the site root', SITE_MD.replace('logo: "/images/logo.svg"', 'logo: "images/logo.svg"'), /logo must match pattern/],
    ['no photo', SITE_MD.replace(/^photo: .*\n/m, ''), /must have required property 'photo'/],
    ['a review age of zero', SITE_MD.replace('reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 0'), /reviewMaxAgeMonths/],
    ['a handout review in month 13', SITE_MD.replace('reviewMaxAgeMonths: 1200', 'handoutsLastReviewed: 2025-13-01'), /handoutsLastReviewed must match pattern/],
  ];
  for (const [mistake, text, expected] of mistakes) {
    assert.match(complaints('site', frontMatter('content/site.md', text)), expected, mistake);
    assert.notDeepEqual(siteResult(text).diagnostics, [], `the build reports ${mistake}`);
  }
});

test('topic mistakes fail the schema, and the build reports each of them too', () => {
  const mistakes: [string, string, RegExp][] = [
    ['a topic with no title', TOPICS_YAML.replace('- title: Low Back Pain\n  system:', '- system:'), /must have required property 'title'/],
    ['a misspelt key', TOPICS_YAML.replace('- title: Low Back Pain', '- titel: Low Back Pain'), /must have required property 'title'.*must NOT have additional properties/],
    ['an external page with no https://', TOPICS_YAML.replace('external: ""', 'external: www.orthoinfo.org'), /external must match pattern/],
    ['a PDF name with spaces', TOPICS_YAML.replace('pdf: low-back-pain', 'pdf: low back pain'), /pdf must match pattern/],
    ['a topic that is only a name', TOPICS_YAML.replace(/^- title: Low Back Pain\n( {2}.*\n)+/, '- Low Back Pain\n'), /must be object/],
  ];
  for (const [mistake, text, expected] of mistakes) {
    assert.match(complaints('topics', parseYaml(text)), expected, mistake);
    assert.notDeepEqual(topicDiagnostics(text), [], `the build reports ${mistake}`);
  }
});

test('figure mistakes fail the schema, and the build reports each of them too', () => {
  const mistakes: [string, string, RegExp][] = [
    ['no year', FIGURES_YAML.replace('  year: 2026\n', ''), /must have required property 'year'/],
    ['a year that is not a year', FIGURES_YAML.replace('year: 2026', 'year: next year'), /year/],
    ['a misspelt value', FIGURES_YAML.replace('value:', 'vaule:'), /must have required property 'value'.*must NOT have additional properties/],
    ['a name with a hyphen', FIGURES_YAML.replace('capA:', 'cap-a:'), /property name must be valid/],
    ['a source with no https://', FIGURES_YAML.replace('url: https://www.medicare.gov', 'url: www.medicare.gov'), /url must match pattern/],
  ];
  for (const [mistake, text, expected] of mistakes) {
    assert.match(complaints('figures', parseYaml(text)), expected, mistake);
    assert.notDeepEqual(figureDiagnostics(text), [], `the build reports ${mistake}`);
  }
});

test("the schemas' fields are the build's own field lists, so the two cannot drift apart", () => {
  assert.deepEqual(propertiesOf(SCHEMAS.article.json), [...ARTICLE_FIELDS]);
  assert.deepEqual(propertiesOf(SCHEMAS.site.json).sort(), [...SITE_FIELDS].sort());
  // A topic's groups in other languages are held to the build in schema-translations.test.ts.
  assert.deepEqual(propertiesOf(itemSchema(SCHEMAS.topics.json)), [...TOPIC_FIELDS, ...TRANSLATED_LANGUAGES]);
});

test('a site field the schema requires is exactly one the build cannot do without', () => {
  const required = SCHEMAS.site.json.required as string[];
  for (const key of SITE_FIELDS) {
    // The field's line and, for a group or a list (the address, the hours), the indented lines under it.
    const text = SITE_MD.replace(new RegExp(`^${key}:.*\\n(?:[ \\t]+.*\\n)*`, 'm'), '');
    assert.equal(siteResult(text).built, !required.includes(key), key);
  }
});

test('a topic field the schema requires is exactly one the build cannot do without', () => {
  const required = itemSchema(SCHEMAS.topics.json).required as string[];
  const [first, ...others] = parseYaml(TOPICS_YAML) as Record<string, string>[];
  for (const key of TOPIC_FIELDS) {
    const text = stringifyYaml([without(first ?? {}, key), ...others]);
    const fails = topicDiagnostics(text).some((diagnostic) => diagnostic.severity === 'error');
    assert.equal(fails, required.includes(key), key);
  }
});

test('each YAML content file names its schema on its first line, for any editor using the YAML language server', () => {
  for (const [file, schema] of [
    ['education-topics.yaml', 'education-topics'],
    ['medicare-figures.yaml', 'medicare-figures'],
  ] as const) {
    const firstLine = readFileSync(path.join(SAMPLE_CONTENT, file), 'utf8').split('\n')[0] ?? '';
    const reference = /^# yaml-language-server: \$schema=(\S+)$/.exec(firstLine)?.[1];
    assert.ok(reference, `${file} starts with the modeline`);
    // The language server resolves a relative path against the file's own folder.
    assert.equal(path.resolve(path.join(PROJECT_ROOT, 'content'), reference), path.join(SCHEMA_FOLDER, `${schema}.schema.json`), file);
  }
});

test('VS Code maps the same files to the same schemas and recommends the YAML extension', () => {
  const settings = JSON.parse(readFileSync(path.join(PROJECT_ROOT, '.vscode/settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string> };
  assert.deepEqual(settings['yaml.schemas'], {
    './content/schemas/education-topics.schema.json': 'content/education-topics.yaml',
    './content/schemas/medicare-figures.schema.json': 'content/medicare-figures.yaml',
  });
  for (const schema of Object.keys(settings['yaml.schemas'])) assert.ok(existsSync(path.join(PROJECT_ROOT, schema)), schema);
  const extensions = JSON.parse(readFileSync(path.join(PROJECT_ROOT, '.vscode/extensions.json'), 'utf8')) as { recommendations: string[] };
  assert.ok(extensions.recommendations.includes('redhat.vscode-yaml'));
});

interface Matcher {
  pattern: { regexp: string; file: number; line?: number; severity: number; code: number; message: number };
}

test("the editor's build task turns each line the build prints about a file into a problem at that file and line", () => {
  const tasks = JSON.parse(readFileSync(path.join(PROJECT_ROOT, '.vscode/tasks.json'), 'utf8')) as { tasks: { script: string; problemMatcher: Matcher[] }[] };
  const [task] = tasks.tasks;
  assert.equal(task?.script, 'build');
  const problemsIn = (line: string) =>
    (task?.problemMatcher ?? []).flatMap(({ pattern }) => {
      const match = new RegExp(pattern.regexp).exec(line);
      if (!match) return [];
      return [{ file: match[pattern.file], line: pattern.line === undefined ? undefined : Number(match[pattern.line]), severity: match[pattern.severity] ?? 'error', code: match[pattern.code] }];
    });
  const cases: [ContentDiagnostic, { file: string; line: number | undefined; severity: string; code: string }][] = [
    [problem('invalidDate', { file: 'content/insights/x.md', line: 3 }, { field: 'date', written: '2025-13-01' }), { file: 'content/insights/x.md', line: 3, severity: 'error', code: 'invalid-date' }],
    [problem('unknownField', { file: 'content/insights/x.md', line: 2 }, { field: 'tittle', known: ['title'] }), { file: 'content/insights/x.md', line: 2, severity: 'warning', code: 'unknown-field' }],
    [problem('missingPdf', { file: 'content/education-topics.yaml', line: 12 }, { title: 'Sciatica', pdf: 'sciatica' }), { file: 'content/education-topics.yaml', line: 12, severity: 'error', code: 'missing-pdf' }],
    [problem('staleReview', { file: 'content/insights/part-d-2026.md' }, { reviewed: '2025-10-16', months: 12 }), { file: 'content/insights/part-d-2026.md', line: undefined, severity: 'warning', code: 'stale-review' }],
    [problem('duplicateSlug', { file: 'content/insights/b.md' }, { how: 'title', url: '/insights/a', other: 'content/insights/a.md' }), { file: 'content/insights/b.md', line: undefined, severity: 'error', code: 'duplicate-slug' }],
    // Many warnings of a kind, told as one line, are one problem at the first one's place.
    [groupWarnings([3, 7, 9].map((line) => problem('sampleByline', { file: 'content/insights/a.md', line }, { field: 'author', text: 'Dr. Alex Sample' })))[0] as ContentDiagnostic, { file: 'content/insights/a.md', line: 3, severity: 'warning', code: 'sample-left' }],
  ];
  for (const [diagnostic, expected] of cases) assert.deepEqual(problemsIn(formatDiagnostic(diagnostic)), [expected], diagnostic.message);
  for (const summary of ['The build stopped: 2 problems to fix in the content. The previous out/ was left as it was.', 'The build stopped: 1 problem to fix in the content, and 38 warnings that alone would not stop it.', 'Built 41 pages (3 articles, 25 handouts) into out/ in 2.3 s, with 38 warnings.', '']) {
    assert.deepEqual(problemsIn(summary), [], summary);
  }
});
