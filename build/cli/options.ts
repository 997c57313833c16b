/**
 * What the build and preview commands share: the site options (--content,
 * --insights, --assets, --out, --cache, --drafts, --base-url), their checks, and how a failure is
 * told to the person at the terminal (one line for a usage mistake, a list of
 * file:line messages for content, never a stack trace unless asked for).
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CONTENT_LAYOUT, DEFAULT_CACHE_DIR, REPOSITORY_FOLDERS } from '../config.ts';
import { CommandFailure, ContentErrors, UsageError } from '../diagnostics/index.ts';
import { overlaps } from '../lib/relative-path.ts';
import { normaliseSiteUrl } from '../lib/site-url.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { guardOutputOverlap, sourceFolders } from '../write/index.ts';
import { paint, printDiagnostics } from './terminal.ts';
import { counted } from '../lib/counted.ts';
import { gitHubRepository } from './repository.ts';

/** --help and --version, which every command answers the same way. */
export const HELP_AND_VERSION = {
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const satisfies ParseArgsConfig['options'];

/** "physician-site 1.0.0": the generator's name and version, from package.json. */
export function versionLine(): string {
  const { name, version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${name} ${version}`;
}

/** Prints the command's help or the generator's version when either was asked for; true when it did, and the command is done. */
export function answeredHelpOrVersion(values: { help?: unknown; version?: unknown }, help: string): boolean {
  if (values.help === true) process.stdout.write(help);
  else if (values.version === true) process.stdout.write(`${versionLine()}\n`);
  else return false;
  return true;
}

export const SITE_OPTIONS = {
  content: { type: 'string', default: REPOSITORY_FOLDERS.content },
  insights: { type: 'string' },
  assets: { type: 'string', default: REPOSITORY_FOLDERS.assets },
  out: { type: 'string', default: 'out' },
  cache: { type: 'string', default: DEFAULT_CACHE_DIR },
  drafts: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  ...HELP_AND_VERSION,
} as const satisfies ParseArgsConfig['options'];

export type SiteOptionName = keyof typeof SITE_OPTIONS;

/** Each site option's help, in the order --help lists them; the type holds it to every option. */
const SITE_OPTION_HELP = {
  content: '  --content DIR    articles, topics and site identity (default: content)',
  insights: '  --insights DIR   take the articles from this folder instead (default: CONTENT/insights)',
  assets: '  --assets DIR     PDFs and images, published as they are (default: assets)',
  out: '  --out DIR        where the site is written (default: out)',
  cache: '  --cache DIR      work kept between builds, safe to delete (default: .cache)',
  drafts: '  --drafts         include draft articles, badged "Draft" (local preview only)',
  'base-url': '  --base-url URL   site address for canonical and sharing links\n                   (default: siteUrl in content/site.md)',
  help: '  --help           show this help',
  version: "  --version        show the generator's version",
} satisfies Record<SiteOptionName, string>;

/** The help of these site options, for a command that takes only some of them. */
export function siteOptionsHelp(names: readonly SiteOptionName[]): string {
  return names.map((name) => `${SITE_OPTION_HELP[name]}\n`).join('');
}

export const SITE_OPTIONS_HELP = siteOptionsHelp(Object.keys(SITE_OPTION_HELP) as SiteOptionName[]);

export interface SiteOptions {
  contentDir: string;
  insightsDir: string | undefined;
  assetsDir: string;
  outDir: string;
  cacheDir: string;
  includeDrafts: boolean;
  baseUrl: string | undefined;
  /** The GitHub repository the browser editor commits to. */
  repository: string | undefined;
  help: boolean;
  version: boolean;
}

/** Parsed option values, by option name. */
export type OptionValues = Record<string, string | boolean | undefined>;

/** Reads a command line with node:util; any mistake is a UsageError with a one-line message. */
export function parseOptions(argv: readonly string[], options: ParseArgsConfig['options']): OptionValues {
  return parseLine(argv, options, false).values;
}

/** Reads a command line that also takes words other than options (the title of `npm run new`); any mistake is a UsageError. */
export function parseOptionsAndWords(argv: readonly string[], options: ParseArgsConfig['options']): { values: OptionValues; words: string[] } {
  return parseLine(argv, options, true);
}

/** The options every command takes as a folder's path. */
const FOLDER_OPTIONS = ['content', 'insights', 'assets', 'out', 'cache'];

/** An empty folder path would mean the current folder, the project itself: never what was meant, most often a variable that was not set. */
function requireFolderNames(values: OptionValues): void {
  const empty = FOLDER_OPTIONS.find((name) => values[name] === '');
  if (empty !== undefined) throw new UsageError(`--${empty} was given an empty folder path; pass --${empty} DIR, or leave the option out for its default.`);
}

function parseLine(argv: readonly string[], options: ParseArgsConfig['options'], allowPositionals: boolean): { values: OptionValues; words: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals, options });
  } catch (error) {
    // node:util's messages are clear but long; keep their first sentence.
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '').split('. ')[0]?.replace(/\.$/, '') : String(error);
    // node:util calls a value that looks like an option "ambiguous": most often the value was left out.
    const flag = /^Option '(-[^']*)' argument is ambiguous/.exec(message ?? '')?.[1];
    if (flag !== undefined) throw new UsageError(`Option '${flag}' needs a value, and '${argv[argv.indexOf(flag) + 1] ?? ''}' after it is another option. Run with --help to see the options.`);
    throw new UsageError(`${message}. Run with --help to see the options.`);
  }
  requireFolderNames(parsed.values);
  return { values: parsed.values, words: parsed.positionals };
}

/**
 * Reads a command line with the site options and any `extra` ones; any
 * mistake is a UsageError with a one-line message.
 */
export function parseCommandLine(argv: readonly string[], extra: ParseArgsConfig['options']): { site: SiteOptions; values: OptionValues } {
  const values = parseOptions(argv, { ...SITE_OPTIONS, ...extra });
  const baseUrl = values['base-url'] as string | undefined;
  if (baseUrl !== undefined && normaliseSiteUrl(baseUrl) === undefined) {
    throw new UsageError(`--base-url must be a full web address such as https://www.example.com, not "${baseUrl}".`);
  }
  const site: SiteOptions = {
    contentDir: values.content as string,
    insightsDir: values.insights as string | undefined,
    assetsDir: values.assets as string,
    outDir: values.out as string,
    cacheDir: values.cache as string,
    includeDrafts: values.drafts === true,
    baseUrl,
    repository: gitHubRepository(),
    help: values.help === true,
    version: values.version === true,
  };
  return { site, values };
}

/** What `notAFolder` says of a path that is there but is not a folder. */
const IS_A_FILE = 'is a file, not a folder';

/** Why a path given as a folder is not one, as the end of a sentence that names it; undefined when it is a folder. */
export async function notAFolder(dir: string): Promise<string | undefined> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined) return 'does not exist';
  return info.isDirectory() ? undefined : IS_A_FILE;
}

