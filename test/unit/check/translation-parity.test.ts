/**
 * A translation held to its original's numbers, amounts, percentages, phone
 * numbers, link targets and figures (rule `translation-mismatch`): the same
 * facts written as each language writes them say the same; what one side
 * lacks is told at that side, at the paragraph where it belongs, naming the
 * other file's line; a value that reads as changed is one warning.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translationMismatches, translationPairs } from '../../../build/check/index.ts';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { processMarkdown } from '../../../build/markdown/process.ts';
import type { Article, ArticleAlias } from '../../../build/model/index.ts';
import { markdownWords } from '../../../templates/messages/index.ts';
import { articleOf } from '../../helpers/model.ts';

const ENGLISH = 'content/insights/cap.md';
const SPANISH = 'content/insights/cap.es.md';

/**
 * An article file: title on line 2, summary on line 3, sources from line 5,
 * its body from line 9 (one line per entry of `body`, blank lines included).
 */
function articleFile(fields: { title: string; summary: string; source?: string }, body: readonly string[], file: string): Article {
  const source = fields.source ?? 'https://www.medicare.gov/';
  return articleOf(`---\ntitle: "${fields.title}"\nsummary: "${fields.summary}"\ndate: 2025-10-01\nsources:\n  - title: A source\n    url: ${source}\n---\n${body.join('\n')}\n`, file);
}

/** The warnings of one pair, with the site's other articles and redirects, as `file:line message`. */
function mismatches(original: Article, translation: Article, site: { articles?: Article[]; aliases?: ArticleAlias[] } = {}): string[] {
  const withBody = (article: Article) => {
    const document = processMarkdown(article.body, article.url, { words: markdownWords(), figures: new Map([['capA', '$2,100']]), imageSizes: new Map() });
    assert.ok(!('tooDeep' in document));
    return { article, body: document.parity };
  };
  const found = translationMismatches([{ original: withBody(original), translation: withBody(translation) }], { articles: [original, translation, ...(site.articles ?? [])], aliases: site.aliases ?? [] });
  return found.map((warning: ContentDiagnostic) => {
    assert.equal(warning.ruleId, 'translation-mismatch');
    assert.equal(warning.severity, 'warning');
    return `${warning.file}:${warning.line ?? ''} ${warning.message}`;
  });
}

const english = (body: readonly string[], fields: Partial<{ title: string; summary: string; source: string }> = {}) => articleFile({ title: 'The cap in 2026', summary: 'The cap is $2,100.', ...fields }, body, ENGLISH);
const spanish = (body: readonly string[], fields: Partial<{ title: string; summary: string; source: string }> = {}) => articleFile({ title: 'El límite en 2026', summary: 'El límite es de $2,100.', ...fields }, body, SPANISH);

test('the same facts, written as each language writes them, say the same', () => {
  const original = english([
    '',
    'In 2026 you pay at most $2,100, or 35% of the cost, from October 15, 2025; a dose of 1.5 mg.',
    '',
    'Call 1-800-633-4227 or [1-800-MEDICARE](tel:+18006334227), see [my articles](/insights), [Medicare](https://www.medicare.gov/) and [write](mailto:Office@Example.com).',
    '',
    'The figure: {{capA}}.',
  ]);
  const translation = spanish([
    '',
    'Desde el 15 de octubre de 2025, en 2026 paga como máximo 2.100 $, o el 35 por ciento del costo; una dosis de 1,5 mg.',
    '',
    'Llame al (800) 633-4227 o al [1-800-MEDICARE](tel:18006334227), vea [mis artículos](/es/insights), [Medicare](https://www.medicare.gov) y [escríbame](mailto:office@example.com?subject=Cita).',
    '',
    'La cifra: {{capA}}. En 2026, otra vez 2026.',
  ]);
  assert.deepEqual(mismatches(original, translation), []);
});

test('an amount the translation lacks is told at its paragraph there, naming the amount and its lines in the original', () => {
  const original = english(['', 'The cap is $2,100 in 2026.', '', 'The deductible is $615.', '', 'Again: $615.']);
  const translation = spanish(['', 'El límite es de $2,100 en 2026.', '', 'El deducible es bajo.', '', 'Otra vez.']);
  assert.deepEqual(mismatches(original, translation), [
    `${SPANISH}:12 The English original, cap.md, has the amount $615 in its text at lines 12 and 14; this Spanish translation does not have it in its text.`,
  ]);
});

test('a number only the translation has is told at the original, at the same paragraph, naming where the translation has it', () => {
  const original = english(['', 'Intro.', '', 'You have 63 days.']);
  const translation = spanish(['', 'Introducción.', '', 'Tiene 63 días', '(unas 9 semanas).']);
  assert.deepEqual(mismatches(original, translation), [`${ENGLISH}:12 The Spanish translation, cap.es.md, has the number 9 in its text at line 13; this English original does not have it in its text.`]);
});

