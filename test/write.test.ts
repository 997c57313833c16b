import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { UsageError } from '../build/diagnostics.ts';
import { contentDigest, readWriteRecord, updateSite, WriteMemory, writeSite, type OutputFile } from '../build/write.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'write-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const files = (marker: string) => [
  { path: 'index.html', contents: `<p>${marker}</p>` },
  { path: 'insights/a/index.html', contents: marker },
];

test('the site is written, and a new build replaces the old one entirely', async () => {
  const out = path.join(dir, 'replace', 'out');
  await writeSite(out, [...files('first'), { path: 'stale.html', contents: 'old page' }], []);
  await writeSite(out, files('second'), []);
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');
  assert.deepEqual((await readdir(out)).sort(), ['index.html', 'insights'], 'a page gone from the content is gone from out/');
  assert.deepEqual((await readdir(path.dirname(out))).sort(), ['out'], 'no staging folder is left behind');
});

test('copied assets are copied byte for byte', async () => {
  const source = path.join(dir, 'source.bin');
  await writeFile(source, Buffer.from([0, 1, 2, 255]));
  const out = path.join(dir, 'copy', 'out');
  await writeSite(out, [{ path: 'index.html', contents: 'x' }, { path: 'pdfs/a.pdf', copyFrom: source }], []);
  assert.deepEqual([...(await readFile(path.join(out, 'pdfs/a.pdf')))], [0, 1, 2, 255]);
});

test('pages are written while the files to copy are still being made, which are copied once they are', async () => {
  const source = path.join(dir, 'drawn-later.png');
  const out = path.join(dir, 'wait', 'out');
  let finishDrawing = (): void => undefined;
  const drawn = new Promise<void>((resolve) => (finishDrawing = resolve));
  let pageWritten = false;
  // A page's contents are read as it is written.
  const page = {
    path: 'insights/a/index.html',
    get contents() {
      pageWritten = true;
      return 'a page';
    },
  };
  const asked: boolean[] = [];
  const copiesReady = () => {
    asked.push(pageWritten);
    return drawn;
  };
  const images = ['og/a.png', 'og/b.png'].map((image) => ({ path: image, copyFrom: source, contentAddressed: true }));
  const writing = writeSite(out, [page, ...images], [], undefined, undefined, copiesReady);
  for (let tries = 0; tries < 200 && !pageWritten; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(pageWritten, 'the page is written before the image exists');
  assert.deepEqual(asked, [true], 'asked once, however many files wait, and only once the page is written');
  await writeFile(source, 'image');
  finishDrawing();
  await writing;
  assert.equal(await readFile(path.join(out, 'og/a.png'), 'utf8'), 'image');
  assert.equal(await readFile(path.join(out, 'og/b.png'), 'utf8'), 'image');
  assert.equal(await readFile(path.join(out, 'insights/a/index.html'), 'utf8'), 'a page');
});

test('when the files to copy cannot be made, the write fails and out/ stays as it was', async () => {
  const out = path.join(dir, 'wait-fails', 'out');
  await writeSite(out, files('good'), []);
  const failed = () => Promise.reject(new Error('a card could not be drawn'));
  await assert.rejects(writeSite(out, [...files('bad'), { path: 'og/a.png', copyFrom: path.join(dir, 'never-drawn.png') }], [], undefined, undefined, failed), /a card could not be drawn/);
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>good</p>');
  assert.deepEqual((await readdir(path.dirname(out))).sort(), ['out']);
});

test('a write that fails part-way leaves the previous out/ exactly as it was', async () => {
  const out = path.join(dir, 'fail', 'out');
  await writeSite(out, files('good'), []);
  await assert.rejects(writeSite(out, [...files('bad'), { path: 'pdfs/x.pdf', copyFrom: path.join(dir, 'does-not-exist') }], []));
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>good</p>');
  assert.deepEqual((await readdir(path.dirname(out))).sort(), ['out']);
});

test('an output folder that overlaps the content or assets is refused', async () => {
  const content = path.join(dir, 'site', 'content');
  await mkdir(content, { recursive: true });
  for (const out of [content, path.join(content, 'out'), path.join(dir, 'site')]) {
    await assert.rejects(writeSite(out, files('x'), [content]), UsageError, out);
  }
});

test('an existing folder that is not a built site is refused, not replaced', async () => {
  const out = path.join(dir, 'documents');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'letter.txt'), 'precious');
  await assert.rejects(writeSite(out, files('x'), []), /does not look like a built site/);
  assert.equal(await readFile(path.join(out, 'letter.txt'), 'utf8'), 'precious');
});