/**
 * The cache's folder is written before anything else: within out/ it would
 * be a folder the build did not make there, and within content/ or assets/
 * it would be published or committed with the content.
 */
function requireSeparateCache(cacheDir: string, others: readonly [string | undefined, string][]): void {
  for (const [dir, flag] of others) {
    if (dir !== undefined && overlaps(cacheDir, dir)) {
      throw new UsageError(`The --cache folder ${cacheDir} overlaps the ${flag} folder ${dir}; keep the cache in a folder of its own, such as .cache.`);
    }
  }
}

/**
 * Checks that the content and assets folders exist, and that the cache's and
 * the output's paths are folders of their own, before any work starts: the
 * build makes its cache before it writes out/, where the output is checked
 * again.
 */
export async function requireSiteFolders(options: Pick<SiteOptions, 'contentDir' | 'insightsDir' | 'assetsDir'> & { cacheDir?: string; outDir?: string }): Promise<void> {
  if (options.cacheDir !== undefined) {
    requireSeparateCache(options.cacheDir, [[options.outDir, '--out'], [options.contentDir, '--content'], [options.assetsDir, '--assets'], [options.insightsDir, '--insights']]);
    // The cache's folder is made when missing; a file in its place would stop the build half-way.
    if ((await notAFolder(options.cacheDir)) === IS_A_FILE) throw new UsageError(`The --cache folder ${options.cacheDir} ${IS_A_FILE}; remove it or pass --cache DIR.`);
  }
  for (const [dir, flag] of [
    [options.contentDir, '--content'],
    [options.assetsDir, '--assets'],
    ...(options.insightsDir === undefined ? [] : [[options.insightsDir, '--insights'] as const]),
  ] as const) {
    const why = await notAFolder(dir);
    if (why !== undefined) throw new UsageError(`The ${flag} folder ${dir} ${why}; check the path or pass ${flag} DIR.`);
  }
  // The articles' folder inside the content may be missing (a site with none yet), but a file of that name would stop the build half-way.
  const insights = path.join(options.contentDir, CONTENT_LAYOUT.insights);
  if (options.insightsDir === undefined && (await notAFolder(insights)) === IS_A_FILE) throw new UsageError(`The articles' folder ${insights} ${IS_A_FILE}; make it a folder, or pass --insights DIR.`);
  if (options.outDir !== undefined) guardOutputOverlap(options.outDir, sourceFolders(options));
}

