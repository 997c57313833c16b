/**
 * The build cache (build/store/): an entry reads back as it was stored, and
 * one that is damaged, cut short, emptied or of another format reads as
 * missing, never as wrong bytes; keys keep their parts apart; the
 * generator's version changes with anything that could change its output.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CacheStore, entryKey } from '../../../build/store/index.ts';
import { generatorVersion } from '../../../build/store/generator.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

const freshFolder = () => temporaryFolder('store-test');

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
  const store = new CacheStore(folder);
  store.put('card', KEY, Buffer.from('first'));
  store.put('card', KEY, Buffer.from('second'));
  assert.deepEqual(store.get('card', KEY), Buffer.from('second'));
  assert.deepEqual(new CacheStore(folder).get('card', KEY), Buffer.from('second'), 'the later of two entries in a pack is read');
  new CacheStore(folder).put('pdf', KEY, PAYLOAD);
  assert.deepEqual(new CacheStore(folder).get('pdf', KEY), PAYLOAD);
  assert.equal((await readdir(path.join(folder, 'packs'))).length, 2, 'each store writes a pack of its own: entries are not a file each');
});

test("a store reads what another thread's store wrote once it is told where, and never reads a half-written entry", async () => {
  const folder = await freshFolder();
  const reader = new CacheStore(folder);
  assert.equal(reader.get('markdown', KEY), undefined);
  const at = new CacheStore(folder).put('markdown', KEY, PAYLOAD);
  assert.equal(reader.get('markdown', KEY), undefined, 'its packs were read before the entry was written');
  reader.learn('markdown', KEY, at);
  assert.deepEqual(reader.get('markdown', KEY), PAYLOAD);
});

test('a pack cut short inside an entry keeps every entry before it, and the next store stores that one again whole', async () => {
  const folder = await freshFolder();
  const store = new CacheStore(folder);
  store.put('image', KEY, PAYLOAD);
  const second = entryKey('second');
  const at = store.put('image', second, PAYLOAD);
  await truncate(path.join(folder, 'packs', at.pack), at.offset + at.size - 4);
  const next = new CacheStore(folder);
  assert.deepEqual(next.get('image', KEY), PAYLOAD);
  assert.equal(next.get('image', second), undefined);
  next.put('image', second, PAYLOAD);
  assert.deepEqual(new CacheStore(folder).get('image', second), PAYLOAD);
});

/** Ways an entry can be damaged in its pack: a crash mid-write, a full disk, a flipped bit, another format. */
const DAMAGES: [string, (file: string, at: { offset: number; size: number }) => Promise<void>][] = [
  ['cut short', (file, at) => truncate(file, at.offset + at.size - 5)],
  ['cut inside its header', (file, at) => truncate(file, at.offset + 7)],
  ['emptied', (file) => truncate(file, 0)],
  ['zeroed', async (file, at) => patch(file, at.offset, Buffer.alloc(at.size))],
  ['with a bit flipped in its payload', (file, at) => flip(file, at.offset + at.size - 3)],
  ['with a bit flipped in its key', (file, at) => flip(file, at.offset + 20)],
  ['with a bit flipped in its length', (file, at) => flip(file, at.offset + 10)],
  ['with a bit flipped in its checksum', (file, at) => flip(file, at.offset + 14)],
  ['of another format', (file, at) => patch(file, at.offset, Buffer.from('PSC1'))],
  ['replaced by an older generator\'s plain JSON', (file) => writeFile(file, JSON.stringify({ html: '<p>stale</p>' }))],
];

async function patch(file: string, at: number, bytes: Buffer): Promise<void> {
  const all = await readFile(file);
  bytes.copy(all, at);
  await writeFile(file, all);
}

async function flip(file: string, at: number): Promise<void> {
  const bytes = await readFile(file);
  bytes[at] = (bytes[at] ?? 0) ^ 0x10;
  await writeFile(file, bytes);
}

for (const [what, damage] of DAMAGES) {
  test(`an entry ${what} reads as missing, and is stored again whole`, async () => {
    const folder = await freshFolder();
    const store = new CacheStore(folder);
    const at = store.putJson('markdown', KEY, { html: '<p>fresh</p>' });
    await damage(path.join(folder, 'packs', at.pack), at);
    for (const reader of [store, new CacheStore(folder)]) {
      assert.equal(reader.get('markdown', KEY), undefined);
      assert.equal(reader.getJson('markdown', KEY), undefined);
    }
    store.putJson('markdown', KEY, { html: '<p>fresh</p>' });
    assert.deepEqual(store.getJson('markdown', KEY), { html: '<p>fresh</p>' });
    assert.deepEqual(new CacheStore(folder).getJson('markdown', KEY), { html: '<p>fresh</p>' });
  });
}