test('a missing parent folder is created', async () => {
  const out = path.join(dir, 'deep', 'er', 'out');
  await writeSite(out, files('x'), []);
  assert.equal(await readFile(path.join(out, 'insights/a/index.html'), 'utf8'), 'x');
});

test('a read-only parent folder is a clear error', { skip: process.getuid?.() === 0 ? 'root can write anywhere' : false }, async () => {
  const parent = path.join(dir, 'readonly');
  await mkdir(parent);
  await chmod(parent, 0o555);
  try {
    await assert.rejects(writeSite(path.join(parent, 'out'), files('x'), []), UsageError);
  } finally {
    await chmod(parent, 0o755);
  }
});

test('an output folder whose parent is a file is a clear error', async () => {
  const notAFolder = path.join(dir, 'plain-file');
  await writeFile(notAFolder, 'x');
  await assert.rejects(writeSite(path.join(notAFolder, 'out'), files('x'), []), (error: unknown) => {
    assert.ok(error instanceof UsageError);
    assert.match(error.message, /Cannot create the output folder/);
    return true;
  });
});

test('with a cache folder, a file unchanged since the last write is linked, not written; a changed or hand-edited one is written', async () => {
  const out = path.join(dir, 'incremental', 'out');
  const cache = path.join(dir, 'incremental', 'cache');
  const source = path.join(dir, 'incremental-source.bin');
  await writeFile(source, 'pdf bytes');
  const site = (marker: string) => [...files(marker), { path: 'same.html', contents: 'unchanged' }, { path: 'pdfs/a.pdf', copyFrom: source }];
  assert.deepEqual(await writeSite(out, site('first'), [], cache), { written: 4, kept: 0 });
  const inode = async (file: string) => (await stat(path.join(out, file))).ino;
  const before = { same: await inode('same.html'), pdf: await inode('pdfs/a.pdf'), index: await inode('index.html') };

  assert.deepEqual(await writeSite(out, site('second'), [], cache), { written: 2, kept: 2 }, 'the two changed pages are written');
  assert.equal(await inode('same.html'), before.same, 'the same file, linked');
  assert.equal(await inode('pdfs/a.pdf'), before.pdf);
  assert.notEqual(await inode('index.html'), before.index);
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');

  await writeFile(path.join(out, 'same.html'), 'edited by hand');
  await writeFile(source, 'new pdf bytes!');
  assert.deepEqual(await writeSite(out, site('second'), [], cache), { written: 2, kept: 2 }, 'the hand-edited page and the changed asset are written again');
  assert.equal(await readFile(path.join(out, 'same.html'), 'utf8'), 'unchanged');
  assert.equal(await readFile(path.join(out, 'pdfs/a.pdf'), 'utf8'), 'new pdf bytes!');
});

