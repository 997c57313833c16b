/**
 * The write stage, the only code that changes out/: a build is written into
 * a staging folder and takes out/'s place only whole; a folder it did not
 * make is never replaced; what killed builds leave is cleaned up; a file
 * out/ already holds under its key is kept; and the preview's update in
 * place writes only what changed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { ContentErrors, problem, UsageError } from '../../../build/diagnostics/index.ts';
import type { Output } from '../../../build/output.ts';
import { MARKER_FILE, readMarker, updateSite, writeSite, type WriteRequest } from '../../../build/write/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';

const dir = await temporaryFolder('write-test');

/** Files made under each name, counted: a file kept from out/ is never made. */
const made: string[] = [];

/** A file of the site whose key is its contents, as a real key names its bytes. */
function file(filePath: string, contents: string | Uint8Array, key = `key of ${Buffer.from(contents).toString('hex')}`): Output {
  return {
    path: filePath,
    key,
    contents: () => {
      made.push(filePath);
      return Promise.resolve(contents);
    },
  };
}

const site = (marker: string): Output[] => [file('index.html', `<p>${marker}</p>`), file('insights/a/index.html', marker)];

async function write(outDir: string, outputs: readonly Output[], more: Partial<WriteRequest> = {}) {
  return writeSite({ outDir, outputs, protectedDirs: [], ...more });
}

/** The names in a folder, sorted. */
const names = async (folder: string) => (await readdir(folder)).sort();

/** Every file under a folder with its contents, sorted by path. */
async function contentsOf(folder: string): Promise<[string, string][]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  return Promise.all(files.sort().map(async (name): Promise<[string, string]> => [name, await readFile(path.join(folder, name), 'utf8')]));
}

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
  const broken = (name: string): Output => ({ path: `img/${name}.320w.avif`, key: name, contents: () => Promise.reject(new ContentErrors([problem('invalidImage', { file: `assets/img/${name}.png` }, { reason: 'bad' })])) });
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

test('an output folder that overlaps the content or assets is refused', async () => {
  const content = path.join(dir, 'site', 'content');
  await mkdir(content, { recursive: true });
  for (const out of [content, path.join(content, 'out'), path.join(dir, 'site')]) {
    await assert.rejects(write(out, site('x'), { protectedDirs: [content] }), UsageError, out);
  }
});

test('a folder with files this build did not make is refused in one line that names it and what to do, and nothing in it is touched', async () => {
  const out = path.join(dir, 'X');
  await mkdir(path.join(out, 'src'), { recursive: true });
  await writeFile(path.join(out, 'index.html'), 'hi\n');
  await writeFile(path.join(out, 'notes.txt'), 'notes\n');
  const before = await contentsOf(out);
  const failure = await write(out, site('x')).then(() => assert.fail('the write should be refused'), (error: unknown) => error);
  assert.ok(failure instanceof UsageError);
  assert.doesNotMatch(failure.message, /\n/, 'one line');
  assert.ok(failure.message.includes(out), 'it names the folder');
  assert.match(failure.message, /choose an empty or new folder with --out/, 'and says what to do');
  assert.deepEqual(await contentsOf(out), before, 'notes.txt and index.html are as they were');
  assert.deepEqual(await names(out), ['index.html', 'notes.txt', 'src'], 'src/ remains');
  assert.deepEqual(await names(dir).then((all) => all.filter((name) => name.startsWith('.X.'))), [], 'no staging folder is left beside it');
});

test("the preview's update refuses such a folder too", async () => {
  const out = path.join(dir, 'Y');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'notes.txt'), 'notes\n');
  await assert.rejects(updateSite({ outDir: out, outputs: site('x'), protectedDirs: [], record: new Map() }), UsageError);
  assert.deepEqual(await names(out), ['notes.txt']);
});

/** An out/ as the generator before the marker left it, and its record of that write: each file's size and time as written. */
async function earlierOut(name: string): Promise<{ out: string; earlier: Map<string, string> }> {
  const out = path.join(dir, name);
  const earlier = new Map<string, string>();
  for (const [file, contents] of Object.entries({ 'index.html': '<p>old</p>', 'insights/old/index.html': 'old', 'og/old.png': 'png' })) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), contents);
    earlier.set(file, await stat(path.join(out, file)).then((info) => `${info.size}:${info.mtimeMs}`));
  }
  return { out, earlier };
}

test('the out/ the generator before the marker made is replaced when its record shows every file as that generator wrote it', async () => {
  const { out, earlier } = await earlierOut('earlier');
  await write(out, site('new'), { earlier: () => earlier });
  assert.deepEqual([...(await names(out)), ...(await names(path.join(out, 'insights')))], [MARKER_FILE, 'index.html', 'insights', 'a']);
});

