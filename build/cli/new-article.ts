/**
 * `npm run new -- "Title"`: starts a draft article dated today, with every
 * front-matter field, in the insights folder, and says what to do next;
 * `--es "Título"` a Spanish one, and `--translate FILE` the Spanish
 * translation of an English article. It never overwrites a file.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { answeredHelpOrVersion, HELP_AND_VERSION, notAFolder, parseOptionsAndWords, runCommand } from './options.ts';
import { CONTENT_LAYOUT, MAX_SLUG_LENGTH } from '../config.ts';
import { CommandFailure, formatDiagnostic, UsageError, type ContentDiagnostic } from '../diagnostics/index.ts';
import { digestOf } from '../load/index.ts';
import { modelArticle } from '../model/articles.ts';
import { parseFrontMatter, type ParsedSource } from '../parse/front-matter.ts';
import { articleSkeleton, translationSkeleton, type SkeletonLanguage } from './article-skeleton.ts';
import { buildTime } from './build-time.ts';
import { localCalendarDay } from '../lib/calendar-day.ts';
import { closestName } from '../lib/closest-name.ts';
import { firstFigureName } from '../lib/figure-token.ts';
import { toSlug } from '../lib/slug.ts';

const OPTIONS = {
  content: { type: 'string', default: 'content' },
  insights: { type: 'string' },
  es: { type: 'boolean', default: false },
  translate: { type: 'string' },
  ...HELP_AND_VERSION,
} as const satisfies ParseArgsConfig['options'];

const HELP = `Start a new draft article, dated today, with every front-matter field.

Usage: npm run new -- "Title of the article" [options]
       npm run new -- --es "Título del artículo" [options]
       npm run new -- --translate FILE [options]

  --es             start a Spanish article: named from its Spanish title, with
                   .es before .md, its comments and first text in Spanish
  --translate FILE start FILE.es.md, the Spanish translation of the English
                   article FILE.md (its name in the articles folder, .md or
                   not): the English front matter and, below a line
                   "TRADUCIR DESDE AQUÍ" the build will not publish, its text
  --content DIR    the content folder (default: content)
  --insights DIR   write the article into this folder (default: CONTENT/insights)
  --help           show this help
  --version        show the generator's version
`;

/** The title from the words given: quoted or not, on one line. */
function titleFrom(words: readonly string[]): string {
  const title = words.join(' ').replace(/\s+/g, ' ').trim();
  if (title === '') throw new UsageError('Give the article a title, for example: npm run new -- "Knee Pain: What Helps". Run with --help to see the options.');
  const slug = toSlug(title);
  if (slug === '') throw new UsageError(`The title "${title}" has no letter or digit to make the file name from; use words in it.`);
  const figure = firstFigureName(title);
  // The build would refuse the draft (figure-outside-text): a title is shown as written.
  if (figure !== undefined) throw new UsageError(`The title quotes {{${figure}}}, but figures are filled in only in an article's text; write the amount itself in the title.`);
  // The build would refuse the article's address (slug-too-long), and a file system refuses a name much longer.
  if (slug.length > MAX_SLUG_LENGTH) throw new UsageError(`The title makes an address of ${slug.length} characters, more than the ${MAX_SLUG_LENGTH} a file name can hold; shorten it.`);
  return title;
}

/** The folder the article goes in, which must exist: a mistyped path should not make a new folder nobody builds. */
async function insightsFolder(contentDir: string, insightsDir: string | undefined): Promise<string> {
  const folder = insightsDir ?? path.join(contentDir, CONTENT_LAYOUT.insights);
  const why = await notAFolder(folder);
  if (why !== undefined) {
    const flag = insightsDir === undefined ? '--content' : '--insights';
    throw new UsageError(`The articles folder ${folder} ${why}; check the path or pass ${flag} DIR.`);
  }
  return folder;
}

/**
 * Writes the file only if there is none by that name: an article already begun is never lost.
 *
 * @param whatNext what to do instead, when the file exists
 */