test("the preview's update rewrites only changed files in place, and removes files the site no longer has", async () => {
  const out = path.join(dir, 'update', 'out');
  const cache = path.join(dir, 'update', 'cache');
  const site = (marker: string, extra: { path: string; contents: string }[] = []) => [...files(marker), { path: 'same.html', contents: 'unchanged' }, ...extra];
  assert.deepEqual(await updateSite(out, site('first', [{ path: 'insights/gone/index.html', contents: 'soon gone' }]), [], cache), { written: ['index.html', 'insights/a/index.html', 'same.html', 'insights/gone/index.html'] }, 'no out/ yet: everything is written');
  const inode = async (file: string) => (await stat(path.join(out, file))).ino;
  const same = await inode('same.html');
  assert.deepEqual(await updateSite(out, site('second'), [], cache), { written: ['index.html', 'insights/a/index.html'] });
  assert.equal(await inode('same.html'), same, 'an unchanged file is not touched');
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');
  assert.deepEqual((await readdir(path.join(out, 'insights'))).sort(), ['a'], 'a page gone from the site is removed, with its folder');
  await writeFile(path.join(out, 'same.html'), 'edited by hand');
  assert.deepEqual(await updateSite(out, site('second'), [], cache), { written: ['same.html'] }, 'a file changed in out/ is put back');
  assert.deepEqual((await readdir(out)).sort(), ['index.html', 'insights', 'same.html'], 'no temporary file is left');
});

test("the preview's update keeps its record in memory, stored in the cache only when asked; an older stored record is still safe", async () => {
  const out = path.join(dir, 'memory', 'out');
  const cache = path.join(dir, 'memory', 'cache');
  const memory = new WriteMemory();
  await updateSite(out, files('first'), [], cache, memory);
  assert.deepEqual(await updateSite(out, files('second'), [], cache, memory), { written: ['index.html', 'insights/a/index.html'] });
  assert.equal((await readWriteRecord(cache, out))['index.html']?.identity, contentDigest('<p>first</p>'), 'the update is not stored yet');
  // Another process, with the stored record of the first write: the files it describes have changed since, so they are written again.
  assert.deepEqual(await updateSite(out, files('first'), [], cache), { written: ['index.html', 'insights/a/index.html'] });
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>first</p>');

  const saved = new WriteMemory();
  await updateSite(out, files('third'), [], cache, saved);
  await saved.save(cache);
  assert.equal((await readWriteRecord(cache, out))['index.html']?.identity, contentDigest('<p>third</p>'), 'saved: the next process knows what out/ holds');
  assert.deepEqual(await updateSite(out, files('third'), [], cache), { written: [] });
});

test("the preview's update looks only at the files that are not the objects it was given last time", async () => {
  const out = path.join(dir, 'same-objects', 'out');
  const cache = path.join(dir, 'same-objects', 'cache');
  const memory = new WriteMemory();
  const reads: string[] = [];
  // A page's contents are rendered when read: this one counts its renders.
  const page = (file: string, html: string) => ({
    path: file,
    get contents() {
      reads.push(file);
      return html;
    },
  });
  const home = page('index.html', '<p>home</p>');
  const article = page('insights/a/index.html', '<p>a</p>');
  const list = [home, article, { path: 'feed.xml', contents: '<feed/>' }];
  await updateSite(out, list, [], cache, memory);
  reads.length = 0;
  const edited = page('insights/a/index.html', '<p>a, edited</p>');
  assert.deepEqual(await updateSite(out, [home, edited, list[2] as OutputFile], [], cache, memory), { written: ['insights/a/index.html'] });
  assert.deepEqual(reads, ['insights/a/index.html', 'insights/a/index.html'], 'the new page is hashed and written; the others are not even read');
  assert.equal(await readFile(path.join(out, 'insights/a/index.html'), 'utf8'), '<p>a, edited</p>');
  const same = page('insights/a/index.html', '<p>a, edited</p>');
  assert.deepEqual(await updateSite(out, [home, same, list[2] as OutputFile], [], cache, memory), { written: [] }, 'a new object with the same contents is not written');
  assert.deepEqual(await updateSite(out, [home, same], [], cache, memory), { written: [] }, 'a file gone');
  assert.deepEqual((await readdir(out)).sort(), ['index.html', 'insights'], 'is removed');
  await memory.save(cache);
  assert.deepEqual(Object.keys(await readWriteRecord(cache, out)).sort(), ['index.html', 'insights/a/index.html'], 'the stored record describes out/ as it is');
});