test('that out/ stays refused and untouched when anything in it is not in the record as written: a file added, a file edited, an empty folder', async () => {
  for (const [change, make] of Object.entries({
    'a file added': (out: string) => writeFile(path.join(out, 'insights/notes.txt'), 'mine'),
    'a file edited': (out: string) => writeFile(path.join(out, 'index.html'), '<p>edited by hand</p>'),
    'an empty folder added': (out: string) => mkdir(path.join(out, 'drafts')),
  })) {
    const { out, earlier } = await earlierOut(`earlier, ${change}`);
    await make(out);
    const before = [await contentsOf(out), (await readdir(out, { recursive: true })).sort()];
    await assert.rejects(write(out, site('new'), { earlier: () => earlier }), UsageError, change);
    assert.deepEqual([await contentsOf(out), (await readdir(out, { recursive: true })).sort()], before, change);
  }
});

test('an empty folder, a missing one and a missing parent are all fine', async () => {
  const empty = path.join(dir, 'empty');
  await mkdir(empty);
  await write(empty, site('x'));
  assert.equal(await readFile(path.join(empty, 'index.html'), 'utf8'), '<p>x</p>');
  const deep = path.join(dir, 'deep', 'er', 'out');
  await write(deep, site('x'));
  assert.equal(await readFile(path.join(deep, 'insights/a/index.html'), 'utf8'), 'x');
});

test('a folder with the marker is replaced, even when the marker is damaged', async () => {
  const out = path.join(dir, 'marked', 'out');
  await write(out, site('first'));
  await writeFile(path.join(out, 'left-by-hand.txt'), 'x');
  await write(out, site('second'));
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights']);
  await writeFile(path.join(out, MARKER_FILE), '{"builtBy": "physician-site", "files": ');
  made.length = 0;
  await write(out, site('second'));
  assert.deepEqual(made.sort(), ['index.html', 'insights/a/index.html'], 'a damaged marker means every file is made again');
});

test('an output path that is a file, or whose parent is a file, is a clear error', async () => {
  const plain = path.join(dir, 'plain-file');
  await writeFile(plain, 'x');
  await assert.rejects(write(plain, site('x')), (error: unknown) => error instanceof UsageError && /is a file, not a folder/.test(error.message));
  await assert.rejects(write(path.join(plain, 'out'), site('x')), (error: unknown) => error instanceof UsageError && /Cannot create the output folder/.test(error.message));
  assert.equal(await readFile(plain, 'utf8'), 'x');
});

test('a read-only parent folder is a clear error', { skip: process.getuid?.() === 0 ? 'root can write anywhere' : false }, async () => {
  const parent = path.join(dir, 'readonly');
  await mkdir(parent);
  await chmod(parent, 0o555);
  try {
    await assert.rejects(write(path.join(parent, 'out'), site('x')), UsageError);
  } finally {
    await chmod(parent, 0o755);
  }
});

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

test("the staging folders of killed builds are removed by the next build; a running build's are not", async () => {
  const parent = path.join(dir, 'leftovers');
  const out = path.join(parent, 'out');
  await write(out, site('first'));
  const dead = await deadPid();
  const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    const leftovers = [`.out.build-${dead}-1a2b3c4d`, `.out.old-${dead}-5e6f7a8b`];
    const running = `.out.build-${alive.pid}-9c0d1e2f`;
    const others = ['.other.build-1-aaaa', 'notes'];
    for (const name of [...leftovers, running, ...others]) {
      await mkdir(path.join(parent, name, 'insights'), { recursive: true });
      await writeFile(path.join(parent, name, 'index.html'), 'half a site');
    }
    await write(out, site('second'));
    assert.deepEqual(await names(parent), [...others, running, 'out'].sort());
  } finally {
    alive.kill();
  }
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

test("the preview's update writes only the files whose key changed, in place, and removes files the site no longer has", async () => {
  const out = path.join(dir, 'update', 'out');
  const pages = (home: string, extra: Output[] = []) => [file('index.html', `<p>${home}</p>`), file('insights/a/index.html', 'a'), file('same.html', 'unchanged'), ...extra];
  // The preview's first build is a whole write; it updates that out/ in place after.
  const { record } = await write(out, pages('first', [file('insights/gone/index.html', 'soon gone')]));
  const inode = async (name: string) => (await stat(path.join(out, name))).ino;
  const same = await inode('same.html');
  made.length = 0;
  assert.deepEqual((await updateSite({ outDir: out, outputs: pages('second'), protectedDirs: [], record })).written, ['index.html']);
  assert.deepEqual(made, ['index.html'], 'the unchanged files are not made');
  assert.equal(await inode('same.html'), same, 'nor touched');
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>');
  assert.deepEqual(await names(path.join(out, 'insights')), ['a'], 'a page gone from the site is removed, with its folder');
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights', 'same.html'], 'no temporary file is left');
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
