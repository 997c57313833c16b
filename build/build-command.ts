/**
 * The build itself, once `npm run build` (build/cli.ts) has found that
 * something changed: run compiled (build/compiled.ts), on a thread of its
 * own, in the CLI's process for a small site and in a process of its own for
 * a large one (build/build-process.ts).
 */
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { runCommand, summaryLine, type SiteOptions } from './cli-options.ts';
import { formatDiagnostic } from './diagnostics.ts';
import type { CalendarDay } from './lib/calendar-day.ts';
import { buildSite } from './index.ts';
import { recordBuild } from './up-to-date.ts';
import { writeSite } from './write.ts';

/** What build/cli.ts has worked out before the build. */
export interface BuildCommandData {
  options: SiteOptions;
  day: { year: number; today: CalendarDay };
  /** The hash of every input, recorded with the build for the next one's up-to-date check. */
  inputs: string;
  /** When the command started, in milliseconds since the epoch (`performance.timeOrigin + performance.now()`). */
  startedAt: number;
}

const { options, day, inputs, startedAt } = workerData as BuildCommandData;

runCommand('build', async () => {
  const build = await buildSite({ ...options, ...day });
  const warnings = build.warnings.map((warning) => formatDiagnostic(warning));
  for (const warning of warnings) process.stderr.write(`${warning}\n`);
  await writeSite(options.outDir, build.files, [options.contentDir, options.assetsDir], options.cacheDir, undefined, build.finishImages);
  await build.saveMemo();
  const summary = { pages: build.pages.length, articles: build.model.articles.length, topics: build.model.topics.length };
  await recordBuild(options.cacheDir, { inputs, warnings, summary }, options.outDir);
  const seconds = ((performance.timeOrigin + performance.now() - startedAt) / 1000).toFixed(2);
  process.stdout.write(`Built ${summaryLine(summary, options)} into ${path.normalize(options.outDir)}/ in ${seconds} s.\n`);
  return 0;
});
