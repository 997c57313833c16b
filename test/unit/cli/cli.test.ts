/**
 * The command line as an author meets it: `npm run build` (and `npm run
 * report`) run as a separate process, checked by exit code, output and what
 * is left in out/; and the terminal's progress line, driven by a fake clock.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, test, type TestContext } from 'node:test';
import { Progress } from '../../../build/cli/terminal.ts';
import { MARKDOWN_POOL } from '../../../build/config.ts';
import { article, assertContains, makeSite, PROJECT_ROOT, samplePdf } from '../../helpers/sites.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cli-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The build's time for these runs: a day when the real articles' reviews are current. */
const REVIEWS_CURRENT = { SOURCE_DATE_EPOCH: '1761955200' }; // 2025-11-01

/** This process's environment without what changes how the command prints: colour, and running under GitHub Actions (whose job summary the tests must not write to). */
const PLAIN_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['FORCE_COLOR', 'NO_COLOR', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY'].includes(name)));

/** Runs the build command as `npm run build` does, with extra environment variables. */
function runWith(env: Record<string, string>, ...args: string[]) {
  const command = ['--single-threaded-gc', '--import', 'tsx', path.join(PROJECT_ROOT, 'build/cli/build.ts'), ...args];
  const result = spawnSync(process.execPath, command, { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...PLAIN_ENV, ...REVIEWS_CURRENT, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function run(...args: string[]) {
  return runWith({}, ...args);
}

/** The progress lines a build longer than two seconds prints to a log, which the tests do not look at. */
const withoutProgress = (text: string) => text.replace(/^(Processing articles|Writing files): .*\n/gm, '');

function assertOneLine(text: string) {
  assert.equal(text.trim().split('\n').length, 1, `expected one line, got:\n${text}`);
  assert.doesNotMatch(text, /\n\s+at /, 'no stack trace');
}

test('--help prints the options and exits 0', () => {
  const { code, stdout } = run('--help');
  assert.equal(code, 0);
  for (const flag of ['--content', '--insights', '--assets', '--out', '--cache', '--drafts', '--base-url', '--help', '--version']) assert.match(stdout, new RegExp(flag));
});

test('--version prints the name and version of package.json, through npm run build too', async () => {
  const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const direct = run('--version');
  assert.equal(direct.code, 0);
  assert.equal(direct.stdout, `physician-site ${version}\n`);
  const npm = spawnSync('npm', ['run', '--silent', 'build', '--', '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV });
  assert.equal(npm.status, 0, npm.stderr);
  assert.equal(npm.stdout, `physician-site ${version}\n`);
});

test('every command answers --version the same way, and does nothing else', async () => {
  const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const command of ['build/preview/cli.ts', 'build/cli/report.ts', 'build/deploy/cli.ts', 'build/cli/new-article.ts']) {
    const answer = spawnSync(process.execPath, ['--import', 'tsx', command, '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV, timeout: 30_000 });
    assert.equal(answer.status, 0, `${command}: ${answer.stderr}`);
    assert.equal(answer.stdout, `physician-site ${version}\n`, command);
  }
});

test('an unknown flag is one line and exit code 2', () => {
  const { code, stderr } = run('--ouput', 'x');
  assert.equal(code, 2);
  assertOneLine(stderr);
  assert.match(stderr, /--ouput/);
  assert.match(stderr, /--help/);
});

test('a stray argument is one line and exit code 2', () => {
  const { code, stderr } = run('content');
  assert.equal(code, 2);
  assertOneLine(stderr);
});

test('a missing content or assets folder is one line and exit code 2', () => {
  for (const [flag, value] of [
    ['--content', 'no/such/content'],
    ['--assets', 'no/such/assets'],
  ]) {
    const { code, stderr } = run(flag as string, value as string, '--out', path.join(dir, 'unused'));
    assert.equal(code, 2);
    assertOneLine(stderr);
    assert.match(stderr, new RegExp(`${flag} folder ${value} does not exist`));
  }
});

test('a --base-url that is not a web address is one line and exit code 2', () => {
  const { code, stderr } = run('--base-url', 'example.com');
  assert.equal(code, 2);
  assertOneLine(stderr);
});

test('the real site builds into --out, and says what it built', async () => {
  const out = path.join(dir, 'real-out');
  const { code, stdout, stderr } = run('--out', out);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^Built \d+ pages \(3 articles, 25 handouts\) into .*real-out\/ \(\d+ files written\) in \d+\.\d+ s\.\n$/);
  assert.equal(withoutProgress(stderr), '', 'no warning while the reviews are current');
  for (const file of ['index.html', 'insights/index.html', 'education/index.html', 'about/index.html', '404.html', 'insights/404.html', 'pdfs/rotator-cuff-tears.pdf']) {
    assert.ok((await stat(path.join(out, file))).isFile(), file);
  }
});

test('content errors are listed as file:line error rule message hint, exit 1, and out/ is left untouched', async () => {
  const site = await makeSite({
    'content/insights/bad-date.md': article({ title: 'Bad', date: '2025-02-30' }),
    'content/insights/bad-yaml.md': '---\ntitle: Colon: here\n---\nBody\n',
  });
  const out = path.join(dir, 'kept-out');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'index.html'), 'previous build');
  try {
    const { code, stderr, stdout } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    const lines = stderr.trim().split('\n');
    assert.match(lines[0] ?? '', /content\/insights\/bad-date\.md:3 error invalid-date 'date' is not a real calendar day: "2025-02-30"\. Hint: Write the date as YYYY-MM-DD/);
    assert.match(lines[1] ?? '', /content\/insights\/bad-yaml\.md:2 error invalid-front-matter .* Hint: /);
    assert.match(lines[2] ?? '', /The build stopped: 2 problems to fix in the content\. The previous out\/ was left as it was\./);
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), 'previous build');
  } finally {
    await site.cleanup();
  }
});

test('a review older than the site allows is a warning, and the build goes on', () => {
  const result = runWith({ SOURCE_DATE_EPOCH: '1795000000' }, '--out', path.join(dir, 'stale-out')); // 2026-11-18
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stderr, /part-d-2026\.md warning stale-review This article was last reviewed on 2025-10-16, more than 12 months ago\./);
});

test('warnings are printed and the build goes on', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', sumary: 'typo' }) });
  try {
    const { code, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'warn-out'));
    assert.equal(code, 0);
    assert.match(stderr, /a\.md:3 warning unknown-field 'sumary' is not a field this file uses/);
  } finally {
    await site.cleanup();
  }
});

