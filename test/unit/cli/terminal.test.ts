/**
 * What the build prints, as build/cli/terminal.ts makes it: coloured labels
 * in a terminal that shows colour, workflow annotations and a job summary
 * under GitHub Actions, and a progress line driven by a fake clock.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test, type TestContext } from 'node:test';
import { Progress } from '../../../build/cli/terminal.ts';
import { run, runWith, withoutProgress } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, assertContains, makeSite } from '../../helpers/sites.ts';

const dir = await temporaryFolder('terminal-test');

test('in a terminal that shows colour the error and warning labels are coloured; with NO_COLOR they are not', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', date: '2025-02-30', sumary: 'typo' }) });
  try {
    const args = ['--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'colour-out')];
    const coloured = runWith({ FORCE_COLOR: '1' }, ...args);
    assert.equal(coloured.code, 1);
    const ESC = '\u001b';
    assertContains(coloured.stderr, [`a.md:3${ESC}[22m ${ESC}[31merror${ESC}[39m invalid-date `, `a.md:4${ESC}[22m ${ESC}[33mwarning${ESC}[39m unknown-field `]);
    const plain = runWith({ NO_COLOR: '1' }, ...args);
    assert.equal(plain.code, 1);
    assert.ok(!plain.stderr.includes(ESC), 'no escape sequence at all');
    assert.match(plain.stderr, /a\.md:3 error invalid-date /);
    assert.match(plain.stderr, /a\.md:4 warning unknown-field /);
  } finally {
    await site.cleanup();
  }
});

test('under GitHub Actions each problem is also a workflow annotation on its file and line', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', date: '2025-02-30', sumary: 'typo' }) });
  try {
    const failed = runWith({ GITHUB_ACTIONS: 'true' }, '--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'actions-out'));
    assert.equal(failed.code, 1);
    const annotations = failed.stdout.trim().split('\n');
    assert.equal(annotations.length, 2, failed.stdout);
    assert.match(annotations[0] ?? '', /^::error file=[^,:]*content\/insights\/a\.md,line=3,title=invalid-date::'date' is not a real calendar day: "2025-02-30"\. Hint: Write the date as YYYY-MM-DD/);
    assert.match(annotations[1] ?? '', /^::warning file=[^,:]*content\/insights\/a\.md,line=4,title=unknown-field::'sumary' is not a field this file uses/);
    assert.match(failed.stderr, /a\.md:3 error invalid-date /, 'the terminal lines are printed as well');
    const quiet = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'actions-out'));
    assert.doesNotMatch(quiet.stdout, /^::/m, 'no annotation outside GitHub Actions');
  } finally {
    await site.cleanup();
  }
});

test("under GitHub Actions a build that succeeds shows its warnings as annotations, and lists them all in the job's summary", async () => {
  const summary = path.join(dir, 'step-summary.md');
  await writeFile(summary, '');
  // 2026-11-18: every review is over 12 months old and figures for 2025 are over, as a weekly rebuild finds them.
  const result = runWith({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, SOURCE_DATE_EPOCH: '1795000000' }, '--out', path.join(dir, 'actions-warnings-out'));
  assert.equal(result.code, 0, result.stderr);
  const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::'));
  assert.equal(annotations.length, 13, `each article and its Spanish translation, and the handouts:\n${result.stdout}`);
  for (const line of annotations) assert.match(line, /^::warning file=content\/(insights\/[a-z0-9-]+(\.es)?\.md|site\.md),line=\d+,title=(stale-review|figure-year-over)::/);
  assertContains(result.stdout, [
    "::warning file=content/insights/part-d-2026.md,line=7,title=stale-review::This article was last reviewed on 2025-10-16, more than 12 months ago. Hint: Check that it is still accurate, then set 'lastReviewed:' to today's date.",
    '::warning file=content/insights/part-d-2026.md,line=32,title=figure-year-over::This article quotes figures for a year that is over: partDOutOfPocketCap2025 ($2,000, 2025)',
    '::warning file=content/site.md,line=16,title=stale-review::The handouts were last reviewed on 2025-10-01, more than 12 months ago.',
  ]);
  assert.match(result.stdout, /^Built .* in \d+\.\d+ s, with 13 warnings\.$/m, 'and the closing line, which counts them');
  const told = withoutProgress(result.stderr).trim().split('\n');
  assert.equal(told.length, 8, `the six old reviews of articles are one line in the terminal, though six annotations:\n${result.stderr}`);
  assert.match(told[0] ?? '', /^content\/insights\/medicare-advantage-vs-medigap\.es\.md:\d+ warning stale-review 6 articles were last reviewed .*: content\/insights\/medicare-advantage-vs-medigap\.es\.md:\d+, content\/insights\/medicare-advantage-vs-medigap\.md:\d+, content\/insights\/open-enrollment-2025\.es\.md:7 and 3 more\. Hint: /);
  const written = await readFile(summary, 'utf8');
  assert.match(written, /^### The build found 13 warnings\n\n/);
  assert.equal(written.split('\n').filter((line) => line.startsWith('- `content/')).length, 13);
  assert.match(written, /^- `content\/insights\/part-d-2026\.md:7` \*\*warning\*\* `stale-review`: This article was last reviewed on 2025-10-16/m);
  const quiet = runWith({ SOURCE_DATE_EPOCH: '1795000000', GITHUB_STEP_SUMMARY: summary }, '--out', path.join(dir, 'actions-warnings-out'));
  assert.doesNotMatch(quiet.stdout, /^::/m, 'no annotation outside GitHub Actions');
  assert.equal(await readFile(summary, 'utf8'), written, 'and no summary');
});

// bug: errors were printed in the order of their files, among the warnings, and each warning of a kind on a line of its own.
test('the warnings come first, many of a kind on one line, and then, apart, the errors, last on the screen; annotations stay one per problem', async () => {
  const site = await makeSite({
    'content/insights/a.md': article({ title: 'A', date: '2025-02-30' }),
    'content/insights/b.md': article({ title: 'B', date: '2025-01-02', sumary: 'typo' }),
    'content/insights/notes-1.txt': 'Notes.',
    'content/insights/notes-2.txt': 'Notes.',
    'content/insights/notes-3.txt': 'Notes.',
  });
  try {
    const result = runWith({ GITHUB_ACTIONS: 'true' }, '--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'ordered-out'));
    assert.equal(result.code, 1);
    const lines = withoutProgress(result.stderr).trimEnd().split('\n');
    assert.equal(lines.length, 5, result.stderr);
    assert.match(lines[0] ?? '', /insights\/b\.md:4 warning unknown-field /);
    assert.match(lines[1] ?? '', /insights\/notes-1\.txt warning ignored-file 3 files of the insights folder are skipped, since only \.md files are articles: \S*notes-1\.txt, \S*notes-2\.txt, \S*notes-3\.txt\. Hint: Rename each that is an article to end in \.md, and move the others out of the insights folder\.$/);
    assert.equal(lines[2], '', 'a blank line between the warnings and the errors');
    assert.match(lines[3] ?? '', /insights\/a\.md:3 error invalid-date /);
    assert.equal(lines[4], 'The build stopped: 1 problem to fix in the content, and 4 warnings that alone would not stop it. The previous out/ was left as it was.');
    const annotations = result.stdout.trim().split('\n');
    assert.equal(annotations.filter((line) => line.startsWith('::warning ') && line.includes('title=ignored-file')).length, 3, result.stdout);
    assert.equal(annotations.length, 5, 'one annotation on each file');
  } finally {
    await site.cleanup();
  }
});

/** A stream standing for the terminal (no colour) or a log file, keeping what is written to it. */
function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = Object.assign(new Writable(), {
    isTTY,
    getColorDepth: () => 1,
    write: (chunk: string) => written.push(chunk) > 0,
  });
  return { stream: stream as unknown as NodeJS.WriteStream, written };
}

