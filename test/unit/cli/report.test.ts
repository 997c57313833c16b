/** `npm run report`: run as the author runs it, on the sample site and on a small site with a draft. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { TARGET_GRADE, TARGET_PERSPICUITY } from '../../../build/lib/reading-grade.ts';
import { PLAIN_ENV, runReport } from '../../helpers/command.ts';
import { article, makeSite, PROJECT_ROOT, SPANISH_FILES, TEST_CACHE_DIR } from '../../helpers/sites.ts';

test('npm run report lists each article with its words and reading level against the target: English by its grade, Spanish on the INFLESZ scale', () => {
  const result = runReport('--cache', TEST_CACHE_DIR);
  assert.equal(result.status, 0, result.stderr);
  const [english = '', spanish = ''] = result.stdout.split('\n\nSpanish reading ease');
  assert.match(english, new RegExp(`target: ${TARGET_GRADE} or below`));
  const rows = english.split('\n').filter((line) => /\.md \| \d+ \| \d+ \| -?\d+\.\d \|/.test(line));
  assert.equal(rows.length, 4, result.stdout);
  assert.ok(rows.every((row) => !row.includes('.es.md')), 'no Spanish article is given an English grade');
  assert.ok(rows.some((row) => row.includes('(draft)')));
  for (const row of rows) {
    const grade = Number(row.split('|')[4]);
    assert.ok(grade <= TARGET_GRADE, `every bundled article reads at grade ${TARGET_GRADE} or below: ${row}`);
  }
  assert.match(spanish, new RegExp(`target: ${TARGET_PERSPICUITY} or above, "bastante fácil"`));
  const spanishRows = spanish.split('\n').filter((line) => /\.es\.md \| \d+ \| \d+ \| -?\d+\.\d \| [a-zá ]+ \| -?\d+\.\d \|/.test(line));
  assert.deepEqual(spanishRows.map((row) => /[a-z0-9-]+\.es\.md/.exec(row)?.[0]).sort(), ['article-template.es.md', 'medicare-advantage-vs-medigap.es.md', 'open-enrollment-2025.es.md', 'part-d-2026.es.md']);
  for (const row of spanishRows) {
    const perspicuity = Number(row.split('|')[4]);
    assert.ok(perspicuity >= TARGET_PERSPICUITY, `every bundled Spanish article reads at ${TARGET_PERSPICUITY} or above on the INFLESZ scale: ${row}`);
    assert.match(row, /\| (bastante|muy) fácil \| .* \| at or above target \|$/);
  }
});

test('npm run report scores Spanish articles, drafts included, on the INFLESZ scale with its band and Fernández-Huerta, in a table of their own', async () => {
  const site = await makeSite({
    ...SPANISH_FILES,
    'content/insights/plain.md': article({ title: 'Plain Words', date: '2025-01-01' }, 'Call today. Your plan helps you. Ask if you have questions.'),
    'content/insights/plain.es.md': article({ title: 'Palabras sencillas', date: '2025-01-01' }, 'Llame hoy. Su plan le ayuda. Pregunte si tiene dudas.'),
    'content/insights/dificil.es.md': article({ title: 'Palabras difíciles', date: '2025-02-01', draft: true }, 'La administración farmacológica concomitante de anticoagulantes orales necesita una evaluación individualizada de la insuficiencia hepática.'),
  });
  try {
    const result = runReport('--content', site.contentDir, '--assets', site.assetsDir);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.match(lines[4] ?? '', /^\| Plain Words — plain\.md \| 11 \| 3 \| -?\d+\.\d \| at or below target \|$/);
    assert.deepEqual(lines.slice(5), [
      '',
      'Spanish reading ease (Szigriszt-Pazos perspicuity on the INFLESZ scale; target: 65 or above, "bastante fácil", for patient material; Fernández-Huerta beside it)',
      '',
      '| Article | Words | Sentences | INFLESZ | Band | Fernández-Huerta | |',
      '|---|---:|---:|---:|---|---:|---|',
      // 15 words of 56 syllables in one sentence: 206.835 − 62.3 × 56/15 − 15; 206.84 − 0.60 × 5600/15 − 1.02 × 15.
      '| Palabras difíciles (draft) — dificil.es.md | 15 | 1 | -40.8 | muy difícil | -32.5 | 105.8 below target |',
      // 10 words of 17 syllables in three sentences: 206.835 − 62.3 × 1.7 − 10/3; 206.84 − 0.60 × 170 − 1.02 × 10/3.
      '| Palabras sencillas — plain.es.md | 10 | 3 | 97.6 | muy fácil | 101.4 | at or above target |',
    ]);
  } finally {
    await site.cleanup();
  }
});

test('npm run report prints the reading level of every article, drafts included, and no Spanish table for a site in English only', async () => {
  const site = await makeSite({
    'content/insights/plain.md': article({ title: 'Plain Words', date: '2025-01-01' }, 'The cat sat on the mat. It was a good day. We went home.'),
    'content/insights/hard.md': article({ title: 'Hard Words', date: '2025-02-01', draft: true }, 'Pharmacological interventions necessitate comprehensive consideration of contraindications, particularly regarding hepatic insufficiency and concomitant anticoagulation.'),
  });
  try {
    const result = spawnSync('npm', ['run', '--silent', 'report', '--', '--content', site.contentDir, '--assets', site.assetsDir], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV });
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.equal(lines[0], 'Reading level (Flesch–Kincaid grade; target: 8 or below for patient material)');
    assert.deepEqual(lines.slice(2, 4), ['| Article | Words | Sentences | Grade | |', '|---|---:|---:|---:|---|']);
    assert.match(lines[4] ?? '', /^\| Hard Words \(draft\) — hard\.md \| 14 \| 1 \| \d+\.\d \| \d+\.\d above target \|$/);
    assert.match(lines[5] ?? '', /^\| Plain Words — plain\.md \| 14 \| 3 \| -?\d+\.\d \| at or below target \|$/);
    assert.equal(lines.length, 6);
  } finally {
    await site.cleanup();
  }
});

test('content the build would refuse stops the report with the same problems, and no word of an out/ it never writes', async () => {
  const site = await makeSite({ 'content/insights/bad.md': article({ title: 'Bad Date', date: '2025-02-30' }, 'Words.') });
  try {
    const result = runReport('--content', site.contentDir, '--assets', site.assetsDir);
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /bad\.md:\d+ error invalid-date /);
    assert.equal(result.stderr.trim().split('\n').at(-1), 'The report stopped: 1 problem to fix in the content.');
  } finally {
    await site.cleanup();
  }
});

test('the report tells problems as the build does: the warnings first, then, apart, the errors, last', async () => {
  const site = await makeSite({
    'content/insights/a.md': article({ title: 'Bad Date', date: '2025-02-30' }, 'Words.'),
    'content/insights/b.md': article({ title: 'Typo', date: '2025-01-02', sumary: 'typo' }, 'Words.'),
  });
  try {
    const result = runReport('--content', site.contentDir, '--assets', site.assetsDir);
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 4, result.stderr);
    assert.match(lines[0] ?? '', /b\.md:\d+ warning unknown-field /);
    assert.equal(lines[1], '');
    assert.match(lines[2] ?? '', /a\.md:\d+ error invalid-date /);
    assert.equal(lines[3], 'The report stopped: 1 problem to fix in the content, and 1 warning that alone would not stop it.');
  } finally {
    await site.cleanup();
  }
});

test('npm run report takes the options that say where the content is, lists them in its help, and refuses those of a build that would change nothing', () => {
  const help = runReport('--help');
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /English articles their Flesch–Kincaid grade \(target: 8 or below\), Spanish\nones their Szigriszt-Pazos perspicuity on the INFLESZ scale, with its band \(target:\n65 or above, "bastante fácil"\), and their Fernández-Huerta reading ease\./);
  assert.deepEqual([...help.stdout.matchAll(/^ {2}(--[a-z-]+)/gm)].map(([, flag]) => flag), ['--content', '--insights', '--assets', '--cache', '--help', '--version']);
  for (const args of [['--out', 'elsewhere'], ['--drafts'], ['--base-url', 'https://www.example.com']]) {
    const refused = runReport(...args);
    assert.equal(refused.status, 2, args.join(' '));
    assert.equal(refused.stderr, `error Unknown option '${args[0] ?? ''}'. Run with --help to see the options.\n`);
  }
});
