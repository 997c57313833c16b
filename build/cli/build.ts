/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import { buildTime } from '../lib/build-time.ts';
import { calendarDayOf } from '../lib/calendar-day.ts';
import { generatorVersion } from '../store/generator.ts';
import { CommandFailure, ContentErrors, UsageError } from '../diagnostics/index.ts';
import { startWorker } from '../workers/thread.ts';
import type { BuildReport } from './run-build.ts';
import { printDiagnostics, Progress } from './terminal.ts';
import { answeredHelpOrVersion, parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP } from './options.ts';

// React picks its production build when it is first imported: the build, which imports it, is imported below, after this.
process.env.NODE_ENV ??= 'production';

const HELP = `Build the physician's website.

Usage: npm run build -- [options]

Options:
${SITE_OPTIONS_HELP}`;

/** The error a failed build's thread reported, as the kind of error it was. */
function failure(report: Extract<BuildReport, { kind: 'failed' }>): Error {
  if (report.diagnostics !== undefined) return new ContentErrors(report.diagnostics);
  if (report.name === 'UsageError') return new UsageError(report.message);
  if (report.name === 'CommandFailure') return new CommandFailure(report.message);
  return new Error(report.message);
}

/**
 * The build thread's young generation: rendering and checking pages makes
 * many short-lived strings, and with V8's default the thread spent more of
 * a large build collecting them (see test/bench/README.md).
 */
const BUILD_THREAD_YOUNG_GENERATION = { maxYoungGenerationSizeMb: 96 };

runCommand('build', async () => {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (answeredHelpOrVersion(options, HELP)) {
    return 0;
  }
  await requireSiteFolders(options);
  const today = calendarDayOf(buildTime(process.env.SOURCE_DATE_EPOCH, new Date()));
  const generator = await generatorVersion();
  const thread = await startWorker(new URL('./build-thread.ts', import.meta.url), generator, { workerData: { options, today, generator }, resourceLimits: BUILD_THREAD_YOUNG_GENERATION });
  const progress = new Progress();
  const outcome = await new Promise<Exclude<BuildReport, { kind: 'progress' }>>((resolve, reject) => {
    thread.on('message', (report: BuildReport) => (report.kind === 'progress' ? progress.update(report.stage, report.done, report.total) : resolve(report)));
    thread.once('error', reject);
  });
  progress.end();
  if (outcome.kind === 'failed') throw failure(outcome);
  printDiagnostics(outcome.warnings);
  process.stdout.write(`${outcome.summary} in ${(performance.now() / 1000).toFixed(2)} s.\n`);
  return 0;
});