/** A clock for Progress, moved by hand; it starts where a process's clock is after a while. */
function fakeClock(t: TestContext): { at: (ms: number) => void } {
  const start = 100_000;
  let now = start;
  t.mock.method(performance, 'now', () => now);
  return { at: (ms) => (now = start + ms) };
}

test('a build that ends within two seconds shows no progress at all', (t) => {
  const clock = fakeClock(t);
  for (const isTTY of [true, false]) {
    const { stream, written } = fakeStream(isTTY);
    const progress = new Progress(stream);
    for (const [ms, done] of [[10, 1], [900, 50], [1999, 100]] as const) {
      clock.at(ms);
      progress.update('markdown', done, 100);
    }
    progress.end();
    assert.deepEqual(written, [], isTTY ? 'terminal' : 'log');
    clock.at(0);
  }
});

test('in a terminal, progress is one line that updates itself, at most ten times a second, and is cleared at the end', (t) => {
  const clock = fakeClock(t);
  const { stream, written } = fakeStream(true);
  const progress = new Progress(stream);
  clock.at(2500);
  progress.update('markdown', 1200, 10_000);
  clock.at(2550);
  progress.update('markdown', 1300, 10_000);
  clock.at(2650);
  progress.update('markdown', 1400, 10_000);
  clock.at(2660);
  progress.update('write', 10_000, 10_000);
  progress.end();
  assert.deepEqual(written, ['\r\u001b[2KProcessing articles: 1,200 of 10,000', '\r\u001b[2KProcessing articles: 1,400 of 10,000', '\r\u001b[2KWriting files: 10,000 of 10,000', '\r\u001b[2K']);
});

test('in a log, progress is a line every five seconds at most, and one when a stage is done', (t) => {
  const clock = fakeClock(t);
  const { stream, written } = fakeStream(false);
  const progress = new Progress(stream);
  for (const [ms, done] of [[2500, 10], [3000, 20], [7400, 30], [7600, 40], [7700, 100]] as const) {
    clock.at(ms);
    progress.update('markdown', done, 100);
  }
  progress.end();
  assert.deepEqual(written, ['Processing articles: 10 of 100\n', 'Processing articles: 40 of 100\n', 'Processing articles: 100 of 100\n']);
});