async function writeNew(file: string, text: string, whatNext: string): Promise<void> {
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CommandFailure(`${file} already exists, so nothing was written. ${whatNext}`);
    throw new CommandFailure(`${file} could not be written: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/** Where the English article to translate is: its file name in the articles folder, with or without `.md`. */
async function englishArticle(folder: string, name: string): Promise<{ file: string; parsed: ParsedSource; name: string }> {
  // A path from here into the folder, as a shell completes it, names the same file.
  const fromFolder = path.relative(folder, path.resolve(name));
  const base = (fromFolder.startsWith('..') || path.isAbsolute(fromFolder) ? name : fromFolder).replace(/\.md$/i, '');
  const file = path.relative(process.cwd(), path.join(folder, `${base}.md`));
  if (/\.es$/i.test(base)) throw new UsageError(`${file} is itself a Spanish translation; give the file name of the English article: npm run new -- --translate ${base.slice(0, -3)}.`);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) {
    const others = (await readdir(path.dirname(file)).catch(() => [])).filter((other) => /(?<!\.es)\.md$/i.test(other)).map((other) => other.slice(0, -3));
    const meant = closestName(path.basename(base), others);
    const guess = meant === undefined ? '' : ` Did you mean ${path.join(path.dirname(base), meant)}?`;
    throw new UsageError(`${file} does not exist, so there is no English article to translate.${guess} Give the file name of an article in ${folder}, with or without .md.`);
  }
  const result = parseFrontMatter({ path: file, text, digest: digestOf(text) });
  if ('diagnostic' in result) throw new CommandFailure(`Fix the English article first: ${formatDiagnostic(result.diagnostic)}`);
  return { file, parsed: result.parsed, name: base };
}

/** The folder's flags again, for the preview command it prints: an article written elsewhere is previewed from there. */
function previewFlags(contentDir: string, insightsDir: string | undefined): string {
  return [contentDir === OPTIONS.content.default ? '' : ` --content ${contentDir}`, insightsDir === undefined ? '' : ` --insights ${insightsDir}`].join('');
}

/** Where the article goes and how to preview it, from the command's folder options. */
interface Destination {
  folder: string;
  /** The preview command that shows drafts of that folder. */
  preview: string;
}

/** Starts the Spanish translation of an English article, beside it. */
async function startTranslation(name: string, { folder, preview }: Destination): Promise<void> {
  const english = await englishArticle(folder, name);
  const file = english.file.replace(/\.md$/, '.es.md');
  const problems: ContentDiagnostic[] = [];
  const article = modelArticle(english.parsed, (diagnostic) => problems.push(diagnostic));
  // Its versions are known only for an article with an address: the build would refuse the others too.
  if (article === undefined) throw new CommandFailure(`Fix the English article first: ${problems.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => formatDiagnostic(diagnostic)).join(' ')}`);
  await writeNew(file, translationSkeleton(english.parsed, { versions: article.versions, name: english.name }), 'Open it to go on translating.');
  process.stdout.write(
    `${file}\nThe Spanish translation of ${english.file}, a draft. Translate its title, summary and source titles, and the English text below the line "TRADUCIR DESDE AQUÍ", then delete that line; see it with: ${preview}\nWhen it is translated and reviewed, change "draft: true" to "draft: false".\n`,
  );
}

/** Starts a new article in English or Spanish, named by its title. */
async function startArticle(title: string, language: SkeletonLanguage, { folder, preview }: Destination): Promise<void> {
  // SOURCE_DATE_EPOCH, as for the build, so that a test knows which day "today" is.
  const today = localCalendarDay(buildTime(process.env.SOURCE_DATE_EPOCH, new Date()));
  const spanish = language === 'es';
  const file = path.relative(process.cwd(), path.join(folder, `${toSlug(title)}${spanish ? '.es' : ''}.md`));
  await writeNew(file, articleSkeleton(title, today, language), 'Open it to go on writing, or choose another title.');
  process.stdout.write(`${file}\nA ${spanish ? 'Spanish ' : ''}draft dated ${today}. Write the article in that file, then see it with: ${preview}\nWhen it is ready, change "draft: true" to "draft: false".\n`);
}

runCommand('new article', async () => {
  const { values, words } = parseOptionsAndWords(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const translate = values.translate as string | undefined;
  if (translate?.trim() === '') throw new UsageError('--translate needs the file name of the English article to translate, for example: npm run new -- --translate part-d-2026.');
  if (translate !== undefined && words.length > 0) throw new UsageError(`--translate takes only the English article's file name, not "${words.join(' ')}"; to start a Spanish article with a title of its own, run npm run new -- --es "Título".`);
  const title = translate === undefined ? titleFrom(words) : '';
  const contentDir = values.content as string;
  const insightsDir = values.insights as string | undefined;
  const destination = { folder: await insightsFolder(contentDir, insightsDir), preview: `npm run preview -- --drafts${previewFlags(contentDir, insightsDir)}` };
  if (translate !== undefined) await startTranslation(translate, destination);
  else await startArticle(title, values.es === true ? 'es' : 'en', destination);
  return 0;
});