test('a site large enough for the worker pool builds in a process of its own, with every page and sharing image', async () => {
  const articles = Object.fromEntries(
    Array.from({ length: MARKDOWN_POOL.minJobs }, (_, index) => [`content/insights/article-${index}.md`, article({ title: `Article number ${index}`, summary: `Summary ${index}.`, date: '2025-10-16' }, `## Part ${index}\n\nWords of article ${index}, with a [link](/insights/article-${(index + 1) % MARKDOWN_POOL.minJobs}/).`)]),
  );
  const site = await makeSite(articles);
  const out = path.join(dir, 'pool-out');
  try {
    const { code, stdout, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', path.join(site.root, 'cache'));
    assert.equal(code, 0, stderr);
    assert.match(stdout, new RegExp(`^Built \\d+ pages \\(${MARKDOWN_POOL.minJobs} articles, `));
    for (const index of [0, MARKDOWN_POOL.minJobs - 1]) {
      assert.match(await readFile(path.join(out, `insights/article-number-${index}/index.html`), 'utf8'), new RegExp(`Words of article ${index}`));
      assert.ok((await stat(path.join(out, `og/article-number-${index}.png`))).size > 10_000, 'its sharing image is drawn');
    }
  } finally {
    await site.cleanup();
  }
});

test('--drafts includes the draft template, badged', async () => {
  const out = path.join(dir, 'drafts-out');
  const { code, stdout } = run('--drafts', '--out', out);
  assert.equal(code, 0);
  assert.match(stdout, /4 articles including drafts/);
  const html = await readFile(path.join(out, 'insights/article-template/index.html'), 'utf8');
  assert.match(html, /badge--draft">Draft</);
  assert.match(html, /<meta name="robots" content="noindex"\/>/);
});

test('an output folder holding other files is refused with one line, and kept', async () => {
  const out = path.join(dir, 'someone-elses');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'notes.txt'), 'keep me');
  const { code, stderr } = run('--out', out);
  assert.equal(code, 2);
  assertOneLine(stderr);
  assert.equal(await readFile(path.join(out, 'notes.txt'), 'utf8'), 'keep me');
});

