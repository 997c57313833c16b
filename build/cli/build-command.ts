/**
 * The command of `npm run build` (see build.ts): reads the command line,
 * works out the generator's version, and runs the build on its thread.
 */
import { buildTime } from './build-time.ts';
import { counted } from '../lib/counted.ts';
import { calendarDayOf } from '../lib/calendar-day.ts';
import { generatorVersion } from '../store/generator.ts';
import { CommandFailure, ContentErrors, UsageError } from '../diagnostics/index.ts';
import { THREAD_MODULES } from '../workers/modules.ts';
import { isCurrentCommand } from './current.ts';
import { confirmThread, type EarlyThread, type ThreadSpec } from '../workers/thread.ts';
import type { BuildRequest } from './build-thread.ts';
import type { BuildReport } from './run-build.ts';
import { printDiagnostics, Progress } from './terminal.ts';
import { answeredHelpOrVersion, parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP } from './options.ts';

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

/** Builds the site as the command line asks; the exit code. */
async function build(buildThread: ThreadSpec, early: EarlyThread | undefined): Promise<number> {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (answeredHelpOrVersion(options, HELP)) {
    return 0;
  }
  await requireSiteFolders(options);
  const today = calendarDayOf(buildTime(process.env.SOURCE_DATE_EPOCH, new Date()));
  const generator = await generatorVersion();
  // Run compiled from an older version, the current one takes the build over and sets the exit code.
  if (!(await isCurrentCommand(THREAD_MODULES.buildCommand, generator, async () => early?.worker.terminate()))) return 0;
  const request: BuildRequest = { options, today, generator };
  const thread = await confirmThread(early, buildThread, { generator, data: request });
  const progress = new Progress();
  const outcome = await new Promise<Exclude<BuildReport, { kind: 'progress' }>>((resolve, reject) => {
    thread.on('message', (report: BuildReport) => (report.kind === 'progress' ? progress.update(report.stage, report.done, report.total) : resolve(report)));
    thread.once('error', reject);
  });
  progress.end();
  if (outcome.kind === 'failed') throw failure(outcome);
  printDiagnostics(outcome.warnings);
  const warned = outcome.warnings.length === 0 ? '' : `, with ${counted(outcome.warnings.length, 'warning')}`;
  process.stdout.write(`${outcome.summary} in ${(performance.now() / 1000).toFixed(2)} s${warned}.\n`);
  return 0;
}

/**
 * @param buildThread the build's thread
 * @param early the build's thread if it was started before the generator's version was known
 */
export function buildCommand(buildThread: ThreadSpec, early: EarlyThread | undefined): void {
  runCommand('build', () => build(buildThread, early));
}
