/**
 * A whole build over a damaged cache: whatever happened to the entries of
 * .cache/ (a crash mid-write, a full disk, a flipped bit), the next build
 * makes them again and writes the very same out/ as a build from no cache
 * at all, with no error.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { planSite } from '../../../build/pipeline.ts';
import { writePlan } from '../../../build/produce/index.ts';
import { CacheStore, type EntryKind } from '../../../build/store/index.ts';
import { MARKER_FILE } from '../../../build/write/index.ts';
import { article, makeSite, samplePdf } from '../../helpers/sites.ts';

const KINDS: readonly EntryKind[] = ['markdown', 'card', 'image', 'pdf', 'page-record', 'site-check', 'image-facts', 'bundle'];

let site: Awaited<ReturnType<typeof makeSite>>;
let scratch: string;
before(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'damaged-cache-'));
  const chart = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 30, g: 90, b: 120 } } }).png().toBuffer();
  site = await makeSite({
    'assets/img/chart.png': chart,
    'assets/pdfs/exercises.pdf': await samplePdf('Knee exercises', 2),
    'content/insights/a.md': article({ title: 'Knee Pain at Night', date: '2025-01-01' }, 'Intro with a [handout](/pdfs/exercises.pdf).\n\n![A chart](/img/chart.png)\n\n- a list\n- of points'),
    'content/insights/b.md': article({ title: 'Part D in 2026', date: '2025-06-01' }, '## Costs\n\n| Plan | Cap |\n|---|---:|\n| D | $2,100 |'),
  });
});
after(async () => {
  await site.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

let builds = 0;
/** Builds the site into a new out/ with this cache, as `npm run build` does, and reads every file of it but the marker. */
async function buildWith(cacheDir: string): Promise<Map<string, Buffer>> {
  const outDir = path.join(scratch, `out-${++builds}`);
  const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir, year: 2026, today: '2026-01-15' });
  await writePlan(plan, { outDir, protectedDirs: [site.contentDir, site.assetsDir] });
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && entry.name !== MARKER_FILE);
  const read = await Promise.all(files.map(async (entry) => [path.relative(outDir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name))] as const));
  return new Map(read.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A small PRNG (mulberry32), so that the damage done is the same on every run and a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** An entry's place in its pack, as the store lists it. */
type Place = { file: string; offset: number; size: number };

/** Ways an entry is damaged in its pack: cut short there (with all after it), zeroed, or one of its bytes changed. */
const DAMAGES: Record<string, (at: Place, random: () => number) => Promise<void>> = {
  truncated: (at, random) => truncate(at.file, at.offset + Math.floor(random() * at.size)),
  zeroed: async (at) => {
    const bytes = await readFile(at.file);
    // An entry another damage cut short is zeroed as far as it goes.
    bytes.fill(0, Math.min(at.offset, bytes.length), Math.min(at.offset + at.size, bytes.length));
    await writeFile(at.file, bytes);
  },
  'byte flipped': async (at, random) => {
    const bytes = await readFile(at.file);
    const place = at.offset + Math.floor(random() * at.size);
    if (place < bytes.length) bytes[place] = (bytes[place] ?? 0) ^ (1 + Math.floor(random() * 255));
    await writeFile(at.file, bytes);
  },
};

/** The cache's entries of a kind, in a fixed order. */
function entriesOf(cacheDir: string, kind: EntryKind): (Place & { key: string })[] {
  return new CacheStore(cacheDir)
    .entries()
    .filter((entry) => entry.kind === kind)
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

function assertSameSite(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  assert.deepEqual([...actual.keys()], [...expected.keys()]);
  const differing = [...expected].filter(([file, bytes]) => !bytes.equals(actual.get(file) ?? Buffer.alloc(0))).map(([file]) => file);
  assert.deepEqual(differing, [], 'files that differ from the clean build');
}

test('a build over damaged cache entries of every kind writes the same out/ as a clean build, with no error', async () => {
  const cacheDir = path.join(scratch, 'cache');
  const clean = await buildWith(cacheDir);
  assert.ok([...clean.keys()].some((file) => /^og\/.+\.png$/.test(file)) && [...clean.keys()].some((file) => file.endsWith('.avif')), 'the site has cards and image copies');
  for (const seed of [1, 2, 3]) {
    const random = seeded(seed);
    const damaged: string[] = [];
    const chosen: { entry: Place; damage: (typeof DAMAGES)[string] }[] = [];
    for (const kind of KINDS) {
      const entries = entriesOf(cacheDir, kind);
      assert.ok(entries.length > 0, `the build keeps ${kind} entries`);
      // Every kind gets every damage; the entries damaged and where are drawn from the seed.
      for (const [index, [how, damage]] of Object.entries(DAMAGES).entries()) {
        const entry = entries[Math.floor(random() * entries.length)] as Place & { key: string };
        chosen.push({ entry, damage });
        damaged.push(`${kind}/${entry.key.slice(0, 8)} ${how} (${index})`);
      }
    }
    // From the end of each pack back: an entry cut short takes those after it in its pack with it.
    chosen.sort((a, b) => (a.entry.file === b.entry.file ? b.entry.offset - a.entry.offset : a.entry.file < b.entry.file ? -1 : 1));
    for (const { entry, damage } of chosen) await damage(entry, random);
    assertSameSite(await buildWith(cacheDir), clean);
    const store = new CacheStore(cacheDir);
    for (const { kind, key } of store.entries()) assert.ok(store.get(kind, key) !== undefined, `${kind}/${key} was made again whole (seed ${seed}: ${damaged.join(', ')})`);
  }
});

test('a build with every entry of the cache damaged at once writes the same out/ as a clean build', async () => {
  const cacheDir = path.join(scratch, 'cache-all');
  const clean = await buildWith(cacheDir);
  const random = seeded(42);
  const hows = Object.values(DAMAGES);
  let count = 0;
  // Every entry but those a pack cut short took with it: from the end of each pack back, so that places stay right.
  const entries = new CacheStore(cacheDir).entries().sort((a, b) => (a.file === b.file ? b.offset - a.offset : a.file < b.file ? -1 : 1));
  for (const entry of entries) await (hows[count++ % hows.length] as (typeof hows)[number])(entry, random);
  assertSameSite(await buildWith(cacheDir), clean);
});
