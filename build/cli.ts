/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import path from 'node:path';
import { parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP, type SiteOptions } from './cli-options.ts';
import { formatDiagnostic } from './diagnostics.ts';
import { buildTime } from './lib/build-time.ts';
import { calendarDayOf } from './lib/calendar-day.ts';
import { inputsHash, recordBuild, unchangedBuild, type BuildRecord } from './up-to-date.ts';

// React picks its production build on first import; index.ts is imported only after this.
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
  const { buildSite } = await import('./index.ts');
  const { writeSite } = await import('./write.ts');
  const build = await buildSite({ ...options, ...day });
  const warnings = build.warnings.map((warning) => formatDiagnostic(warning));
  for (const warning of warnings) process.stderr.write(`${warning}\n`);
  await writeSite(options.outDir, build.files, [options.contentDir, options.assetsDir], options.cacheDir);
  await build.saveMemo();
  const summary = { pages: build.pages.length, articles: build.model.articles.length, topics: build.model.topics.length };
  await recordBuild(options.cacheDir, { inputs, warnings, summary }, options.outDir);
  process.stdout.write(`Built ${summaryLine(summary, options)} into ${path.normalize(options.outDir)}/ in ${seconds()} s.\n`);
  return 0;
});

/** "12 pages (3 articles, 25 handouts)" */
function summaryLine(summary: BuildRecord['summary'], options: SiteOptions): string {
  return `${summary.pages} pages (${summary.articles} articles${options.includeDrafts ? ' including drafts' : ''}, ${summary.topics} handouts)`;
}
