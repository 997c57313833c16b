/**
 * `npm run bench:rebuild`: how long the preview takes from saving an article
 * to having rewritten the pages it affects, on a synthetic corpus of N
 * articles (default 1,000). Runs the preview's own build worker: a first
 * build (cold cache), then three edits to one article's body, each timed
 * from the save to the end of the rewrite. Prints a table, then JSON.
 *
 *   npm run bench:rebuild -- [--count N]
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Builder } from '../../build/preview/builder.ts';
import { prepareCorpusAssets, ROOT } from './corpus-site.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' } } });
const count = Number(values.count);
const work = mkdtempSync(path.join(tmpdir(), `rebuild-${count}-`));
const corpus = path.join(work, 'corpus');
execFileSync(process.execPath, [path.join(ROOT, '../shared/bench/make-corpus.mjs'), '--count', String(count), '--out', corpus], { stdio: 'ignore' });
prepareCorpusAssets(corpus, path.join(work, 'assets'));
const builder = new Builder({ contentDir: path.join(ROOT, 'content'), insightsDir: corpus, assetsDir: path.join(work, 'assets'), outDir: path.join(work, 'out'), cacheDir: path.join(work, 'cache'), includeDrafts: false, baseUrl: undefined });
const edited = path.join(corpus, readdirSync(corpus).sort()[0] as string);
const runs: { run: string; milliseconds: number; written: number; files: number }[] = [];
try {
  for (let run = 0; run <= 3; run++) {
    if (run > 0) appendFileSync(edited, `\nA sentence added by edit ${run}.\n`);
    const started = performance.now();
    const outcome = await builder.build();
    if (!outcome.ok) throw new Error(outcome.lines.join('\n'));
    runs.push({ run: run === 0 ? 'first build' : `edit ${run}`, milliseconds: Math.round(performance.now() - started), written: outcome.written.length, files: outcome.files.length });
  }
} finally {
  await builder.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`Preview rebuilds, ${count} articles:\n\n| run | ms | files rewritten | files |\n|---|---:|---:|---:|`);
for (const run of runs) console.log(`| ${run.run} | ${run.milliseconds} | ${run.written} | ${run.files} |`);
console.log(`\n${JSON.stringify({ count, runs })}`);
