/**
 * `npm run bench`: times the build on a synthetic corpus of N articles
 * (../shared/bench/make-corpus.mjs, default 1,000) in four situations: cold
 * (no cache, no out/), warm (nothing changed), after one article's body
 * changes, and after one article's title changes (its neighbours and the
 * lists must follow). Each build is a separate process timed with GNU time,
 * for wall time and peak RSS. Prints a table, then the same as JSON.
 *
 *   npm run bench -- [--count N] [--keep]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildArguments, prepareCorpusAssets, ROOT } from './corpus-site.ts';

const MAKE_CORPUS = path.join(ROOT, '../shared/bench/make-corpus.mjs');
const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } } });
const count = Number(values.count);

const work = mkdtempSync(path.join(tmpdir(), `bench-${count}-`));
const corpus = path.join(work, 'corpus');
const assets = path.join(work, 'assets');
const out = path.join(work, 'out');
const cache = path.join(work, 'cache');

execFileSync(process.execPath, [MAKE_CORPUS, '--count', String(count), '--out', corpus], { stdio: 'ignore' });
const imageCount = prepareCorpusAssets(corpus, assets);

interface Run {
  scenario: string;
  wallSeconds: number;
  peakRssMb: number;
  pages: number;
  pagesPerSecond: number;
}

function build(scenario: string): Run {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...buildArguments(corpus, assets, out, cache)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    // A synthetic corpus of old articles gets a stale-review warning each: one line in the terminal, but room is kept for kinds told a line each.
    maxBuffer: 512 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${scenario} build failed:\n${result.stderr}`);
  const pages = Number(/^(?:Built|Up to date:) (\d+) pages/.exec(result.stdout)?.[1] ?? 0);
  const peakKb = Number(result.stderr.trim().split('\n').at(-1));
  return { scenario, wallSeconds: Math.round(wallSeconds * 100) / 100, peakRssMb: Math.round(peakKb / 1024), pages, pagesPerSecond: Math.round(pages / wallSeconds) };
}

function editArticle(file: string, change: (text: string) => string): void {
  const target = path.join(corpus, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
}

const runs: Run[] = [];
try {
  rmSync(cache, { recursive: true, force: true });
  runs.push(build('cold'));
  runs.push(build('warm, nothing changed'));
  const [first] = readdirSync(corpus).sort();
  if (first === undefined) throw new Error('empty corpus');
  editArticle(first, (text) => text.replace(/\n\n([^\n#-])/, '\n\nAn added sentence for the benchmark. $1'));
  runs.push(build('one body changed'));
  let newTitle = '';
  editArticle(first, (text) =>
    text.replace(/^title: (.*)$/m, (_line, title: string) => {
      newTitle = `${title} Revised`;
      return `title: ${newTitle}`;
    }),
  );
  runs.push(build('one title changed'));
  const list = readFileSync(path.join(out, 'insights', 'index.html'), 'utf8');
  if (!list.includes(newTitle)) throw new Error('the Insights list does not show the new title');

  console.log(`Build of ${count} articles (${imageCount} images, drafts left out), one process each, on ${existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length : '?'} cores:\n`);
  console.log('| scenario | wall s | peak RSS MB | pages | pages/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const run of runs) console.log(`| ${run.scenario} | ${run.wallSeconds.toFixed(2)} | ${run.peakRssMb} | ${run.pages} | ${run.pagesPerSecond} |`);
  console.log(`\n${JSON.stringify({ count, runs })}`);
  console.log(`\nThe same corpus beside Hugo and Eleventy:\n  bash ../shared/bench/compare-peers.sh --count ${count} --peers hugo,eleventy --project 'node --import tsx ${ROOT}test/bench/peer-build.ts {corpus} {out}'`);
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
