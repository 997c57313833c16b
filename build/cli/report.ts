/**
 * `npm run report`: the reading level of every English article, drafts
 * included, against the grade-8 target for patient material. Reads the content only;
 * nothing is written to out/.
 */
import path from 'node:path';
import { DEFAULT_LANGUAGE } from '../lib/languages.ts';
import { fleschKincaidGrade, TARGET_GRADE, textStatistics } from '../lib/reading-grade.ts';
import { answeredHelpOrVersion, parseOptions, requireSiteFolders, runCommand, SITE_OPTIONS, siteOptionsHelp, type SiteOptionName } from './options.ts';

process.env.NODE_ENV ??= 'production';

/** The build's options that say where the content is: the report writes no site, and always reads the drafts. */
const TAKEN: readonly SiteOptionName[] = ['content', 'insights', 'assets', 'cache', 'help', 'version'];
const OPTIONS = Object.fromEntries(TAKEN.map((name) => [name, SITE_OPTIONS[name]]));

const HELP = `Print each article's words and Flesch–Kincaid grade, drafts included.

Usage: npm run report -- [options]

Options:
${siteOptionsHelp(TAKEN)}`;

runCommand('report', async () => {
  const values = parseOptions(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const options = { contentDir: values.content as string, insightsDir: values.insights as string | undefined, assetsDir: values.assets as string, cacheDir: values.cache as string };
  await requireSiteFolders(options);
  const { planSite } = await import('../pipeline.ts');
  const plan = await planSite({ ...options, includeDrafts: true });
  const lines = ['| Article | Words | Sentences | Grade | |', '|---|---:|---:|---:|---|'];
  // The Flesch–Kincaid grade is a formula for English; a translation is not given an English grade.
  const [graded, ungraded] = [plan.model.articles.filter((article) => article.language === DEFAULT_LANGUAGE), plan.model.articles.filter((article) => article.language !== DEFAULT_LANGUAGE)];
  for (const article of graded) {
    const statistics = textStatistics(await plan.documents.textBlocks(article.sourcePath));
    const grade = fleschKincaidGrade(statistics);
    const verdict = grade <= TARGET_GRADE ? 'at or below target' : `${(grade - TARGET_GRADE).toFixed(1)} above target`;
    lines.push(`| ${article.title}${article.draft ? ' (draft)' : ''} — ${path.basename(article.sourcePath)} | ${statistics.words} | ${statistics.sentences} | ${grade.toFixed(1)} | ${verdict} |`);
  }
  const untold = ungraded.length === 0 ? '' : `\nNot graded, as the grade is a formula for English: ${ungraded.map((article) => path.basename(article.sourcePath)).join(', ')}.\n`;
  process.stdout.write(`Reading level (Flesch–Kincaid grade; target: ${TARGET_GRADE} or below for patient material)\n\n${lines.join('\n')}\n${untold}`);
  return 0;
});