test('a build with nothing changed keeps out/ and says it is up to date; any change to an input or to out/ builds again', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', sumary: 'typo' }) });
  const out = path.join(dir, 'incremental-out');
  const cache = path.join(dir, 'incremental-cache');
  const build = (...extra: string[]) => run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cache, ...extra);
  const rebuilt = (result: ReturnType<typeof run>, why: string) => {
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Built /, why);
  };
  try {
    rebuilt(build(), 'the first build');
    const page = path.join(out, 'insights/a/index.html');
    const written = (await stat(page)).mtimeMs;
    const again = build();
    assert.equal(again.code, 0);
    assert.match(again.stdout, /^Up to date: \d+ pages \(1 articles, 2 handouts\) in .*incremental-out\/; nothing had changed in \d+\.\d+ s\.\n$/);
    assert.match(again.stderr, /a\.md:3 warning unknown-field/, 'the warnings are repeated');
    assert.equal((await stat(page)).mtimeMs, written, 'out/ is not rewritten');

    await writeFile(path.join(site.contentDir, 'insights/a.md'), article({ title: 'A', summary: 'Fixed.' }));
    rebuilt(build(), 'an edited article');
    assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), /Fixed\./);
    await writeFile(path.join(site.assetsDir, 'pdfs/low-back-pain.pdf'), await samplePdf('A new handout', 2));
    rebuilt(build(), 'a replaced asset');
    rebuilt(build('--base-url', 'https://elsewhere.example'), 'another address for the canonical links');
    rebuilt(build(), 'back to the first options');
    assert.match(build('--drafts').stdout, /^Up to date: .* including drafts/, 'an option that changes no file (a site without drafts) writes nothing');
    await rm(page);
    rebuilt(build(), 'a page deleted from out/');
    assert.ok((await stat(page)).isFile(), 'and the page is back');
    await writeFile(page, 'edited by hand');
    rebuilt(build(), 'a page edited in out/');
    assert.notEqual(await readFile(page, 'utf8'), 'edited by hand');
    const on = (epoch: number) => runWith({ SOURCE_DATE_EPOCH: String(epoch) }, '--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cache);
    assert.match(on(Number(REVIEWS_CURRENT.SOURCE_DATE_EPOCH) + 86_400).stdout, /^Up to date: /, 'another day of the year changes no file: it only decides which reviews are stale');
    rebuilt(on(1767225600), 'a new year, printed in the copyright line'); // 2026-01-01
    assert.match(await readFile(page, 'utf8'), /<span data-current-year="">2026<\/span>/);
  } finally {
    await site.cleanup();
  }
});

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
  assert.equal(annotations.length, 7, result.stdout);
  for (const line of annotations) assert.match(line, /^::warning file=content\/(insights\/[a-z0-9-]+\.md|site\.md),title=(stale-review|figure-year-over)::/);
  assertContains(result.stdout, [
    "::warning file=content/insights/part-d-2026.md,title=stale-review::This article was last reviewed on 2025-10-16, more than 12 months ago. Hint: Check that it is still accurate, then set 'lastReviewed:' to today's date.",
    '::warning file=content/insights/part-d-2026.md,title=figure-year-over::This article quotes figures for a year that is over: partDOutOfPocketCap2025 ($2,000, 2025)',
    '::warning file=content/site.md,title=stale-review::The handouts were last reviewed on 2025-10-01, more than 12 months ago.',
  ]);
  assert.match(result.stdout, /^Built .* in \d+\.\d+ s\.$/m, 'and the closing line');
  const written = await readFile(summary, 'utf8');
  assert.match(written, /^### The build found 7 warnings\n\n/);
  assert.equal(written.split('\n').filter((line) => line.startsWith('- `content/')).length, 7);
  assert.match(written, /^- `content\/insights\/part-d-2026\.md` \*\*warning\*\* `stale-review`: This article was last reviewed on 2025-10-16/m);
  const quiet = runWith({ SOURCE_DATE_EPOCH: '1795000000', GITHUB_STEP_SUMMARY: summary }, '--out', path.join(dir, 'actions-warnings-out'));
  assert.doesNotMatch(quiet.stdout, /^::/m, 'no annotation outside GitHub Actions');
  assert.equal(await readFile(summary, 'utf8'), written, 'and no summary');
});

test('npm run report prints the reading level of every article, drafts included', async () => {
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
