/**
 * The build's usage mistakes, as an author meets them running `npm run build`
 * in a process of its own: each is one line and exit code 2, and leaves every
 * folder as it was. Those of folders reached through a link are in
 * linked-folders.test.ts; an out/ holding files the build did not make is in
 * build-out.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { assertOneLine, run } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PROJECT_ROOT, SAMPLE_SITE } from '../../helpers/sites.ts';

const dir = await temporaryFolder('build-usage');

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
