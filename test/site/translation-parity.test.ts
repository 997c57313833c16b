/**
 * A translation that does not say what its original says, as the build
 * tells it (issue 57, "Parity"): the shipped translations carry every number,
 * amount, link and figure of their originals, drafts included; in a copy of
 * the sample whose Spanish Part D article loses an amount, gains a number and
 * changes another, each is one warning, at the file that lacks it, naming
 * what is missing as written and where the other file has it; and in the
 * preview, as soon as an edit to either body is saved.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { formatDiagnostic, type ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { PreviewSession } from '../../build/preview/session.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { sampleSite } from '../helpers/sample-site.ts';
import { article, buildInMemory, copySampleSite, makeSite, SAMPLE_CONTENT, SPANISH_FILES } from '../helpers/sites.ts';

const ENGLISH = 'insights/part-d-2026.md';
const SPANISH = 'insights/part-d-2026.es.md';

const mismatches = (warnings: readonly ContentDiagnostic[]) => warnings.filter((warning) => warning.ruleId === 'translation-mismatch');

/** The 1-based line of a text that matches, which the test needs to be there. */
function lineOf(text: string, pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  assert.ok(index >= 0, `a line matches ${pattern}`);
  return index + 1;
}

test('the shipped translations say what their originals say, in a build and in a --drafts build', async () => {
  for (const build of [await sampleSite(), await sampleSite(true)]) {
    assert.deepEqual(mismatches(build.warnings).map((warning) => `${warning.file}:${warning.line ?? ''} ${warning.message}`), []);
  }
});

let edited: { warnings: ContentDiagnostic[]; files: { english: string; spanish: string }; lines: { englishSummary: number; spanishSummary: number; englishDays: number; spanishDays: number; englishBusinessDays: number; spanishBusinessDays: number } };
before(async () => {
  const copy = await copySampleSite();
  try {
    const [english, spanish] = await Promise.all([ENGLISH, SPANISH].map((file) => readFile(path.join(SAMPLE_CONTENT, file), 'utf8')));
    assert.ok(english !== undefined && spanish !== undefined);
    const changed = spanish
      .replace(/^(summary: .*?)\$2,100/m, '$1un máximo')
      .replace(/\b63 días\b/, '63 días (unas 9 semanas)')
      .replace(/\b5 días hábiles\b/, '6 días hábiles');
    await writeFile(path.join(copy.contentDir, SPANISH), changed);
    const build = await buildInMemory({ contentDir: copy.contentDir, assetsDir: copy.assetsDir });
    const lines = {
      englishSummary: lineOf(english, /^summary: .*\$2,100/),
      spanishSummary: lineOf(changed, /^summary: /),
      englishDays: lineOf(english, /\b63 days\b/),
      spanishDays: lineOf(changed, /\b63 días\b/),
      englishBusinessDays: lineOf(english, /\b5 business days\b/),
      spanishBusinessDays: lineOf(changed, /\b6 días hábiles\b/),
    };
    edited = { warnings: mismatches(build.warnings), files: { english: path.join(copy.contentDir, ENGLISH), spanish: path.join(copy.contentDir, SPANISH) }, lines };
  } finally {
    await copy.cleanup();
  }
});

/** The one warning at a file and line. */
function warningAt(file: string, line: number): ContentDiagnostic {
  const found = edited.warnings.filter((warning) => warning.file === file && warning.line === line);
  assert.equal(found.length, 1, `one warning at ${file}:${line}, among:\n${edited.warnings.map((warning) => `${warning.file}:${warning.line ?? ''} ${warning.message}`).join('\n')}`);
  return found[0] as ContentDiagnostic;
}

test('a dollar amount taken out of the Spanish summary is told at its summary, naming it and its line in the English', () => {
  const { files, lines } = edited;
  const warning = warningAt(files.spanish, lines.spanishSummary);
  assert.equal(warning.message, `The English original, part-d-2026.md, has the amount $2,100 in its summary at line ${lines.englishSummary}; this Spanish translation does not have it in its summary.`);
  assert.match(warning.hint, /Write the amount \$2,100 in the Spanish summary as well/);
});

test('a number added only to the Spanish text is told at the English paragraph, naming the Spanish line', () => {
  const { files, lines } = edited;
  const warning = warningAt(files.english, lines.englishDays);
  assert.equal(warning.message, `The Spanish translation, part-d-2026.es.md, has the number 9 in its text at line ${lines.spanishDays}; this English original does not have it in its text.`);
});

test('a number changed in the Spanish text is one warning there, saying what each file writes', () => {
  const { files, lines } = edited;
  const warning = warningAt(files.spanish, lines.spanishBusinessDays);
  assert.equal(warning.message, `This Spanish translation has the number 6 in its text where its English original, part-d-2026.md, has 5 at line ${lines.englishBusinessDays}.`);
  assert.equal(edited.warnings.length, 3, 'nothing else is told');
});

test("the preview tells a mismatch as soon as an edit to the original's body is saved, at the translation, and forgets it once the translation is fixed", async () => {
  const fields = { en: { title: 'The Cap', date: '2025-10-01', summary: 'The cap.' }, es: { title: 'El límite', date: '2025-10-01', summary: 'El límite.' } };
  const site = await makeSite({ ...SPANISH_FILES, 'content/insights/cap.md': article(fields.en, 'The cap is $2,100.'), 'content/insights/cap.es.md': article(fields.es, 'El límite es de $2,100.') });
  try {
    const [english, spanish] = ['cap.md', 'cap.es.md'].map((name) => path.join(site.contentDir, 'insights', name)) as [string, string];
    const folders = { contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false };
    const session = new PreviewSession({ ...folders, outDir: path.join(site.root, 'out'), cacheDir: path.join(site.root, 'cache'), baseUrl: undefined }, await generatorVersion());
    const told = (warnings: readonly string[] | undefined) => (warnings ?? []).filter((warning) => warning.includes(' translation-mismatch '));
    const fresh = async () => told((await buildInMemory(folders)).warnings.map((warning) => formatDiagnostic(warning)));
    const first = await session.build(undefined);
    assert.ok(first.ok === true);
    assert.deepEqual(told(first.warnings), []);
    await writeFile(english, article(fields.en, 'The cap is $2,100. The deductible is $615.'));
    const edited = await session.build([english]);
    assert.ok(edited.ok === true && edited.articles === undefined, 'an edit to a body alone is a revision');
    const [warning] = told(edited.warnings);
    assert.match(warning ?? '', /cap\.es\.md:7 warning translation-mismatch The English original, cap\.md, has the amount \$615 in its text at line 7; this Spanish translation does not have it in its text\./);
    assert.deepEqual(told(edited.warnings), await fresh());
    await writeFile(spanish, article(fields.es, 'El límite es de $2,100. El deducible es de $615.'));
    const fixed = await session.build([spanish]);
    assert.ok(fixed.ok === true);
    assert.deepEqual(told(fixed.warnings), []);
  } finally {
    await site.cleanup();
  }
});
