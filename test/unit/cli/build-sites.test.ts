/**
 * Sites built by `npm run build` as an author runs it, in a process of its
 * own: the sample site, its drafts, a site large enough for the worker pool,
 * content errors that stop the build and warnings that do not. What it prints
 * to a terminal, a log or GitHub Actions is in terminal.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { MARKDOWN_POOL } from '../../../build/config.ts';
import { run, runWith, withoutProgress } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, makeSite, SITE_MD } from '../../helpers/sites.ts';

const dir = await temporaryFolder('build-sites');

test('the sample site builds into --out, and says what it built', async () => {
  const out = path.join(dir, 'real-out');
  const { code, stdout, stderr } = run('--out', out);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^Built \d+ pages \(6 articles, 25 handouts\) into .*real-out\/ \(\d+ files written\) in \d+\.\d+ s\.\n$/);
  assert.equal(withoutProgress(stderr), '', 'no warning while the reviews are current');
  for (const file of ['index.html', 'insights/index.html', 'education/index.html', 'about/index.html', '404.html', 'insights/404.html', 'pdfs/rotator-cuff-tears.pdf', 'es/index.html', 'es/insights/index.html', 'es/404.html', 'es/insights/404.html', 'pdfs/rotator-cuff-tears.es.pdf']) {
    assert.ok((await stat(path.join(out, file))).isFile(), file);
  }
});

test('--drafts includes the draft template, badged', async () => {
  const out = path.join(dir, 'drafts-out');
  const { code, stdout } = run('--drafts', '--out', out);
  assert.equal(code, 0);
  assert.match(stdout, /8 articles including drafts/, 'the four of the sample and their Spanish translations');
  const html = await readFile(path.join(out, 'insights/article-template/index.html'), 'utf8');
  assert.match(html, /badge--draft">Draft</);
  assert.match(html, /<meta name="robots" content="noindex"\/>/);
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
    // A build slowed past two seconds by other work prints its progress first.
    const lines = withoutProgress(stderr).trim().split('\n');
    assert.match(lines[0] ?? '', /content\/insights\/bad-date\.md:3 error invalid-date 'date' is not a real calendar day: "2025-02-30"\. Hint: Write the date as YYYY-MM-DD/);
    assert.match(lines[1] ?? '', /content\/insights\/bad-yaml\.md:2 error invalid-front-matter .* Hint: /);
    assert.match(lines[2] ?? '', /The build stopped: 2 problems to fix in the content\. The previous out\/ was left as it was\./);
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), 'previous build');
  } finally {
    await site.cleanup();
  }
});

test('warnings, a review older than the site allows among them, are printed at their lines, and the build goes on', async () => {
  const site = await makeSite({
    'content/site.md': SITE_MD.replace('reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 12'),
    'content/insights/a.md': article({ title: 'A', sumary: 'typo', date: '2025-10-16', lastReviewed: '2025-10-16' }),
  });
  try {
    const { code, stdout, stderr } = runWith({ SOURCE_DATE_EPOCH: '1795000000' }, '--content', site.contentDir, '--assets', site.assetsDir, '--out', path.join(dir, 'warn-out')); // 2026-11-18
    assert.equal(code, 0, stderr);
    assert.match(stdout, /, with 2 warnings\.$/m, 'each of them counted');
    assert.match(stderr, /a\.md:3 warning unknown-field 'sumary' is not a field this file uses/);
    assert.match(stderr, /a\.md:5 warning stale-review This article was last reviewed on 2025-10-16, more than 12 months ago\./);
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
