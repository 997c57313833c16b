/**
 * `npm run new -- "Title"`: starts a draft article dated today, with every
 * front-matter field, in the insights folder, and says what to do next. It
 * never overwrites a file.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { answeredHelpOrVersion, HELP_AND_VERSION, notAFolder, parseOptionsAndWords, runCommand } from './options.ts';
import { CONTENT_LAYOUT, MAX_SLUG_LENGTH } from '../config.ts';
import { CommandFailure, UsageError } from '../diagnostics/index.ts';
import { articleSkeleton } from './article-skeleton.ts';
import { buildTime } from './build-time.ts';
import { localCalendarDay } from '../lib/calendar-day.ts';
import { firstFigureName } from '../lib/figure-token.ts';
import { toSlug } from '../lib/slug.ts';

const OPTIONS = {
  content: { type: 'string', default: 'content' },
  insights: { type: 'string' },
  ...HELP_AND_VERSION,
} as const satisfies ParseArgsConfig['options'];

const HELP = `Start a new draft article, dated today, with every front-matter field.

Usage: npm run new -- "Title of the article" [options]

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

/** Writes the file only if there is none by that name: an article already begun is never lost. */
async function writeNew(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CommandFailure(`${file} already exists, so nothing was written. Open it to go on writing, or choose another title.`);
    throw new CommandFailure(`${file} could not be written: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

runCommand('new article', async () => {
  const { values, words } = parseOptionsAndWords(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const title = titleFrom(words);
  const contentDir = values.content as string;
  const insightsDir = values.insights as string | undefined;
  const folder = await insightsFolder(contentDir, insightsDir);
  // SOURCE_DATE_EPOCH, as for the build, so that a test knows which day "today" is.
  const today = localCalendarDay(buildTime(process.env.SOURCE_DATE_EPOCH, new Date()));
  const file = path.relative(process.cwd(), path.join(folder, `${toSlug(title)}.md`));
  await writeNew(file, articleSkeleton(title, today));
  const previewFlags = [contentDir === OPTIONS.content.default ? '' : ` --content ${contentDir}`, insightsDir === undefined ? '' : ` --insights ${insightsDir}`].join('');
  process.stdout.write(
    `${file}\nA draft dated ${today}. Write the article in that file, then see it with: npm run preview -- --drafts${previewFlags}\nWhen it is ready, change "draft: true" to "draft: false".\n`,
  );
  return 0;
});
