/**
 * The write stage, the only code that changes out/: a build is written into
 * a staging folder and takes out/'s place only whole; a file out/ already
 * holds under its key is kept; and the preview's update in place writes only
 * what changed. Which folders it may replace: folder.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { ContentErrors, problem } from '../../../build/diagnostics/index.ts';
import type { Output } from '../../../build/output.ts';
import { MARKER_FILE, readBuildFacts, readMarker, updateSite, writeMarker } from '../../../build/write/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { contentsOf, file, made, names, site, write } from '../../helpers/write-site.ts';

const dir = await temporaryFolder('write-test');

test('the site is written with its marker, and a new build replaces the old one entirely', async () => {
  const out = path.join(dir, 'replace', 'out');
  await write(out, [...site('first'), file('stale.html', 'old page')]);
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights', 'stale.html']);
  await write(out, site('second'));
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights'], 'a page gone from the content is gone from out/');
  assert.deepEqual(await names(path.dirname(out)), ['out'], 'no staging folder is left behind');
  assert.deepEqual([...((await readMarker(out)) ?? new Map()).keys()].sort(), ['index.html', 'insights/a/index.html'], 'the marker records each file');
});

test('bytes are written byte for byte', async () => {
  const out = path.join(dir, 'bytes', 'out');
  await write(out, [file('pdfs/a.pdf', new Uint8Array([0, 1, 2, 255]))]);
  assert.deepEqual([...(await readFile(path.join(out, 'pdfs/a.pdf')))], [0, 1, 2, 255]);
});

test('files known only later (the image copies) are written too, and a failure to make them leaves out/ as it was', async () => {
  const out = path.join(dir, 'later', 'out');
  await write(out, site('first'), { later: Promise.resolve([file('img/a.320w.avif', 'copy')]) });
  assert.equal(await readFile(path.join(out, 'img/a.320w.avif'), 'utf8'), 'copy');
  const before = await contentsOf(out);
  const later = Promise.reject(new Error('an image could not be read'));
  // As the pipeline does: the copies are waited for only once the other files are written.
  later.catch(() => undefined);
  await assert.rejects(write(out, site('second'), { later }), /an image could not be read/);
  assert.deepEqual(await contentsOf(out), before);
  assert.deepEqual(await names(path.dirname(out)), ['out']);
});

test('a build that fails part-way leaves the previous out/ exactly as it was', async () => {
  const out = path.join(dir, 'fail', 'out');
  await write(out, site('good'));
  const before = await contentsOf(out);
  const failing: Output = { path: 'og/a.png', key: 'a card', contents: () => Promise.reject(new Error('a card could not be drawn')) };
  await assert.rejects(write(out, [...site('bad'), failing]), /a card could not be drawn/);
  assert.deepEqual(await contentsOf(out), before);
  assert.deepEqual(await names(path.dirname(out)), ['out'], 'the staging folder is removed');
});

test('content errors from several files are reported together, and out/ is left as it was', async () => {
  const out = path.join(dir, 'content-errors', 'out');
  await write(out, site('good'));
  const before = await contentsOf(out);
  const broken = (name: string): Output => ({ path: `img/${name}.320w.avif`, key: name, contents: () => Promise.reject(new ContentErrors([problem('imageDamaged', { file: `assets/img/${name}.png` }, { url: `/img/${name}.png` })])) });
  const failure = await write(out, [...site('bad'), broken('a'), broken('b'), broken('a')]).then(() => assert.fail('the write should fail'), (error: unknown) => error);
  assert.ok(failure instanceof ContentErrors);
  assert.deepEqual(failure.diagnostics.map((diagnostic) => diagnostic.file), ['assets/img/a.png', 'assets/img/b.png'], 'each file once');
  assert.deepEqual(await contentsOf(out), before);
});

test('when the checks fail, nothing is published: out/ stays as it was', async () => {
  const out = path.join(dir, 'checks', 'out');
  await write(out, site('good'));
  const before = await contentsOf(out);
  await assert.rejects(write(out, site('leaky'), { beforePublishing: () => Promise.reject(new ContentErrors([problem('draftLeak', { file: 'content/insights/d.md' }, { what: 'title', file: 'index.html' })])) }), ContentErrors);
  assert.deepEqual(await contentsOf(out), before);
  assert.deepEqual(await names(path.dirname(out)), ['out']);
});

test('a file out/ holds under its key is kept (the same file, linked), a changed one made again, one edited by hand since written again', async () => {
  const out = path.join(dir, 'kept', 'out');
  const pages = (home: string) => [file('index.html', `<p>${home}</p>`), file('same.html', 'unchanged'), file('pdfs/a.pdf', 'pdf bytes')];
  made.length = 0;
  const first = await write(out, pages('first'));
  assert.deepEqual([first.written, first.kept], [['index.html', 'pdfs/a.pdf', 'same.html'], 0]);
  const inode = async (name: string) => (await stat(path.join(out, name))).ino;
  const before = { same: await inode('same.html'), pdf: await inode('pdfs/a.pdf'), index: await inode('index.html') };

  made.length = 0;
  const second = await write(out, pages('second'));
  assert.deepEqual([second.written, second.kept], [['index.html'], 2]);
  assert.deepEqual(made, ['index.html'], 'the kept files are not even made');
  assert.equal(await inode('same.html'), before.same, 'the same file, linked into the new out/');
  assert.equal(await inode('pdfs/a.pdf'), before.pdf);
  assert.notEqual(await inode('index.html'), before.index);
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');

  await writeFile(path.join(out, 'same.html'), 'edited by hand');
  made.length = 0;
  const third = await write(out, pages('second'));
  assert.deepEqual([third.written, third.kept], [['same.html'], 2], 'the hand-edited file is written again');
  assert.equal(await readFile(path.join(out, 'same.html'), 'utf8'), 'unchanged');
});

test('two files at one path stop the build, and out/ stays as it was, though the first was linked from it', async () => {
  const out = path.join(dir, 'twice', 'out');
  await write(out, [file('images/a.320w.avif', 'the first image')]);
  const before = await contentsOf(out);
  await assert.rejects(write(out, [file('images/a.320w.avif', 'the first image'), file('images/a.320w.avif', 'the second image')]), /Two files of the site would be written to images\/a\.320w\.avif/);
  assert.deepEqual(await contentsOf(out), before);
});

test("the preview's update writes only the files whose key changed, in place, and removes files the site no longer has", async () => {
  const out = path.join(dir, 'update', 'out');
  const pages = (home: string, extra: Output[] = []) => [file('index.html', `<p>${home}</p>`), file('insights/a/index.html', 'a'), file('same.html', 'unchanged'), ...extra];
  // The preview's first build is a whole write; it updates that out/ in place after.
  const { record } = await write(out, pages('first', [file('insights/gone/index.html', 'soon gone'), file('images/diagrams/knees/left.png', 'soon gone')]));
  const inode = async (name: string) => (await stat(path.join(out, name))).ino;
  const same = await inode('same.html');
  made.length = 0;
  assert.deepEqual((await updateSite({ outDir: out, outputs: pages('second'), protectedDirs: [], record })).written, ['index.html']);
  assert.deepEqual(made, ['index.html'], 'the unchanged files are not made');
  assert.equal(await inode('same.html'), same, 'nor touched');
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');
  assert.deepEqual(await names(path.join(out, 'insights')), ['a'], 'a page gone from the site is removed, with its folder');
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights', 'same.html'], 'a folder of images deleted from assets/ leaves no empty folders, and no temporary file is left');
  assert.deepEqual([...record.keys()].sort(), ['index.html', 'insights/a/index.html', 'same.html'], 'the record says what out/ holds');
  made.length = 0;
  assert.deepEqual((await updateSite({ outDir: out, outputs: pages('second'), protectedDirs: [], record })).written, [], 'nothing changed, nothing written');
  assert.deepEqual(made, []);
});

test("when the checks fail, the preview's update changes nothing", async () => {
  const out = path.join(dir, 'update-checks', 'out');
  const { record } = await write(out, site('good'));
  const before = await contentsOf(out);
  await assert.rejects(updateSite({ outDir: out, outputs: site('bad'), protectedDirs: [], record, beforePublishing: () => Promise.reject(new Error('a broken link')) }), /a broken link/);
  assert.deepEqual(await contentsOf(out), before);
});

test("the marker keeps what the build was made from, its redirects too; a redirect written into it by hand that leaves the site, or is not a pair of addresses, is not taken", async () => {
  const out = path.join(dir, 'facts');
  await mkdir(out, { recursive: true });
  const facts = { drafts: false, sampleContent: [{ kind: 'identity' as const, what: 'the site address https://www.example.com', files: ['content/site.md'] }], redirects: [{ from: '/insights/old-name', to: '/insights/the-title' }] };
  writeMarker(out, new Map(), facts);
  assert.deepEqual(await readBuildFacts(out), facts);
  const stored = JSON.parse(await readFile(path.join(out, MARKER_FILE), 'utf8')) as { build: { redirects: unknown[] } };
  stored.build.redirects.push({ from: '/insights/away', to: '//evil.example/' }, { from: '/a', to: 'https://evil.example/' }, { from: '/e', to: '/\\evil.example/' }, ['/b', '/c'], null, { from: '/d' });
  await writeFile(path.join(out, MARKER_FILE), JSON.stringify(stored));
  assert.deepEqual((await readBuildFacts(out))?.redirects, facts.redirects);
});
