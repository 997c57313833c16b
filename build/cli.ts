/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ContentErrors, formatDiagnostic, UsageError } from './diagnostics.ts';
import { normaliseSiteUrl } from './lib/site-url.ts';

// React picks its production build on first import; index.ts is imported only after this.
process.env.NODE_ENV ??= 'production';

const HELP = `Build the physician's website.

Usage: npm run build -- [options]

Options:
  --content DIR    articles, topics and site identity (default: content)
  --assets DIR     PDFs and images, published as they are (default: assets)
  --out DIR        where the site is written (default: out)
  --drafts         include draft articles, badged "Draft" (local preview only)
  --base-url URL   site address for canonical and sharing links
                   (default: siteUrl in content/site.md)
  --help           show this help
`;

interface CliOptions {
  contentDir: string;
  assetsDir: string;
  outDir: string;
  includeDrafts: boolean;
  baseUrl: string | undefined;
  help: boolean;
}

/** Reads the command line; any mistake is a UsageError with a one-line message. */
export function parseCli(argv: readonly string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        content: { type: 'string', default: 'content' },
        assets: { type: 'string', default: 'assets' },
        out: { type: 'string', default: 'out' },
        drafts: { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // node:util's messages are clear but long; keep their first sentence.
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new UsageError(`${message}. Run with --help to see the options.`);
  }
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && normaliseSiteUrl(baseUrl) === undefined) {
    throw new UsageError(`--base-url must be a full web address such as https://www.example.com, not "${baseUrl}".`);
  }
  return {
    contentDir: values.content,
    assetsDir: values.assets,
    outDir: values.out,
    includeDrafts: values.drafts,
    baseUrl,
    help: values.help,
  };
}

async function requireFolder(dir: string, flag: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`The ${flag} folder ${dir} does not exist; check the path or pass ${flag} DIR.`);
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseCli(argv);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  await requireFolder(options.contentDir, '--content');
  await requireFolder(options.assetsDir, '--assets');
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
}

function report(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (error instanceof ContentErrors) {
    for (const diagnostic of error.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
    const count = error.diagnostics.filter((d) => d.severity === 'error').length;
    process.stderr.write(`The build stopped: ${count} problem${count === 1 ? '' : 's'} to fix in the content. The previous out/ was left as it was.\n`);
    return 1;
  }
  // A fault of the generator itself, not of the content: one line, the stack only on request.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The build failed unexpectedly: ${message}. The previous out/ was left as it was. Run with SITE_DEBUG=1 for details.\n`);
  if (process.env.SITE_DEBUG) console.error(error);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = report(error);
  },
);
