/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import path from 'node:path';
import { parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP } from './cli-options.ts';
import { formatDiagnostic } from './diagnostics.ts';

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
  const { buildSite } = await import('./index.ts');
  const { writeSite } = await import('./write.ts');
  const build = await buildSite(options);
  for (const warning of build.warnings) process.stderr.write(`${formatDiagnostic(warning)}\n`);
  await writeSite(options.outDir, build.files, [options.contentDir, options.assetsDir]);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const drafts = options.includeDrafts ? ' including drafts' : '';
  process.stdout.write(
    `Built ${build.pages.length} pages (${build.model.articles.length} articles${drafts}, ${build.model.topics.length} handouts) into ${path.normalize(options.outDir)}/ in ${seconds} s.\n`,
  );
  return 0;
});
