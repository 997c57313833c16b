/**
 * The build itself, as `npm run build` runs it once its options are read,
 * on a thread of its own (build-thread.ts): what it reports goes back to the
 * command's thread, which alone writes to the terminal.
 */
import path from 'node:path';
import type { ContentDiagnostic } from '../diagnostics/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { planSite } from '../pipeline.ts';
import { writePlan } from '../produce/index.ts';
import { sourceFolders } from '../write/index.ts';
import { summaryLine, type SiteOptions } from './options.ts';
import { counted } from '../lib/counted.ts';

/** How often the build tells its progress, at most. */
const PROGRESS_EVERY_MS = 50;

/** What the build tells the command's thread. */
export type BuildReport =
  | { kind: 'progress'; stage: 'markdown' | 'write'; done: number; total: number }
  | { kind: 'built'; warnings: ContentDiagnostic[]; summary: string }
  | { kind: 'failed'; name: string; message: string; diagnostics?: readonly ContentDiagnostic[] | undefined };

/**
 * Builds the site into out/.
 *
 * @param today the build's day (SOURCE_DATE_EPOCH or the clock)
 * @param generator the generator's version, worked out by the command
 * @param report where progress goes
 * @returns the warnings and the closing line
 */
export async function runBuild(options: SiteOptions, today: CalendarDay, generator: string, report: (progress: Extract<BuildReport, { kind: 'progress' }>) => void): Promise<Extract<BuildReport, { kind: 'built' }>> {
  let lastSent = 0;
  // The terminal shows progress at most twenty times a second: a message for every file only cost this thread time.
  const progress = (stage: 'markdown' | 'write', done: number, total: number) => {
    const now = performance.now();
    if (done !== total && now - lastSent < PROGRESS_EVERY_MS) return;
    lastSent = now;
    report({ kind: 'progress', stage, done, total });
  };
  const plan = await planSite({ ...options, today, generator, progress });
  const { written } = await writePlan(plan, { outDir: options.outDir, protectedDirs: sourceFolders(options), progress: (done, total) => progress('write', done, total) });
  const summary = summaryLine({ pages: plan.pages.length, articles: plan.model.articles.length, topics: plan.model.topics.length }, options);
  const out = `${path.normalize(options.outDir)}/`;
  const what = written.length === 0 ? `Up to date: ${summary} in ${out}; nothing had changed` : `Built ${summary} into ${out} (${counted(written.length, 'file')} written)`;
  return { kind: 'built', warnings: plan.warnings, summary: what };
}