test('a build deletes the packs it read nothing from and wrote nothing to, but none made since it began', async () => {
  const folder = await freshFolder();
  new CacheStore(folder).put('card', KEY, PAYLOAD);
  new CacheStore(folder).put('card', entryKey('unused'), PAYLOAD);
  await sleep(100);
  const began = Date.now();
  const build = new CacheStore(folder);
  assert.deepEqual(build.get('card', KEY), PAYLOAD);
  build.put('image', KEY, PAYLOAD);
  const packsBefore = await readdir(path.join(folder, 'packs'));
  const meanwhile = new CacheStore(folder);
  meanwhile.put('pdf', KEY, PAYLOAD);
  const [meanwhilePack = ''] = (await readdir(path.join(folder, 'packs'))).filter((name) => !packsBefore.includes(name));
  // As a file system with a coarse clock dates a file made just after the build began: a few milliseconds before it.
  const dated = (began - 5) / 1000;
  await utimes(path.join(folder, 'packs', meanwhilePack), dated, dated);
  build.prune();
  const after = new CacheStore(folder);
  assert.deepEqual(after.get('card', KEY), PAYLOAD, 'the pack it read from stays');
  assert.deepEqual(after.get('image', KEY), PAYLOAD, 'its own pack stays');
  assert.deepEqual(after.get('pdf', KEY), PAYLOAD, 'a pack another build is writing stays');
  assert.equal(after.get('card', entryKey('unused')), undefined, 'a pack nothing used is gone');
  assert.equal((await readdir(path.join(folder, 'packs'))).length, 3);
});

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
  assert.match(entryKey('a'), /^[0-9a-f]{64}$/);
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
  await writeFile(path.join(root, 'build/README.md'), 'How the stages fit.\n');
  await mkdir(path.join(root, 'content'), { recursive: true });
  await writeFile(path.join(root, 'content/site.md'), '---\n---\n');
  assert.equal(await generatorVersion(root), versions.at(-1), 'content and documents, its own included, are not the generator');
  assert.equal(await generatorVersion(), await generatorVersion(PROJECT_ROOT), "by default, this project's own version");
});

test('a build removes the cache folders of the layout before packs, but no folder holding anything it did not make', async () => {
  const folder = await freshFolder();
  const old = { builds: [`${entryKey('b')}.json`], checks: ['pages.json'], og: [`${entryKey('c')}.png`, `${entryKey('d')}.png.0a1b2c3d.tmp`], images: [`${entryKey('e')}.avif`, `${entryKey('e')}.webp`] };
  for (const [name, files] of Object.entries(old)) {
    await mkdir(path.join(folder, name));
    for (const file of files) await writeFile(path.join(folder, name, file), PAYLOAD);
  }
  await writeFile(path.join(folder, 'pdf-facts.json'), JSON.stringify({ [entryKey('f')]: { pages: 2, title: 'Low back pain' } }));
  const users = path.join(folder, 'markdown');
  await mkdir(users);
  await writeFile(path.join(users, `${entryKey('g')}.json`), PAYLOAD);
  await writeFile(path.join(users, 'notes.md'), 'a file of the user’s');
  await mkdir(path.join(folder, 'writes'));
  const store = new CacheStore(folder);
  store.put('card', KEY, PAYLOAD);
  store.prune();
  assert.deepEqual((await readdir(folder)).sort(), ['markdown', 'packs', 'writes'], 'an empty folder was not made by the generator either');
  assert.deepEqual((await readdir(users)).sort(), [`${entryKey('g')}.json`, 'notes.md'], 'a folder with a file of another name is left whole');
  assert.deepEqual(new CacheStore(folder).get('card', KEY), PAYLOAD, 'the packs stay');
});

test('a build leaves a pdf-facts.json that is not the old handouts’ facts', async () => {
  for (const contents of ['{"title": "my notes"}', 'not JSON', '[1, 2]']) {
    const folder = await freshFolder();
    await writeFile(path.join(folder, 'pdf-facts.json'), contents);
    new CacheStore(folder).prune();
    assert.equal(await readFile(path.join(folder, 'pdf-facts.json'), 'utf8'), contents);
  }
});

test('a build leaves a linked folder of the old layout’s name, and what it links to', async (context) => {
  if (process.platform === 'win32') return context.skip('links to folders need privileges on Windows');
  const folder = await freshFolder();
  const elsewhere = await freshFolder();
  const entry = `${entryKey('g')}.png`;
  await writeFile(path.join(elsewhere, entry), PAYLOAD);
  await symlink(elsewhere, path.join(folder, 'og'));
  new CacheStore(folder).prune();
  assert.deepEqual(await readdir(elsewhere), [entry]);
  assert.deepEqual(await readdir(folder), ['og']);
});

test("the record the generator before packs kept of its last write into a folder is read by the folder's path, and nothing else passes for it", async () => {
  const folder = await freshFolder();
  const outDir = path.join(folder, 'site-out');
  await mkdir(path.join(folder, 'writes'));
  const recordFile = path.join(folder, 'writes', `${entryKey(path.resolve(outDir))}.json`);
  await writeFile(recordFile, JSON.stringify({ 'index.html': { identity: 'a1', stamp: '120:1761955200000.5' }, 'og/a.png': { identity: 'copy:x', stamp: '9:1761955200001' } }));
  const store = new CacheStore(folder);
  assert.deepEqual(store.oldWriteRecord(path.relative(process.cwd(), outDir)), new Map([['index.html', '120:1761955200000.5'], ['og/a.png', '9:1761955200001']]));
  assert.equal(store.oldWriteRecord(path.join(folder, 'another-out')), undefined, 'another folder has no record');
  for (const contents of ['not JSON', '[]', '{"index.html": {"identity": "a1"}}', '{"index.html": null}']) {
    await writeFile(recordFile, contents);
    assert.equal(store.oldWriteRecord(outDir), undefined, contents);
  }
});

test('what is made under a key is stored, and read back thereafter by any store of the folder, not made again', async () => {
  const folder = await freshFolder();
  let made = 0;
  const make = () => {
    made += 1;
    return Promise.resolve(new TextEncoder().encode(`made ${made}`));
  };
  const key = entryKey('card', 'a title');
  assert.equal(Buffer.from(await new CacheStore(folder).getOrMake('card', key, make)).toString(), 'made 1');
  assert.equal(Buffer.from(await new CacheStore(folder).getOrMake('card', key, make)).toString(), 'made 1');
  assert.equal(made, 1, 'made once');
});
