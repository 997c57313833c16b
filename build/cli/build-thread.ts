/**
 * The thread `npm run build` runs the build on: the build compiled to one
 * file, on plain Node, without tsx's loader (see build/workers/compiled.ts).
 * It may start before the command knows its options (see build/cli/build.ts),
 * so it waits for them as its first message; it sends its progress and its
 * outcome back.
 */
import { parentPort } from 'node:worker_threads';
import { ContentErrors } from '../diagnostics/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import type { SiteOptions } from './options.ts';
import { runBuild, type BuildReport } from './run-build.ts';

/** What the command sends the thread to build. */
export interface BuildRequest {
  options: SiteOptions;
  today: CalendarDay;
  generator: string;
}

const send = (report: BuildReport) => parentPort?.postMessage(report);

parentPort?.once('message', ({ options, today, generator }: BuildRequest) => {
  runBuild(options, today, generator, send).then(send, (error: unknown) => {
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    send({ kind: 'failed', name, message, diagnostics: error instanceof ContentErrors ? error.diagnostics : undefined });
  });
});