/** The line that closes a list of content problems, counting the errors and the warnings told before them; only a build has an out/ to speak of. */
export function stoppedLine(error: ContentErrors, command = 'build'): string {
  const count = error.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = error.diagnostics.length - count;
  const besides = warnings === 0 ? '' : `, and ${counted(warnings, 'warning')} that alone would not stop it`;
  const kept = command === 'build' ? ' The previous out/ was left as it was.' : '';
  return `The ${command} stopped: ${counted(count, 'problem')} to fix in the content${besides}.${kept}`;
}

/**
 * A reader that stops reading early (`npm run build -- --help | head -1`) is
 * not a fault of the command: what it would still print is dropped, and the
 * command finishes its work as it would at a terminal.
 */
function ignoreClosedReader(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

/** How often a command looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * Ends the command when the process that started it is gone. `kill` of npm
 * alone ends npm and the shell it ran the script in; the command, left to
 * the system, would go on building or serving with no one to stop it. It is
 * told as Ctrl-C tells it, once, so the preview closes as it does then.
 */
function endWithParent(): void {
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    process.kill(process.pid, 'SIGINT');
  }, PARENT_CHECK_MS).unref();
}

/**
 * Runs a command's main function and turns its outcome into an exit code:
 * 0 done, 1 content errors, a failure to act on, or an unexpected fault,
 * 2 a usage mistake.
 *
 * @param command what the command does, for the message of an unexpected fault
 */
export function runCommand(command: 'build' | 'preview' | 'deploy' | 'report' | 'new article' | 'sample handouts' | 'translations', main: () => Promise<number>): void {
  ignoreClosedReader();
  endWithParent();
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = reportFailure(command, error);
    },
  );
}

/** Tells the person at the terminal why a command failed, in one line or a list of content problems; returns the exit code. */
export function reportFailure(command: string, error: unknown): number {
  const label = paint('red', 'error');
  if (error instanceof UsageError) {
    process.stderr.write(`${label} ${error.message}\n`);
    return 2;
  }
  if (error instanceof ContentErrors) {
    printDiagnostics(error.diagnostics);
    process.stderr.write(`${stoppedLine(error, command)}\n`);
    return 1;
  }
  if (error instanceof CommandFailure) {
    process.stderr.write(`${label} ${error.message}\n`);
    return 1;
  }
  // A fault of the generator itself, not of the content: one line, the stack only on request.
  const message = error instanceof Error ? error.message : String(error);
  const kept = command === 'build' ? ' The previous out/ was left as it was.' : '';
  process.stderr.write(`${label} The ${command} failed unexpectedly: ${message}.${kept} Run with SITE_DEBUG=1 for details.\n`);
  if (process.env.SITE_DEBUG) console.error(error);
  return 1;
}

/** What a build made, as its closing line counts it. */
export interface BuildSummary {
  pages: number;
  articles: number;
  topics: number;
}

/** "12 pages (3 articles, 25 handouts)" */
export function summaryLine(summary: BuildSummary, options: SiteOptions): string {
  return `${counted(summary.pages, 'page')} (${counted(summary.articles, 'article')}${options.includeDrafts ? ' including drafts' : ''}, ${counted(summary.topics, 'handout')})`;
}
