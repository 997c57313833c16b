/**
 * The build cache (build/store/): an entry reads back as it was stored, and
 * one that is damaged, cut short, emptied or of another format reads as
 * missing, never as wrong bytes; keys keep their parts apart; the
 * generator's version changes with anything that could change its output.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { CacheStore, entryKey } from '../../../build/store/index.ts';
import { generatorVersion } from '../../../build/store/generator.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

const folders: string[] = [];
async function freshFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'store-test-'));
  folders.push(folder);
  return folder;
}
after(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const KEY = entryKey('test', 'entry');
const PAYLOAD = Buffer.from('A processed body, with text in more than one script: é, 漢字, 🩺.');

test('an entry reads back as it was stored, bytes or JSON; a key never stored reads as missing', async () => {
  const store = new CacheStore(await freshFolder());
  store.put('markdown', KEY, PAYLOAD);
  assert.deepEqual(store.get('markdown', KEY), PAYLOAD);
  store.putJson('pdf', KEY, { title: 'Low back pain', pages: 2 });
  assert.deepEqual(store.getJson('pdf', KEY), { title: 'Low back pain', pages: 2 });
  assert.equal(store.get('card', KEY), undefined, 'kinds are apart');
  assert.equal(store.get('markdown', entryKey('never stored')), undefined);
  store.put('image', KEY, new Uint8Array());
  assert.deepEqual(store.get('image', KEY), Buffer.alloc(0), 'an empty payload is an entry too');
});

test('an entry stored again under its key replaces the old one, and another store on the same folder reads it', async () => {
  const folder = await freshFolder();
  new CacheStore(folder).put('card', KEY, Buffer.from('first'));
  new CacheStore(folder).put('card', KEY, Buffer.from('second'));
  assert.deepEqual(new CacheStore(folder).get('card', KEY), Buffer.from('second'));
  assert.deepEqual(await readdir(path.join(folder, 'card')), [KEY], 'no temporary file is left beside it');
});

/** Ways an entry's file can be damaged on disk: a crash mid-write, a full disk, a flipped bit, an older generator's file. */
const DAMAGES: [string, (file: string) => Promise<void>][] = [
  ['cut short', async (file) => truncate(file, (await readFile(file)).length - 5)],
  ['cut inside its header', (file) => truncate(file, 7)],
  ['emptied', (file) => truncate(file, 0)],
  ['zeroed', async (file) => writeFile(file, Buffer.alloc((await readFile(file)).length))],
  ['with a bit flipped in its payload', async (file) => flip(file, -3)],
  ['with a bit flipped in its length', async (file) => flip(file, 7)],
  ['with a bit flipped in its checksum', async (file) => flip(file, 10)],
  ['of another format', async (file) => writeFile(file, Buffer.concat([Buffer.from('PSC0'), (await readFile(file)).subarray(4)]))],
  ['written by an older generator as plain JSON', (file) => writeFile(file, JSON.stringify({ html: '<p>stale</p>' }))],
  ['grown by a byte', async (file) => writeFile(file, Buffer.concat([await readFile(file), Buffer.from([0])]))],
];

async function flip(file: string, at: number): Promise<void> {
  const bytes = await readFile(file);
  const place = at < 0 ? bytes.length + at : at;
  bytes[place] = (bytes[place] ?? 0) ^ 0x10;
  await writeFile(file, bytes);
}

for (const [what, damage] of DAMAGES) {
  test(`an entry ${what} reads as missing, and is stored again whole`, async () => {
    const folder = await freshFolder();
    const store = new CacheStore(folder);
    store.putJson('markdown', KEY, { html: '<p>fresh</p>' });
    await damage(path.join(folder, 'markdown', KEY));
    assert.equal(store.get('markdown', KEY), undefined);
    assert.equal(store.getJson('markdown', KEY), undefined);
    store.putJson('markdown', KEY, { html: '<p>fresh</p>' });
    assert.deepEqual(store.getJson('markdown', KEY), { html: '<p>fresh</p>' });
  });
}

test('an intact entry that is not JSON reads as missing JSON', async () => {
  const store = new CacheStore(await freshFolder());
  store.put('pdf', KEY, Buffer.from('{"title": "cut'));
  assert.equal(store.getJson('pdf', KEY), undefined);
});

test('a cache folder that does not exist yet is made with its first entry; one deleted between builds is made again', async () => {
  const folder = path.join(await freshFolder(), 'not', 'yet');
  new CacheStore(folder).put('image', KEY, PAYLOAD);
  assert.deepEqual(new CacheStore(folder).get('image', KEY), PAYLOAD);
  await rm(folder, { recursive: true });
  const next = new CacheStore(folder);
  assert.equal(next.get('image', KEY), undefined);
  next.put('image', KEY, PAYLOAD);
  assert.deepEqual(next.get('image', KEY), PAYLOAD);
});

test('keys keep their parts apart, and the same parts give the same key', () => {
  assert.notEqual(entryKey('ab', 'c'), entryKey('a', 'bc'));
  assert.notEqual(entryKey('a', ''), entryKey('a'));
  assert.notEqual(entryKey('1:a'), entryKey('a'));
  assert.equal(entryKey('a', 'b'), entryKey('a', 'b'));
  assert.match(entryKey('a'), /^[0-9a-f]{64}$/, 'a key is a safe file name');
});

test("the generator's version changes with any file of the generator, its templates, its locked libraries or its compiler settings", async () => {
  const root = await freshFolder();
  const files = { 'build/stage.ts': 'export const a = 1;\n', 'build/deep/plugin.ts': 'export const c = 3;\n', 'templates/Page.tsx': 'export const b = 2;\n', 'package-lock.json': '{"lockfileVersion":3}\n', 'tsconfig.json': '{"compilerOptions":{}}\n' };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const versions = [await generatorVersion(root)];
  for (const file of Object.keys(files)) {
    await writeFile(path.join(root, file), `${files[file as keyof typeof files]}// changed\n`);
    versions.push(await generatorVersion(root));
  }
  await writeFile(path.join(root, 'build/new.ts'), 'export {};\n');
  versions.push(await generatorVersion(root));
  assert.equal(new Set(versions).size, versions.length, 'each change, and a new file, gives a new version');
  assert.equal(await generatorVersion(root), versions.at(-1), 'and the same files give the same version');
  await writeFile(path.join(root, 'README.md'), 'Notes.\n');
  await mkdir(path.join(root, 'content'), { recursive: true });
  await writeFile(path.join(root, 'content/site.md'), '---\n---\n');
  assert.equal(await generatorVersion(root), versions.at(-1), 'content and notes are not the generator');
  assert.equal(await generatorVersion(), await generatorVersion(PROJECT_ROOT), "by default, this project's own version");
});