test('$2,000 where the original says $2,100 is one difference, told at the translation with each as written', () => {
  const original = english(['', 'The cap is $2,100.']);
  const translation = spanish(['', 'El límite es de 2.000 $.']);
  assert.deepEqual(mismatches(original, translation), [`${SPANISH}:10 This Spanish translation has the amount 2.000 $ in its text where its English original, cap.md, has $2,100 at line 10.`]);
});

test('35% and 35 are not the same: each side lacks one', () => {
  const original = english(['', 'You pay 35%.']);
  const translation = spanish(['', 'Usted paga 35.']);
  assert.deepEqual(mismatches(original, translation), [
    `${SPANISH}:10 The English original, cap.md, has the percentage 35% in its text at line 10; this Spanish translation does not have it in its text.`,
    `${ENGLISH}:10 The Spanish translation, cap.es.md, has the number 35 in its text at line 10; this English original does not have it in its text.`,
  ]);
});

test('the title, the summary and the sources are each compared with their own: an amount the body has does not make up for the summary', () => {
  const original = english(['', 'The cap is $2,100.'], { title: 'The cap in 2026' });
  const translation = spanish(['', 'El límite es de $2,100.'], { title: 'El límite', summary: 'Hay un límite.', source: 'https://es.medicare.gov/' });
  assert.deepEqual(mismatches(original, translation), [
    `${SPANISH}:2 The English original, cap.md, has the number 2026 in its title at line 2; this Spanish translation does not have it in its title.`,
    `${SPANISH}:3 The English original, cap.md, has the amount $2,100 in its summary at line 3; this Spanish translation does not have it in its summary.`,
    `${SPANISH}:5 This Spanish translation has a link to https://es.medicare.gov/ in its sources where its English original, cap.md, has https://www.medicare.gov/ at line 5.`,
  ]);
});

test('when the texts do not have as many paragraphs, what one lacks is told at the heading of its section in the other, and a figure counts by its name', () => {
  const original = english(['', 'Intro.', '', '## Costs', '', 'The cap: {{capA}}.', '', 'More.']);
  const translation = spanish(['', 'Introducción.', '', '## Costos', '', 'El límite: $2,100.']);
  assert.deepEqual(mismatches(original, translation), [
    `${SPANISH}:12 The English original, cap.md, has the figure {{capA}} in its text at line 14; this Spanish translation does not have it in its text.`,
    `${ENGLISH}:12 The Spanish translation, cap.es.md, has the amount $2,100 in its text at line 14; this English original does not have it in its text.`,
  ]);
});

test('when they do not have as many headings either, it is told at the file alone', () => {
  const original = english(['', 'The cap: {{capA}}.', '', '## More', '', 'More.']);
  const translation = spanish(['', 'El límite: {{capA}}, en 2026.']);
  assert.deepEqual(mismatches(original, translation), [`${ENGLISH}: The Spanish translation, cap.es.md, has the number 2026 in its text at line 10; this English original does not have it in its text.`]);
});

test("a link to an article reads the same in either language, by its own address or its file's; a link to a section is not compared", () => {
  const other = articleOf('---\ntitle: "Knee Pain"\n---\nText.\n', 'content/insights/knee.md');
  const otherSpanish = articleOf('---\ntitle: "Dolor de rodilla"\n---\nTexto.\n', 'content/insights/knee.es.md');
  const alias = { url: '/es/insights/knee', article: otherSpanish };
  const original = english(['', 'See [knee pain](/insights/knee-pain#what-helps), [the handout](/pdfs/knee.pdf) and [below](#more).']);
  const translation = spanish(['', 'Vea [dolor de rodilla](/es/insights/knee), [el folleto](/pdfs/knee.es.pdf) y [abajo](#mas).']);
  assert.deepEqual(mismatches(original, translation, { articles: [other, otherSpanish], aliases: [alias] }), []);
  const elsewhere = spanish(['', 'Vea [dolor de rodilla](/es/insights/otra), [el folleto](/pdfs/knee.es.pdf) y [abajo](#mas).']);
  assert.deepEqual(mismatches(original, elsewhere, { articles: [other, otherSpanish], aliases: [alias] }), [
    `${SPANISH}:10 This Spanish translation has a link to /es/insights/otra in its text where its English original, cap.md, has /insights/knee-pain#what-helps at line 10.`,
  ]);
});

test('a translation still marked TRADUCIR DESDE AQUÍ is not compared; a draft that is shown is, and an original not shown compares nothing', () => {
  const original = english(['', 'The cap is $2,100.']);
  const unfinished = spanish(['', 'TRADUCIR DESDE AQUÍ: traduzca al español el texto en inglés que sigue y después borre esta línea.', '', 'The cap is $2,000.']);
  const draft = { ...spanish(['', 'El límite es de $2,000.']), draft: true };
  const pairs = (articles: Article[]) => translationPairs(articles).map((pair) => [pair.original.sourcePath, pair.translation.sourcePath]);
  assert.deepEqual(pairs([original, unfinished]), []);
  assert.deepEqual(pairs([original, draft]), [[ENGLISH, SPANISH]]);
  assert.deepEqual(pairs([draft]), []);
});
