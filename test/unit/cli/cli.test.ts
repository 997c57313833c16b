/**
 * The command line as an author meets it: `npm run build` run as a separate
 * process, checked by exit code, output and what is left in out/. What it
 * prints to a terminal, a log or GitHub Actions is in terminal.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { MARKDOWN_POOL } from '../../../build/config.ts';
import { entryKey } from '../../../build/store/index.ts';
import { MARKER_FILE } from '../../../build/write/index.ts';
import { assertOneLine, PLAIN_ENV, REVIEWS_CURRENT, run, runWith, withoutProgress } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, makeSite, PROJECT_ROOT, SAMPLE_SITE, samplePdf } from '../../helpers/sites.ts';

const dir = await temporaryFolder('cli-test');

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
  for (const command of ['build/preview/cli.ts', 'build/cli/report.ts', 'build/deploy/cli.ts', 'build/cli/new-article.ts', 'build/cli/sample-handouts.ts']) {
    const answer = spawnSync(process.execPath, ['--import', 'tsx', command, '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV, timeout: 30_000 });
    assert.equal(answer.status, 0, `${command}: ${answer.stderr}`);
    assert.equal(answer.stdout, `physician-site ${version}\n`, command);
  }
});

test('a reader that stops reading at once (`| head -1`) ends no command with a stack trace', async () => {
  for (const command of ['build/cli/build.ts', 'build/cli/sample-handouts.ts', 'build/cli/report.ts']) {
    const child = spawn(process.execPath, ['--import', 'tsx', command, '--help'], { cwd: PROJECT_ROOT, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command has started, so that its first write finds no reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    assert.equal(stderr, '', command);
    assert.equal(code, 0, command);
  }
});

test('an unknown flag is one line and exit code 2', () => {
  const { code, stderr } = run('--ouput', 'x');
  assert.equal(code, 2);
  assertOneLine(stderr);
  assert.match(stderr, /--ouput/);
  assert.match(stderr, /--help/);
});

test('an option whose value was left out says so, and names what came after it', () => {
  const { code, stderr } = run('--content', '--drafts');
  assert.equal(code, 2);
  assert.equal(stderr, "error Option '--content' needs a value, and '--drafts' after it is another option. Run with --help to see the options.\n");
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

test('a file given where a folder belongs is called a file, not a missing folder; a file where the cache goes stops the build before it starts', () => {
  const file = path.join(PROJECT_ROOT, 'package.json');
  const { code, stderr } = run('--insights', file, '--out', path.join(dir, 'unused'));
  assert.equal(code, 2);
  assertOneLine(stderr);
  assert.ok(stderr.includes(`--insights folder ${file} is a file, not a folder; check the path or pass --insights DIR`), stderr);
  const cache = run('--cache', file, '--out', path.join(dir, 'unused'));
  assert.deepEqual([cache.code, cache.stderr], [2, `error The --cache folder ${file} is a file, not a folder; remove it or pass --cache DIR.\n`], 'not an unexpected failure half-way');
});

test('a cache folder within out/, content/ or assets/ (or holding one) stops the build before anything is written there', async () => {
  const out = path.join(dir, 'cache-overlap', 'out');
  for (const [cache, flag, folder] of [
    [path.join(out, 'cache'), '--out', out],
    ['content/cache', '--content', 'content'],
    ['assets', '--assets', 'assets'],
    [path.dirname(out), '--out', out],
  ] as const) {
    const { code, stderr } = run('--cache', cache, '--out', out);
    assert.deepEqual([code, stderr], [2, `error The --cache folder ${cache} overlaps the ${flag} folder ${folder}; keep the cache in a folder of its own, such as .cache.\n`]);
  }
  assert.deepEqual(await readdir(dir).then((names) => names.filter((name) => name === 'cache-overlap')), [], 'nothing was made');
  assert.ok(!existsSync(path.join(SAMPLE_SITE, 'content/cache')));
});

test('an empty --out or --cache, which would mean the project itself, is one line naming the option, and exit code 2', () => {
  for (const flag of ['--out', '--cache']) {
    assert.deepEqual(Object.values(run(flag, '')), [2, '', `error ${flag} was given an empty folder path; pass ${flag} DIR, or leave the option out for its default.\n`]);
  }
});

test('a --base-url that is not a web address is one line and exit code 2', () => {
  const { code, stderr } = run('--base-url', 'example.com');
  assert.equal(code, 2);
  assertOneLine(stderr);
});

test('the sample site builds into --out, and says what it built', async () => {
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

test('a review older than the site allows is a warning at its line, and the build goes on', () => {
  const result = runWith({ SOURCE_DATE_EPOCH: '1795000000' }, '--out', path.join(dir, 'stale-out')); // 2026-11-18
  assert.equal(result.code, 0, result.stderr);
  // The three articles' old reviews are one line, naming each at its line.
  assert.match(result.stderr, /warning stale-review 3 articles were last reviewed longer ago than 'reviewMaxAgeMonths' in site\.md allows: .*part-d-2026\.md:7\./);
  assert.match(result.stdout, /, with 7 warnings\.$/m, 'each of them counted');
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

test("the first build after upgrading replaces the out/ the generator before the marker made, and clears that generator's record from the cache", async () => {
  const out = path.join(dir, 'upgraded-out');
  const cache = path.join(dir, 'upgraded-cache');
  const record: Record<string, { identity: string; stamp: string }> = {};
  for (const [file, contents] of Object.entries({ 'index.html': '<p>built before</p>', 'insights/a-retired-article/index.html': '<p>gone since</p>' })) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), contents);
    const info = await stat(path.join(out, file));
    record[file] = { identity: `identity of ${file}`, stamp: `${info.size}:${info.mtimeMs}` };
  }
  await mkdir(path.join(cache, 'writes'), { recursive: true });
  await writeFile(path.join(cache, 'writes', `${entryKey(path.resolve(out))}.json`), JSON.stringify(record));
  const { code, stderr } = run('--out', out, '--cache', cache);
  assert.equal(code, 0, stderr);
  assert.ok((await stat(path.join(out, MARKER_FILE))).isFile(), 'out/ is now marked as this build\'s');
  assert.equal(await stat(path.join(out, 'insights/a-retired-article')).catch(() => undefined), undefined, 'what only the old build had is gone');
  assert.deepEqual((await readdir(cache)).sort(), ['packs'], 'and so is its record');
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
    assert.match(again.stdout, /^Up to date: \d+ pages \(1 article, 2 handouts\) in .*incremental-out\/; nothing had changed in \d+\.\d+ s, with 1 warning\.\n$/);
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
