import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fleschKincaidGrade, textStatistics } from '../../../build/lib/reading-grade.ts';
import { processMarkdown, type MarkdownDocument } from '../../../build/markdown/process.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

/** A body as the build processes it, with no figures and no images of known size. */
function processed(markdown: string, pageUrl = '/insights/a'): MarkdownDocument {
  const document = processMarkdown(markdown, pageUrl, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
  assert.ok(!('tooDeep' in document), 'the body is processed');
  return document;
}

const statisticsOf = (markdown: string) => textStatistics(processed(markdown).textBlocks);

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
