/**
 * `npm run translations`: run as the physician runs it, in a small bilingual
 * site of its own: the table of pairs, the names `--current` takes and the
 * one-line answers to a name it cannot take; and the records it writes,
 * which change their own lines and nothing else of a file.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { withArticleRecord, withHandoutRecord } from '../../../build/cli/translation-records.ts';
import { CommandFailure } from '../../../build/diagnostics/index.ts';
import { articleVersions } from '../../../build/lib/translation-version.ts';
import { PLAIN_ENV } from '../../helpers/command.ts';
import { article, makeSite, PROJECT_ROOT, SPANISH_FILES, TEST_CACHE_DIR, TOPICS_ES_YAML } from '../../helpers/sites.ts';

const ENGLISH = article({ title: 'Knee Pain', date: '2025-10-01', summary: 'What helps.' }, 'Rest, then walk.');
const SPANISH = '---\r\ntitle: Dolor de rodilla\r\ndate: 2025-10-01\r\ntranslatedFrom:   # kept\r\n    title: ffffffff\r\n    summary: ffffffff\r\n    body: ffffffff\r\n    sources: ffffffff\r\ndraft: false\r\n---\r\n\r\nDescanse y camine.\r\n';

let site: Awaited<ReturnType<typeof makeSite>>;
before(async () => {
  site = await makeSite({
    ...SPANISH_FILES,
    'content/insights/knee.md': ENGLISH,
    'content/insights/knee.es.md': `\uFEFF${SPANISH}`,
    'content/insights/alone.md': article({ title: 'Alone', date: '2025-09-01', draft: true }),
    'content/insights/low-back-pain.md': article({ title: 'Back Pain Notes', date: '2025-08-01' }),
    'content/insights/guides/hip.md': article({ title: 'Hip', date: '2025-07-01' }),
    'content/insights/guides/hip.es.md': article({ title: 'Cadera', date: '2025-07-01' }),
  });
});
after(async () => {
  await site.cleanup();
});

function translations(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(PROJECT_ROOT, 'build/cli/translations.ts'), '--cache', TEST_CACHE_DIR, ...args], { cwd: site.root, encoding: 'utf8', env: PLAIN_ENV });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the table lists every original with its translation, drafts marked, a missing one and one with no record said so', () => {
  const { code, stdout, stderr } = translations();
  assert.equal(code, 0, stderr);
  assert.deepEqual(stdout.split('\n').slice(0, 11), [
    'Translations (4 articles and 2 handouts: 2 current, 1 outdated, 1 not recorded, 2 missing.)',
    '',
    '| Original | Translation | Status |',
    '|---|---|---|',
    '| content/insights/alone.md (draft) | — | missing: no Spanish translation |',
    '| content/insights/guides/hip.md | hip.es.md | not recorded: which version it translates is not known |',
    "| content/insights/knee.md | knee.es.md | outdated: the original's title, summary, body and sources changed since it was translated |",
    '| content/insights/low-back-pain.md | — | missing: no Spanish translation |',
    '| assets/pdfs/low-back-pain.pdf | low-back-pain.es.pdf | current |',
    '| assets/pdfs/rotator-cuff-tears.pdf | rotator-cuff-tears.es.pdf | current |',
    '',
  ]);
  assert.match(stdout, /\nOnce a translation says what its original says now: npm run translations -- --current NAME\.\n$/);
});

test('--current records the version of the original in place, keeping every other byte: the byte order mark, the CRLF line ends, the comment on its line and the record indentation', async () => {
  const { code, stdout, stderr } = translations('--current', 'content/insights/knee.es.md');
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^knee\.es\.md now records the current version of content\/insights\/knee\.md \(it was outdated: the original's title, summary, body and sources changed since it was translated\), in content\/insights\/knee\.es\.md: the build no longer warns of it, and its page no longer says the original was updated\.\n$/);
  const versions = articleVersions({ title: 'Knee Pain', summary: 'What helps.', body: 'Rest, then walk.', sources: [] });
  const record = `    title: ${versions.title}\r\n    summary: ${versions.summary}\r\n    body: ${versions.body}\r\n    sources: ${versions.sources}\r\n`;
  assert.equal(await readFile(path.join(site.contentDir, 'insights/knee.es.md'), 'utf8'), `\uFEFF${SPANISH.replace(/( {4}\w+: f{8}\r\n){4}/, record)}`);
});

test('--current takes an article by its name, with or without .md, by its path, or by its folder; a pair already current is left as it is', () => {
  for (const name of ['knee.md', 'content/insights/knee.md']) {
    const { code, stdout } = translations('--current', name);
    assert.equal(code, 0, name);
    assert.equal(stdout, 'knee.es.md already records the current version of content/insights/knee.md; nothing was written.\n', name);
  }
  assert.match(translations('--current', 'hip').stdout, /^hip\.es\.md now records the current version of content\/insights\/guides\/hip\.md \(it recorded none before\)/);
  assert.match(translations('--current', 'guides/hip.md').stdout, /^hip\.es\.md already records/);
});

test('a name that means nothing, two things or no translation is told in one line, naming the close ones or what to do, and writes nothing', async () => {
  const before = await readFile(path.join(site.contentDir, 'education-topics.yaml'), 'utf8');
  for (const [args, exit, expected] of [
    [['--current', 'kne'], 2, /^error No article or handout is named "kne"\. Did you mean knee\? npm run translations lists every one, by its file name\.\n$/],
    [['--current', 'rotator-cuff-tear.pdf'], 2, /^error No article or handout is named "rotator-cuff-tear"\. Did you mean rotator-cuff-tears\?/],
    [['--current', 'low-back-pain'], 2, /^error "low-back-pain" names more than one article or handout; write an article's name with \.md \(or its folder\), or a handout's with \.pdf\.\n$/],
    [['--current', 'low-back-pain.md'], 1, /^error content\/insights\/low-back-pain\.md has no Spanish translation \(low-back-pain\.es\.md\) to record as current; start one with npm run new -- --translate low-back-pain\.\n$/],
    [['--current', ''], 2, /^error --current needs the name of an article or a handout/],
    [['--current'], 2, /^error Option '--current <value>' argument missing\. Run with --help to see the options\.\n$/],
  ] as const) {
    const { code, stdout, stderr } = translations(...args);
    assert.equal(code, exit, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    assert.match(stderr, expected);
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
  }
  assert.equal(translations('--current', 'low-back-pain.pdf').code, 0, 'a handout by its PDF');
  assert.equal(await readFile(path.join(site.contentDir, 'education-topics.yaml'), 'utf8'), before, 'already current: nothing written');
});

test('--help says how to use it, in the same option style as the other commands', () => {
  const { code, stdout } = translations('--help');
  assert.equal(code, 0);
  assert.match(stdout, /^Usage: npm run translations -- \[options\]\n {7}npm run translations -- --current NAME \[options\]$/m);
  for (const option of ['--current NAME', '--content DIR', '--insights DIR', '--assets DIR', '--help', '--version']) assert.ok(stdout.includes(`  ${option}`), option);
});

test("a handout's record is written on its own line of the topic's group, a comment after it kept, and a group that cannot take one is refused with why", () => {
  const topics = TOPICS_ES_YAML.replace(/^( {4}translatedFrom: )"[0-9a-f]{8}"$/m, '$1"00000000"  # checked by hand');
  const written = withHandoutRecord(topics, 'abcdef01', { file: 'topics.yaml', pdf: 'low-back-pain', language: 'es' });
  assert.equal(written, topics.replace('translatedFrom: "00000000"  # checked by hand', 'translatedFrom: abcdef01  # checked by hand'));
  const without = TOPICS_ES_YAML.replace(/^ {4}translatedFrom: .*\n/gm, '');
  assert.equal(withHandoutRecord(without, '12345678', { file: 'topics.yaml', pdf: 'rotator-cuff-tears', language: 'es' }), without.replace('    subgroup: "Hombro"\n', '    subgroup: "Hombro"\n    translatedFrom: "12345678"\n'));
  const flow = '- title: Low Back Pain\n  system: Back\n  es: { title: Dolor, system: Espalda }\n';
  assert.throws(() => withHandoutRecord(flow, 'abcdef01', { file: 'topics.yaml', pdf: 'low-back-pain', language: 'es' }), (error: unknown) => error instanceof CommandFailure && /has no 'es:' group written on lines of its own/.test(error.message));
  assert.throws(() => withHandoutRecord(without, 'abcdef01', { file: 'topics.yaml', pdf: 'sciatica', language: 'es' }), /has no topic whose handout is sciatica\.pdf/);
});

test("an article's record is added as its last field when it has none, and a value written on the record's own line is replaced", () => {
  const versions = articleVersions({ title: 'A', summary: '', body: '', sources: [] });
  const lines = ['  title: ' + versions.title, `  summary: ${versions.summary}`, `  body: ${versions.body}`, `  sources: ${versions.sources}`].join('\n');
  const comment = '# La versión del artículo en inglés que se tradujo. La anota npm run translations -- --current a; no la cambie a mano.';
  assert.equal(withArticleRecord('---\ntitle: B\n---\n\nTexto.\n', versions, { file: 'a.es.md', name: 'a' }), `---\ntitle: B\ntranslatedFrom:  ${comment}\n${lines}\n---\n\nTexto.\n`);
  assert.equal(withArticleRecord('---\ntranslatedFrom: 1234\ntitle: B\n---\n', versions, { file: 'a.es.md', name: 'a' }), `---\ntranslatedFrom:  ${comment}\n${lines}\ntitle: B\n---\n`);
  assert.throws(() => withArticleRecord('Texto sin encabezado.\n', versions, { file: 'a.es.md', name: 'a' }), /a\.es\.md has no front matter between '---' lines/);
});
