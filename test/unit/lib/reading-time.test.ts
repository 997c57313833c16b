import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countWords, readingMinutes } from '../../../build/lib/reading-time.ts';
import { processMarkdown, type MarkdownDocument } from '../../../build/markdown/process.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

/** A body as the build processes it, with no figures and no images of known size. */
function processed(markdown: string, pageUrl = '/insights/a'): MarkdownDocument {
  const document = processMarkdown(markdown, pageUrl, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
  assert.ok(!('tooDeep' in document), 'the body is processed');
  return document;
}

// spec §2 Article and §9: words / 200, rounded up, minimum 1.
const MINUTES: [number, number][] = [
  [0, 1],
  [1, 1],
  [199, 1],
  [200, 1],
  [201, 2],
  [400, 2],
  [401, 3],
  [1000, 5],
  [1001, 6],
];

for (const [words, minutes] of MINUTES) {
  test(`${words} words read in ${minutes} min`, () => {
    assert.equal(readingMinutes(words), minutes);
  });
}

test('words are runs of non-space characters, whatever the spacing', () => {
  assert.equal(countWords(''), 0);
  assert.equal(countWords('   \n\t '), 0);
  assert.equal(countWords('one'), 1);
  assert.equal(countWords(' one  two\nthree\tfour '), 4);
  assert.equal(countWords('$2,100 per-year cap.'), 3);
});

test('reading time counts what a reader reads, not markup', () => {
  const document = processed(
    [
      '## A heading here',
      '',
      'Some **bold** and _emphasis_ and [a link](https://example.com/a/very/long/url).',
      '',
      '| Col one | Col two |',
      '|---|---|',
      '| a | b |',
      '',
      '- [x] done item',
      '',
      '![an image alt text that is not read](/x.png)',
    ].join('\n'),
    '/insights/a',
  );
  // heading 3 + paragraph 7 + table 6 + task 2 = 18; no URL, no alt text, no pipes or asterisks.
  assert.equal(document.wordCount, 18);
});

test('the last word of a block does not run into the first of the next', () => {
  assert.equal(processed('First paragraph.\n\nSecond paragraph.').wordCount, 4);
  assert.equal(processed('- one\n- two\n- three').wordCount, 3);
});

test('a word split by inline markup stays one word', () => {
  assert.equal(processed('**Medi**care').wordCount, 1);
});

test('exactly 201 words of prose read in 2 min', () => {
  const body = Array.from({ length: 201 }, (_, index) => `word${index}`).join(' ');
  assert.equal(readingMinutes(processed(body).wordCount), 2);
});
