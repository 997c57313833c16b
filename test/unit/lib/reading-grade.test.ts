import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fernandezHuerta, fleschKincaidGrade, infleszBand, szigrisztPazos, textStatistics } from '../../../build/lib/reading-grade.ts';
import type { Language } from '../../../build/lib/languages.ts';
import { processMarkdown, type MarkdownDocument } from '../../../build/markdown/process.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

/** A body as the build processes it, with no figures and no images of known size. */
function processed(markdown: string, pageUrl = '/insights/a'): MarkdownDocument {
  const document = processMarkdown(markdown, pageUrl, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
  assert.ok(!('tooDeep' in document), 'the body is processed');
  return document;
}

const statisticsOf = (markdown: string, language: Language = 'en') => textStatistics(processed(markdown).textBlocks, language);

const CASES: [string, { words: number; sentences: number; syllables: number }, number][] = [
  ['The cat sat on the mat.', { words: 6, sentences: 1, syllables: 6 }, -1.4],
  ['Medicare covers hospital care.', { words: 4, sentences: 1, syllables: 9 }, 12.5],
  ['Call us. We can help. Ask questions!', { words: 7, sentences: 3, syllables: 8 }, -1.2],
  // Abbreviations do not end a sentence; the end of a block does.
  ['Dr. Smith saw the patient on Oct. 17 at 9 a.m. and the U.S. plan paid', { words: 16, sentences: 1, syllables: 17 }, 3.2],
  // A heading and each list item are sentences of their own, punctuated or not.
  ['## Key dates\n\n- Annual enrollment\n- Open enrollment', { words: 6, sentences: 3, syllables: 13 }, 10.8],
  // Numbers count as words of one syllable; code is not read.
  ['The cap is $2,100 in 2026.\n\n```\nconst notCounted = true;\n```', { words: 6, sentences: 1, syllables: 6 }, -1.4],
  // A question that goes on in small letters is one sentence.
  ['Is it safe? she asked.', { words: 5, sentences: 1, syllables: 5 }, -1.8],
];

for (const [markdown, expected, grade] of CASES) {
  test(`${JSON.stringify(markdown.slice(0, 40))} has ${expected.words} words, ${expected.sentences} sentences, ${expected.syllables} syllables: grade ${grade}`, () => {
    const statistics = statisticsOf(markdown);
    assert.deepEqual(statistics, expected);
    assert.equal(fleschKincaidGrade(statistics), grade);
  });
}

test('no text has grade 0', () => {
  assert.equal(fleschKincaidGrade(statisticsOf('')), 0);
});

/** Spanish text: its statistics, Szigriszt-Pazos's perspicuity and Fernández-Huerta's reading ease, worked by hand from the formulas. */
const SPANISH: [string, { words: number; sentences: number; syllables: number }, { perspicuity: number; fernandezHuerta: number }][] = [
  // ¿…? ends a sentence where the next begins with a capital; the letter D, with no vowel, is a word of one syllable. 206.835 − 62.3 × 18/10 − 10/2 = 89.695; 206.84 − 0.6 × 180 − 1.02 × 5 = 93.74.
  ['¿Qué es la Parte D? Es la cobertura de medicamentos.', { words: 10, sentences: 2, syllables: 18 }, { perspicuity: 89.7, fernandezHuerta: 93.7 }],
  // Abbreviations (Dr., Sra., EE. UU., a. m., p. m., etc., pág., núm.) do not end a sentence; each number is a word of one syllable, as in English.
  ['El Dr. Pérez y la Sra. Gómez atienden en EE. UU. de 8:00 a. m. a 5:00 p. m. cada día, etc. y la pág. 3 del núm. 2 lo explica.', { words: 31, sentences: 1, syllables: 41 }, { perspicuity: 93.4, fernandezHuerta: 95.9 }],
  // A question or an exclamation followed by a comma, or by small letters, goes on; ¡…! ends one like a full stop.
  ['¿Tiene preguntas?, llame a su plan. ¡Hágalo hoy! Después decida.', { words: 10, sentences: 3, syllables: 19 }, { perspicuity: 85.1, fernandezHuerta: 89.4 }],
  ['¿Cuánto paga? depende del plan.', { words: 5, sentences: 1, syllables: 9 }, { perspicuity: 89.7, fernandezHuerta: 93.7 }],
  // "no." is a word in Spanish, not the English abbreviation of "number".
  ['Pregunte si cuenta o no. Luego decida.', { words: 7, sentences: 2, syllables: 13 }, { perspicuity: 87.6, fernandezHuerta: 91.8 }],
];

for (const [markdown, expected, scores] of SPANISH) {
  test(`Spanish ${JSON.stringify(markdown.slice(0, 40))}: ${expected.words} words, ${expected.sentences} sentences, ${expected.syllables} syllables; perspicuity ${scores.perspicuity}, Fernández-Huerta ${scores.fernandezHuerta}`, () => {
    const statistics = statisticsOf(markdown, 'es');
    assert.deepEqual(statistics, expected);
    assert.deepEqual({ perspicuity: szigrisztPazos(statistics), fernandezHuerta: fernandezHuerta(statistics) }, scores);
  });
}

test('the INFLESZ bands begin at their lower edges: 65.0 is "bastante fácil", the target', () => {
  const bands: [number, string][] = [
    [0, 'muy difícil'],
    [39.9, 'muy difícil'],
    [40, 'algo difícil'],
    [54.9, 'algo difícil'],
    [55, 'normal'],
    [64.9, 'normal'],
    [65, 'bastante fácil'],
    [79.9, 'bastante fácil'],
    [80, 'muy fácil'],
    [120, 'muy fácil'],
  ];
  for (const [perspicuity, band] of bands) assert.equal(infleszBand(perspicuity), band, String(perspicuity));
});

test('Spanish with no text scores 0 on both scales', () => {
  const none = statisticsOf('', 'es');
  assert.deepEqual([szigrisztPazos(none), fernandezHuerta(none)], [0, 0]);
});
