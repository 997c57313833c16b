/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import path from 'node:path';
import type { BuildCommandData } from './build-command.ts';
import { parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP, summaryLine } from './cli-options.ts';
import { buildTime } from './lib/build-time.ts';
import { calendarDayOf } from './lib/calendar-day.ts';
import { inputsHash, unchangedBuild } from './up-to-date.ts';
import { boundHeapGrowth, BUILD_THREAD_LIMITS, exitCodeOf, startCompiledWorker } from './workers/start.ts';

// React picks its production build on first import, in the build's thread, which inherits this.
process.env.NODE_ENV ??= 'production';

const HELP = `Build the physician's website.

Usage: npm run build -- [options]

Options:
${SITE_OPTIONS_HELP}`;

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
  boundHeapGrowth();
  return exitCodeOf(await startCompiledWorker(new URL('./build-command.ts', import.meta.url), { workerData, resourceLimits: BUILD_THREAD_LIMITS }));
});
