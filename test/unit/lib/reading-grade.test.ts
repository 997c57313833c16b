import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fleschKincaidGrade, TARGET_GRADE, textStatistics } from '../build/lib/reading-grade.ts';
import { renderMarkdown } from '../build/markdown/index.ts';
import { PROJECT_ROOT } from './helpers/sites.ts';

const statisticsOf = (markdown: string) => textStatistics(renderMarkdown(markdown, '/insights/a').textBlocks);

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

test('npm run report lists each article with its words and grade against the target', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/report.ts'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`target: ${TARGET_GRADE} or below`));
  const rows = result.stdout.split('\n').filter((line) => /\.md \| \d+ \| \d+ \| -?\d+\.\d \|/.test(line));
  assert.equal(rows.length, 4, result.stdout);
  assert.ok(rows.some((row) => row.includes('(draft)')));
  for (const row of rows) {
    const grade = Number(row.split('|')[4]);
    assert.ok(grade <= TARGET_GRADE, `every bundled article reads at grade ${TARGET_GRADE} or below: ${row}`);
  }
});
