/**
 * `npm run bench:rebuild`: how long the preview takes from saving an article
 * to having rewritten the pages it affects, on a synthetic corpus of N
 * articles (default 1,000). Runs the preview itself, watcher included: a
 * first build (cold cache), then edits to one article's body, each timed
 * from the save to the end of the rewrite, and the build worker's own share
 * of that; with --restart, the same again in a second preview started over
 * the first one's cache and out/, as when the author starts it the next day.
 * The first edit is saved the moment the first build ends, unless
 * --first-save-after says how many milliseconds later, as when a person
 * starts the preview and then turns to the editor. With --spanish every
 * article has its Spanish translation beside it (corpus-site.ts), and the
 * saves alternate between the first article's English and Spanish bodies,
 * N of each, so that both are timed in the same minutes. Prints a table, the
 * median of each body's saves, then JSON.
 *
 *   npm run bench:rebuild -- [--count N] [--edits N] [--restart] [--first-save-after MS] [--spanish]
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startPreview } from '../../build/preview/index.ts';
import { translatedFileName } from '../../build/lib/languages.ts';
import { prepareCorpusAssets, ROOT, writeSpanishTranslations } from './corpus-site.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' }, edits: { type: 'string', default: '5' }, restart: { type: 'boolean', default: false }, 'first-save-after': { type: 'string', default: '0' }, spanish: { type: 'boolean', default: false } } });
const count = Number(values.count);
const work = mkdtempSync(path.join(tmpdir(), `rebuild-${count}-`));
const corpus = path.join(work, 'corpus');
execFileSync(process.execPath, [path.join(ROOT, '../shared/bench/make-corpus.mjs'), '--count', String(count), '--out', corpus], { stdio: 'ignore' });
prepareCorpusAssets(corpus, path.join(work, 'assets'));
const first = readdirSync(corpus).sort()[0] as string;
if (values.spanish) writeSpanishTranslations(corpus, corpus);
// The bodies saved in turn: the first article's, and its translation's with --spanish.
const edited = [first, ...(values.spanish ? [translatedFileName(first, 'es')] : [])].map((file) => path.join(corpus, file));
const runs: { run: string; file?: string; milliseconds: number; buildMilliseconds?: number; written?: number; files?: number }[] = [];

/**
 * One preview session: its first build, then edits to one article's body,
 * each timed from the save to the end of the rewrite.
 */
async function session(name: string): Promise<void> {
  const started = performance.now();
  const preview = await startPreview({
    contentDir: path.join(ROOT, 'content'),
    insightsDir: corpus,
    assetsDir: path.join(work, 'assets'),
    outDir: path.join(work, 'out'),
    cacheDir: path.join(work, 'cache'),
    includeDrafts: false,
    baseUrl: undefined,
    host: '127.0.0.1',
    port: 0,
    log: () => undefined,
  });
  runs.push({ run: `${name}: first build`, milliseconds: Math.round(performance.now() - started) });
  try {
    const firstSaveAfter = Number(values['first-save-after']);
    if (firstSaveAfter > 0) await sleep(firstSaveAfter);
    for (let edit = 1; edit <= Number(values.edits) * edited.length; edit++) {
      const file = edited[(edit - 1) % edited.length] as string;
      const built = preview.nextBuild();
      const saved = performance.now();
      appendFileSync(file, `\nA sentence added by edit ${edit} of the ${name}.\n`);
      const outcome = await built;
      // A superseded build is never what nextBuild() hands back: the preview waits for the build that follows.
      if (outcome.ok !== true) throw new Error(outcome.ok === false ? outcome.lines.join('\n') : 'the build was superseded');
      runs.push({ run: `${name}: edit ${edit}`, file: path.basename(file), milliseconds: Math.round(performance.now() - saved), buildMilliseconds: outcome.milliseconds, written: outcome.written.length, files: outcome.files.length });
      // Typing pauses between saves.
      await sleep(2500);
    }
  } finally {
    await preview.close();
  }
}

try {
  await session('cold start');
  // The usual start: the preview run again over the cache and out/ of the last one.
  if (values.restart) await session('warm start');
} finally {
  rmSync(work, { recursive: true, force: true });
}
const cell = (value: number | undefined) => (value === undefined ? '' : String(value));
console.log(`Preview rebuilds, ${count} articles${values.spanish ? ' each with its Spanish translation' : ''}, first save ${values['first-save-after']} ms after the first build:\n\n| run | body saved | from the save, ms | in the build worker, ms | files rewritten | files |\n|---|---|---:|---:|---:|---:|`);
for (const run of runs) console.log(`| ${run.run} | ${run.file ?? ''} | ${run.milliseconds} | ${cell(run.buildMilliseconds)} | ${cell(run.written)} | ${cell(run.files)} |`);
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
console.log('');
for (const file of edited.map((saved) => path.basename(saved))) {
  const saves = runs.filter((run) => run.file === file);
  console.log(`${file}: ${saves.length} saves, median ${median(saves.map((run) => run.milliseconds))} ms from the save (${Math.min(...saves.map((run) => run.milliseconds))}–${Math.max(...saves.map((run) => run.milliseconds))}), ${median(saves.map((run) => run.buildMilliseconds ?? 0))} ms in the build worker`);
}
console.log(`\n${JSON.stringify({ count, firstSaveAfterMilliseconds: Number(values['first-save-after']), runs })}`);
