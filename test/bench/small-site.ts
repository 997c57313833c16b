/**
 * `npm run bench:small`: the figures of a site of the physician's size beside
 * their targets (issue 58), from one run, each the median of `--rounds`
 * rounds taken in turn, so that the machine's drift reaches every figure alike:
 *
 * - the real site's `npm run build`, by its own report: cold (no out/, no
 *   cache), nothing changed, one article's body edited;
 * - the preview of the real site: from `npm run preview` starting to its
 *   first page answered from its first build, with the cache kept and with none;
 * - the preview of 1,000 articles, cache kept;
 * - the 10-article corpus cold and warm beside Eleventy and Hugo, from
 *   ../shared/bench/compare-peers.sh, which takes its own rounds in turn.
 *
 * Everything runs in a copy of the project in a temporary folder, so that
 * the project's own out/ and cache are never touched.
 *
 *   npm run bench:small -- [--rounds 5] [--no-peers] [--no-large]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { copyProject } from '../helpers/project-copy.ts';
import { prepareCorpusAssets, ROOT } from './corpus-site.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, 'no-peers': { type: 'boolean', default: false }, 'no-large': { type: 'boolean', default: false } } });
const ROUNDS = Number(values.rounds);
const MAKE_CORPUS = path.join(ROOT, '../shared/bench/make-corpus.mjs');
const COMPARE_PEERS = path.join(ROOT, '../shared/bench/compare-peers.sh');
/** The article whose body each round edits. */
const EDITED = 'content/insights/open-enrollment-2025.md';

const work = mkdtempSync(path.join(tmpdir(), 'bench-small-'));
const site = copyProject(path.join(work, 'site'), ['content', 'assets']);

/** Node's arguments for one of package.json's scripts, as npm runs it (`node …`), so that the bench runs what the author runs. */
function scriptArguments(name: 'build' | 'preview'): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = (scripts[name] ?? '').split(' ');
  if (node !== 'node') throw new Error(`npm run ${name} does not start with node`);
  return args;
}

