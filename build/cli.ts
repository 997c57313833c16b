/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildCommandData } from './build-command.ts';
import { compiledModule } from './compiled.ts';
import { CONTENT_LAYOUT, POOL_MIN_JOBS } from './config.ts';
import { parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP, summaryLine, type SiteOptions } from './cli-options.ts';
import { buildTime } from './lib/build-time.ts';
import { calendarDayOf } from './lib/calendar-day.ts';
import { isArticleFile } from './lib/article-file.ts';
import { inputsHash, unchangedBuild } from './up-to-date.ts';
import { BUILD_THREAD_LIMITS, exitCodeOf, runCompiledProcess, startCompiledWorker } from './workers/start.ts';

// React picks its production build on first import, in the build's process and thread, which inherit this.
process.env.NODE_ENV ??= 'production';

const HELP = `Build the physician's website.

Usage: npm run build -- [options]

Options:
${SITE_OPTIONS_HELP}`;

/**
 * Whether the build will spread its work over the worker pool (at least
 * `POOL_MIN_JOBS` articles): it then runs in a process of its own, with the
 * settings of `BUILD_PROCESS`. A smaller site builds on a thread of this
 * process, as those settings pay only when the pool keeps every core busy,
 * and a process takes 70 ms longer to start.
 */
function usesThePool(options: SiteOptions): boolean {
  const insights = options.insightsDir ?? path.join(options.contentDir, CONTENT_LAYOUT.insights);
  // A folder that cannot be read is the build's to report, with the hint of its fix.
  // Articles in subfolders count, as the loader reads them.
  const names = existsSync(insights) ? readdirSync(insights, { recursive: true, encoding: 'utf8' }) : [];
  return names.filter((name) => isArticleFile(name)).length >= POOL_MIN_JOBS;
}

runCommand('build', async () => {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  await requireSiteFolders(options);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
  const now = buildTime(process.env.SOURCE_DATE_EPOCH, new Date());
  const day = { year: now.getUTCFullYear(), today: calendarDayOf(now) };
  const inputs = await inputsHash({ ...options, today: day.today });
  const unchanged = await unchangedBuild(options.cacheDir, inputs, options.outDir);
  if (unchanged) {
    for (const warning of unchanged.warnings) process.stderr.write(`${warning}\n`);
    process.stdout.write(`Up to date: ${summaryLine(unchanged.summary, options)} in ${path.normalize(options.outDir)}/; nothing changed since the last build (checked in ${seconds()} s).\n`);
    return 0;
  }
  const workerData: BuildCommandData = { options, day, inputs, startedAt: performance.timeOrigin + started };
  const buildCommand = new URL('./build-command.ts', import.meta.url);
  if (!usesThePool(options)) return exitCodeOf(await startCompiledWorker(buildCommand, { workerData, resourceLimits: BUILD_THREAD_LIMITS }));
  return runCompiledProcess(new URL('./build-process.ts', import.meta.url), [await compiledModule(fileURLToPath(buildCommand)), JSON.stringify(workerData)]);
});
