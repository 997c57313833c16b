/**
 * `npm run bench:choices`: times each speed choice the generator keeps
 * against the plain way it replaced, in one process, the two ways taken in
 * turn round after round, and prints the median of each and their ratio.
 * The figures in test/bench/README.md come from it.
 *
 *   npm run bench:choices -- [--count N] [--rounds N]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { watch as watchFolder, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fm from 'front-matter';
import { visit as unistVisit } from 'unist-util-visit';
import { CARD, CardPainter, loadCanvas, loadLogo } from '../../build/outputs/cards.ts';
import { loadSharp } from '../../build/outputs/sharp.ts';
import { parseMarkdown, processMarkdown } from '../../build/markdown/process.ts';
import { visit } from '../../build/markdown/visit.ts';
import { watchFolderTree } from '../../build/preview/watch.ts';
import { compiledModule } from '../../build/workers/compiled.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { ROOT } from './corpus-site.ts';
import { markdownWords } from '../../templates/messages/index.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '300' }, rounds: { type: 'string', default: '5' } } });
const ROUNDS = Number(values.rounds);
const work = mkdtempSync(path.join(tmpdir(), 'bench-choices-'));
execFileSync(process.execPath, [path.join(ROOT, '../shared/bench/make-corpus.mjs'), '--count', values.count ?? '300', '--out', path.join(work, 'corpus')], { stdio: 'ignore' });
const bodies = readdirSync(path.join(work, 'corpus')).map((file) => fm<unknown>(readFileSync(path.join(work, 'corpus', file), 'utf8')).body);
const SETTINGS = { words: markdownWords(), figures: new Map(), imageSizes: new Map() };
const PHOTO = path.join(ROOT, 'assets/images/social-default.png');

/** Runs `task` once and answers how long it took, in milliseconds. */
async function timed(task: () => unknown): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Times the kept way and the plain way in turn, and prints both medians and plain ÷ kept. */
async function compare(choice: string, kept: () => unknown, plain: () => unknown): Promise<void> {
  const times = { kept: [] as number[], plain: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    times.kept.push(await timed(kept));
    times.plain.push(await timed(plain));
  }
  const [k, p] = [median(times.kept), median(times.plain)];
  console.log(`| ${choice} | ${k.toFixed(1)} ms | ${p.toFixed(1)} ms | ${(p / k).toFixed(2)}× |`);
}

/** The markdown stage's walks over each tree: its own walker against unist-util-visit. */
async function walks(): Promise<void> {
  const trees = bodies.map((body) => parseMarkdown(body));
  const types = ['link', 'image', 'definition', 'text', 'html', 'heading'] as const;
  const walkAll = (walker: (tree: never, test: never, visitor: () => void) => void) => () => {
    for (const tree of trees) for (let pass = 0; pass < 10; pass++) walker(tree as never, types as never, () => undefined);
  };
  await compare(`ten walks of each of ${trees.length} trees: own walker vs unist-util-visit`, walkAll(visit), walkAll(unistVisit));
  const whole = await timed(() => bodies.forEach((body) => processMarkdown(body, '/insights/x/', SETTINGS)));
  console.log(`|   (for scale: processing the same ${bodies.length} bodies whole) | ${whole.toFixed(1)} ms | | |`);
}