/** `npm run build` of the real site in the copy: its own report, in seconds. */
function build(): number {
  const result = spawnSync(process.execPath, scriptArguments('build'), { cwd: site, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  const own = /(?:written\)|changed) in ([\d.]+) s/.exec(result.stdout)?.[1];
  if (result.status !== 0 || own === undefined) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  return Number(own);
}

/** From `npm run preview` starting to its home page answered once its first build is in; in seconds. */
async function previewFirstPage(cwd: string, args: readonly string[] = []): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...scriptArguments('preview'), '--port', '0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  let printed = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
      const found = /^Preview.* at (http:\/\/\S+?)\/ /m.exec(printed)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the preview ended (${code}) before serving:\n${printed}`)));
  });
  for (;;) {
    const answer = await fetch(`${url}/`).catch(() => undefined);
    if (answer?.ok === true) {
      await answer.arrayBuffer();
      break;
    }
    await sleep(5);
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill('SIGINT');
  await once(child, 'exit');
  return seconds;
}

/** A 1,000-article corpus and the assets it shows, for the preview. */
function largeCorpus(): string[] {
  const corpus = path.join(work, 'corpus-1000');
  execFileSync(process.execPath, [MAKE_CORPUS, '--count', '1000', '--out', corpus], { stdio: 'ignore' });
  const assets = path.join(work, 'assets-1000');
  prepareCorpusAssets(corpus, assets);
  return ['--insights', corpus, '--assets', assets, '--out', path.join(work, 'out-1000'), '--cache', path.join(work, 'cache-1000')];
}

const clean = (...parts: string[]) => parts.forEach((part) => rmSync(path.join(site, part), { recursive: true, force: true }));

interface Figure {
  what: string;
  target: string;
  limit: number;
  seconds: number[];
}

const figures: Figure[] = [
  { what: 'Real site, `npm run build`, no out/ and no cache, own report', target: '≤ 0.8 s', limit: 0.8, seconds: [] },
  { what: 'Real site, nothing changed, own report', target: '≤ 0.3 s', limit: 0.3, seconds: [] },
  { what: "Real site, one article's body edited, own report", target: '≤ 0.5 s', limit: 0.5, seconds: [] },
  { what: 'Real site, `npm run preview` to first page, cache kept', target: '≤ 1.0 s', limit: 1.0, seconds: [] },
  { what: 'Real site, `npm run preview` to first page, no cache', target: '≤ 2.0 s', limit: 2.0, seconds: [] },
  { what: '1,000 articles, `npm run preview` to first page, cache kept', target: '≤ 3.0 s', limit: 3.0, seconds: [] },
];

/** One round: every figure once, in the order that leaves each the state the next needs. */
async function round(index: number, large: string[] | undefined): Promise<void> {
  const [cold, unchanged, edited, previewWarm, previewCold, previewLarge] = figures as [Figure, Figure, Figure, Figure, Figure, Figure];
  clean('out', '.cache');
  cold.seconds.push(build());
  unchanged.seconds.push(build());
  const file = path.join(site, EDITED);
  writeFileSync(file, `${readFileSync(file, 'utf8').replace(/\n\nEdited in round \d+\.\n$/, '\n')}\n\nEdited in round ${index}.\n`);
  edited.seconds.push(build());
  previewWarm.seconds.push(await previewFirstPage(site));
  clean('out', '.cache');
  previewCold.seconds.push(await previewFirstPage(site));
  if (large !== undefined) previewLarge.seconds.push(await previewFirstPage(site, large));
}

const median = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The 10-article corpus beside Eleventy and Hugo, cold and with the cache kept, by compare-peers.sh; its table. */
function peers(): string {
  const corpus = path.join(work, 'corpus-10');
  execFileSync(process.execPath, [MAKE_CORPUS, '--count', '10', '--out', corpus], { stdio: 'ignore' });
  const assets = path.join(work, 'assets-10');
  prepareCorpusAssets(corpus, assets);
  const ours = `${[process.execPath, ...scriptArguments('build')].join(' ')} --insights {corpus} --assets ${assets} --out {out} --cache {out}.cache`;
  // Hugo is a package of the system's (apt's hugo); without it, Eleventy alone.
  const peerNames = spawnSync('sh', ['-c', 'command -v hugo']).status === 0 ? 'hugo,eleventy' : 'eleventy';
  const args = ['--corpus', corpus, '--runs', String(ROUNDS), '--peers', peerNames, '--work', path.join(work, 'peers'), '--cmd', 'ours-cold', `rm -rf {out}.cache && cd ${site} && ${ours}`, '--cmd', 'ours-warm', `cd ${site} && ${ours}`];
  return execFileSync('bash', [COMPARE_PEERS, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

build(); // Untimed: compiles the command and its threads in the copy, as `npm ci` would have.
const large = values['no-large'] ? undefined : largeCorpus();
if (large !== undefined) await previewFirstPage(site, large); // Untimed: the 1,000 articles' first build, which fills their cache.
for (let index = 1; index <= ROUNDS; index++) await round(index, large);

console.log(`\nA site of the physician's size, ${ROUNDS} rounds in turn (median, min–max, seconds):\n`);
console.log('| Measure | Target | Median | Range | Met |\n|---|---|---:|---:|---|');
for (const { what, target, limit, seconds } of figures.filter((figure) => figure.seconds.length > 0)) {
  const mid = median(seconds);
  console.log(`| ${what} | ${target} | ${mid.toFixed(2)} | ${Math.min(...seconds).toFixed(2)}–${Math.max(...seconds).toFixed(2)} | ${mid <= limit ? 'yes' : '**no**'} |`);
}
if (!values['no-peers']) console.log(`\nThe 10-article corpus (targets: cold no slower than Eleventy, warm at most half of Eleventy), whole processes:\n\n${peers()}`);
rmSync(work, { recursive: true, force: true });
