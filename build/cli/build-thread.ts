/**
 * The thread `npm run build` runs the build on: the build compiled to one
 * file, on plain Node, without tsx's loader (see build/workers/compiled.ts).
 * It sends its progress and its outcome to the command's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ContentErrors } from '../diagnostics/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import type { SiteOptions } from './options.ts';
import { runBuild, type BuildReport } from './run-build.ts';

const { options, today, generator } = workerData as { options: SiteOptions; today: CalendarDay; generator: string };
const send = (report: BuildReport) => parentPort?.postMessage(report);

runBuild(options, today, generator, send).then(send, (error: unknown) => {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  send({ kind: 'failed', name, message, diagnostics: error instanceof ContentErrors ? error.diagnostics : undefined });
});
