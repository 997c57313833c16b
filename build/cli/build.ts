/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildTime } from '../lib/build-time.ts';
import { calendarDayOf } from '../lib/calendar-day.ts';
import { PROJECT_ROOT } from '../store/generator.ts';
import { parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP, summaryLine } from './options.ts';
import { printDiagnostics, Progress } from './terminal.ts';

// React picks its production build when it is first imported: the stages, which import it, are imported below, after this.
process.env.NODE_ENV ??= 'production';

const HELP = `Build the physician's website.

Usage: npm run build -- [options]

Options:
${SITE_OPTIONS_HELP}`;

/** "physician-site 1.0.0": the generator's name and version, from package.json. */
export function versionLine(): string {
  const { name, version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${name} ${version}`;
}

runCommand('build', async () => {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (options.help || options.version) {
    process.stdout.write(options.help ? HELP : `${versionLine()}\n`);
    return 0;
  }
  await requireSiteFolders(options);
  const [{ planSite }, { writePlan }] = await Promise.all([import('../pipeline.ts'), import('../produce.ts')]);
  const now = buildTime(process.env.SOURCE_DATE_EPOCH, new Date());
  const progress = new Progress();
  try {
    const plan = await planSite({ ...options, today: calendarDayOf(now), progress: (stage, done, total) => progress.update(stage, done, total) });
    const { written } = await writePlan(plan, { outDir: options.outDir, protectedDirs: [options.contentDir, options.assetsDir], progress: (done, total) => progress.update('write', done, total) });
    progress.end();
    printDiagnostics(plan.warnings);
    const summary = summaryLine({ pages: plan.pages.length, articles: plan.model.articles.length, topics: plan.model.topics.length }, options);
    const seconds = (performance.now() / 1000).toFixed(2);
    const what = written.length === 0 ? `Up to date: ${summary} in ${path.normalize(options.outDir)}/; nothing had changed` : `Built ${summary} into ${path.normalize(options.outDir)}/ (${written.length} of ${plan.outputs.length} files written)`;
    process.stdout.write(`${what} in ${seconds} s.\n`);
    return 0;
  } finally {
    progress.end();
  }
});