/** The cards: one canvas painted again, encoded by sharp, against a canvas per card and the canvas's own PNG encoder. */
async function cards(): Promise<void> {
  const library = await loadCanvas();
  const logo = await loadLogo(path.join(ROOT, 'assets/images/logo.svg'), library);
  const sharp = await loadSharp();
  const painter = new CardPainter(logo, sharp, library);
  const titles = bodies.slice(0, 50).map((_, index) => ({ heading: 'PHYSICIAN’S INSIGHTS', title: `Health Note ${index} on Staying Well at Home`, author: 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida' }));
  const drawAll = (draw: (text: (typeof titles)[number]) => Promise<Buffer>) => async () => {
    for (const text of titles) await draw(text);
  };
  await compare(`${titles.length} cards: one canvas vs a new canvas each`, drawAll((text) => painter.draw(text)), drawAll((text) => new CardPainter(logo, sharp, library).draw(text)));
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const canvas = createCanvas(CARD.width, CARD.height);
  canvas.getContext('2d').drawImage(await loadImage(await painter.draw(titles[0] as (typeof titles)[number])), 0, 0);
  const raw = canvas.data();
  await compare(`${titles.length} card PNGs: sharp at zlib level 3 vs the canvas's encoder`, async () => {
    for (let card = 0; card < titles.length; card++) await sharp(raw, { raw: { ...CARD, channels: 4 } }).png({ compressionLevel: 3 }).toBuffer();
  }, async () => {
    for (let card = 0; card < titles.length; card++) await canvas.encode('png');
  });
}

/** Responsive images: AVIF at effort 3 against sharp's default of 4. */
async function images(): Promise<void> {
  const sharp = await loadSharp();
  const encodeAll = (effort: number) => () => Promise.all([480, 800, 1200, 480, 800, 1200].map((width) => sharp(PHOTO).resize({ width }).avif({ quality: 50, effort }).toBuffer()));
  await compare('six AVIFs at once: effort 3 vs effort 4 (sharp\'s default)', encodeAll(3), encodeAll(4));
  const sizes = await Promise.all([3, 4].map(async (effort) => (await sharp(PHOTO).resize({ width: 1200 }).avif({ quality: 50, effort }).toBuffer()).length));
  console.log(`|   (a 1200 px AVIF: ${sizes[0]} bytes at effort 3, ${sizes[1]} at effort 4) | | | |`);
}

/** Loading the generator on a fresh Node: its compiled file against its modules through tsx. */
async function loading(): Promise<void> {
  const module = new URL('../../build/pipeline.ts', import.meta.url);
  const compiled = await compiledModule(module, await generatorVersion());
  const load = (args: string[]) => () => {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
  };
  await compare('a new process loads the pipeline: compiled file vs through tsx', load(['--input-type=module', '-e', `await import(${JSON.stringify(compiled.href)})`]), load(['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(module.href)})`]));
}

/** Starting to watch a tree of 10,000 files, and how soon a save is heard: a watcher per folder against Node's recursive watch. */
async function watching(): Promise<void> {
  const tree = path.join(work, 'tree');
  for (let folder = 0; folder < 100; folder++) {
    mkdirSync(path.join(tree, `f${folder}`), { recursive: true });
    for (let file = 0; file < 100; file++) writeFileSync(path.join(tree, `f${folder}`, `a${file}.md`), 'text');
  }
  const watchOnce = async (start: (onChange: () => void) => { close(): void }): Promise<{ start: number; heard: number }> => {
    let heard = () => {};
    const saved = new Promise<void>((resolve) => (heard = resolve));
    const began = performance.now();
    const watcher = start(() => heard());
    const startMs = performance.now() - began;
    await new Promise((settle) => setTimeout(settle, 300));
    const written = performance.now();
    writeFileSync(path.join(tree, 'f50', 'a7.md'), String(written));
    await saved;
    const heardMs = performance.now() - written;
    watcher.close();
    return { start: startMs, heard: heardMs };
  };
  const kept: { start: number; heard: number }[] = [];
  const plain: { start: number; heard: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    kept.push(await watchOnce((onChange) => watchFolderTree(tree, () => false, onChange)));
    plain.push(await watchOnce((onChange): FSWatcher => watchFolder(tree, { recursive: true }, onChange)));
  }
  for (const measure of ['start', 'heard'] as const) {
    const [k, p] = [median(kept.map((run) => run[measure])), median(plain.map((run) => run[measure]))];
    console.log(`| watching 10,000 files, ${measure === 'start' ? 'to start' : 'a save heard'}: a watcher per folder vs recursive fs.watch | ${k.toFixed(1)} ms | ${p.toFixed(1)} ms | ${(p / k).toFixed(2)}× |`);
  }
}

console.log(`Node ${process.version}, ${bodies.length} corpus bodies, median of ${ROUNDS} rounds\n`);
console.log('| Choice: kept way vs plain way | kept | plain | plain ÷ kept |\n|---|---:|---:|---:|');
try {
  for (const measure of [walks, cards, images, loading, watching]) await measure();
} finally {
  rmSync(work, { recursive: true, force: true });
}
