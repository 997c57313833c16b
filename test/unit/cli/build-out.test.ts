/**
 * out/ across builds of `npm run build`, each in a process of its own: a
 * folder holding files the build did not make is refused, the first build
 * after an upgrade replaces the out/ an older generator made, and a page
 * deleted or edited there, or a new year, builds again, while another day of
 * the same year changes nothing. What an input or an option changes is in
 * build-rebuilds.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { entryKey } from '../../../build/store/index.ts';
import { MARKER_FILE } from '../../../build/write/index.ts';
import { assertOneLine, assertRebuilt, REVIEWS_CURRENT, run, runWith, withoutProgress } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, makeSite } from '../../helpers/sites.ts';

const dir = await temporaryFolder('build-out');

test('an output folder holding other files is refused with one line, and kept', async () => {
  const out = path.join(dir, 'someone-elses');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'notes.txt'), 'keep me');
  const site = await makeSite();
  try {
    const { code, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out);
    assert.equal(code, 2);
    // On a busy machine the build may run past two seconds before it reaches out/, and print its progress to the log first.
    assertOneLine(withoutProgress(stderr));
    assert.equal(await readFile(path.join(out, 'notes.txt'), 'utf8'), 'keep me');
  } finally {
    await site.cleanup();
  }
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
  const site = await makeSite();
  try {
    const { code, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cache);
    assert.equal(code, 0, stderr);
    assert.ok((await stat(path.join(out, MARKER_FILE))).isFile(), 'out/ is now marked as this build\'s');
    assert.equal(await stat(path.join(out, 'insights/a-retired-article')).catch(() => undefined), undefined, 'what only the old build had is gone');
    assert.deepEqual((await readdir(cache)).sort(), ['packs'], 'and so is its record');
  } finally {
    await site.cleanup();
  }
});

test('a page deleted from out/ or edited there is built again, and so is the site in a new year; another day of the same year changes no file', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', summary: 'An article.' }) });
  const out = path.join(dir, 'edited-out');
  const cache = path.join(dir, 'edited-cache');
  const build = (env: Record<string, string> = {}) => runWith(env, '--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cache);
  try {
    assertRebuilt(build(), 'the first build');
    const page = path.join(out, 'insights/a/index.html');
    await rm(page);
    assertRebuilt(build(), 'a page deleted from out/');
    assert.ok((await stat(page)).isFile(), 'and the page is back');
    await writeFile(page, 'edited by hand');
    assertRebuilt(build(), 'a page edited in out/');
    assert.notEqual(await readFile(page, 'utf8'), 'edited by hand');
    assert.match(build({ SOURCE_DATE_EPOCH: String(Number(REVIEWS_CURRENT.SOURCE_DATE_EPOCH) + 86_400) }).stdout, /^Up to date: /, 'another day of the year changes no file: it only decides which reviews are stale');
    assertRebuilt(build({ SOURCE_DATE_EPOCH: '1767225600' }), 'a new year, printed in the copyright line'); // 2026-01-01
    assert.match(await readFile(page, 'utf8'), /<span data-current-year="">2026<\/span>/);
  } finally {
    await site.cleanup();
  }
});
