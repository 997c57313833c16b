/**
 * Which output folder a build may replace, and what it leaves beside it: a
 * folder it did not make, or one of its own holding a file put there by
 * hand, is refused and left untouched; the out/ of the generator before the
 * marker is replaced only as that generator left it; the staging folders of
 * killed builds are removed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { UsageError } from '../../../build/diagnostics/index.ts';
import { MARKER_FILE, updateSite } from '../../../build/write/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { contentsOf, made, names, site, write } from '../../helpers/write-site.ts';

const dir = await temporaryFolder('write-folder-test');

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

test('a folder with the marker that holds a file put there by hand is refused in one line naming the file, and nothing in it is touched', async () => {
  const out = path.join(dir, 'hand', 'out');
  await write(out, site('first'));
  await mkdir(path.join(out, '.well-known'));
  await writeFile(path.join(out, 'google1234.html'), 'google-site-verification: google1234.html');
  await writeFile(path.join(out, '.well-known', 'security.txt'), 'Contact: mailto:office@example.com');
  const before = await contentsOf(out);
  const failure = await write(out, site('second')).then(() => assert.fail('the write should be refused'), (error: unknown) => error);
  assert.ok(failure instanceof UsageError);
  assert.doesNotMatch(failure.message, /\n/, 'one line');
  assert.ok(failure.message.includes(path.join(out, 'google1234.html')) && failure.message.includes(path.join(out, '.well-known', 'security.txt')), 'it names each file');
  assert.match(failure.message, /move them out of/, 'and says what to do');
  assert.match(failure.message, /a file the site should publish goes in the assets folder/, 'and where a file to publish belongs');
  assert.deepEqual(await contentsOf(out), before, 'both files, and the site, are as they were');
  await writeFile(path.join(out, '.DS_Store'), 'made by a file browser');
  await rm(path.join(out, 'google1234.html'));
  await rm(path.join(out, '.well-known'), { recursive: true });
  await write(out, site('second'));
  assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<p>second</p>', "once they are moved, it builds; a file browser's own file does not stop it");
});

test('a folder with the marker is replaced, and one whose marker is damaged, which cannot say what the build made, too', async () => {
  const out = path.join(dir, 'marked', 'out');
  await write(out, site('first'));
  await write(out, site('second'));
  assert.deepEqual(await names(out), [MARKER_FILE, 'index.html', 'insights']);
  await writeFile(path.join(out, MARKER_FILE), '{"builtBy": "physician-site", "files": ');
  await writeFile(path.join(out, 'left-by-hand.txt'), 'x');
  made.length = 0;
  await write(out, site('second'));
  assert.deepEqual(made.sort(), ['index.html', 'insights/a/index.html'], 'a damaged marker means every file is made again');
});

test("a folder whose marker is not this generator's (empty, other JSON, other text) is refused like one with none, and nothing in it is lost", async () => {
  for (const [name, marker] of [['empty', ''], ['other-json', '{}'], ['other-text', 'garbage']] as const) {
    const out = path.join(dir, 'foreign-marker', name);
    await mkdir(path.join(out, '.git'), { recursive: true });
    await writeFile(path.join(out, MARKER_FILE), marker);
    await writeFile(path.join(out, 'important-notes.txt'), 'my notes');
    await writeFile(path.join(out, '.git', 'HEAD'), 'ref');
    const before = await contentsOf(out);
    const failure = await write(out, site('first')).then(() => assert.fail(`a folder with a marker "${marker}" should be refused`), (error: unknown) => error);
    assert.ok(failure instanceof UsageError);
    assert.match(failure.message, new RegExp(`holds files this build did not make \\(its \\${MARKER_FILE} is not this generator's\\)`));
    assert.deepEqual(await contentsOf(out), before, `${name}: every file is as it was`);
  }
  const alone = path.join(dir, 'foreign-marker', 'alone');
  await mkdir(alone, { recursive: true });
  await writeFile(path.join(alone, MARKER_FILE), '{}');
  await write(alone, site('first'));
  assert.equal(await readFile(path.join(alone, 'index.html'), 'utf8'), '<p>first</p>', 'a folder holding that file alone loses nothing, and is built');
});

test('an output folder that is a link is written through: the link stays and leads to the new site; a link to nothing, or into the content, is refused', async () => {
  const served = path.join(dir, 'served');
  await mkdir(served);
  const out = path.join(dir, 'linked-out');
  await symlink(served, out);
  for (const text of ['first', 'second']) {
    await write(out, site(text));
    assert.ok((await lstat(out)).isSymbolicLink(), 'out/ is still the link');
    assert.equal(await readFile(path.join(served, 'index.html'), 'utf8'), `<p>${text}</p>`, 'the folder it leads to holds the site');
  }
  const dangling = path.join(dir, 'dangling-out');
  await symlink(path.join(dir, 'nowhere'), dangling);
  await assert.rejects(write(dangling, site('x')), (error: unknown) => error instanceof UsageError && /is a link to .*nowhere, which cannot be reached/.test(error.message));
  const content = path.join(dir, 'linked-site', 'content');
  await mkdir(content, { recursive: true });
  await symlink(content, path.join(dir, 'linked-site', 'out'));
  await assert.rejects(write(path.join(dir, 'linked-site', 'out'), site('x'), { protectedDirs: [content] }), UsageError);
  assert.deepEqual(await readdir(content), [], 'the content is untouched');
});

test('an output folder reached through a linked parent is refused by where it leads, into the content or holding it, as is content reached through one', async () => {
  const content = path.join(dir, 'parent-link', 'site', 'content');
  await mkdir(content, { recursive: true });
  const link = path.join(dir, 'parent-link', 'to-site');
  await symlink(path.dirname(content), link);
  for (const out of [path.join(link, 'content', 'out'), path.join(link, 'content'), link]) {
    await assert.rejects(write(out, site('x'), { protectedDirs: [content] }), UsageError, out);
    await assert.rejects(updateSite({ outDir: out, outputs: site('x'), protectedDirs: [content], record: new Map() }), UsageError, `the preview's update: ${out}`);
  }
  await assert.rejects(write(path.join(content, 'out'), site('x'), { protectedDirs: [path.join(link, 'content')] }), UsageError);
  assert.deepEqual(await readdir(path.dirname(content)), ['content'], 'nothing is written beside the content');
  assert.deepEqual(await readdir(content), [], 'or in it');
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
