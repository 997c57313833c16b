/**
 * `npm run report`: the reading level of every article, drafts included,
 * against the grade-8 target for patient material. Reads the content only;
 * nothing is written to out/.
 */
import path from 'node:path';
import { fleschKincaidGrade, TARGET_GRADE, textStatistics } from '../lib/reading-grade.ts';
import { answeredHelpOrVersion, parseCommandLine, requireSiteFolders, runCommand } from './options.ts';

process.env.NODE_ENV ??= 'production';

const HELP = "Print each article's words and Flesch–Kincaid grade.\n\nUsage: npm run report -- [--content DIR]\n";

runCommand('report', async () => {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (answeredHelpOrVersion(options, HELP)) return 0;
  await requireSiteFolders(options);
  const { planSite } = await import('../pipeline.ts');
  const plan = await planSite({ ...options, includeDrafts: true });
  const lines = ['| Article | Words | Sentences | Grade | |', '|---|---:|---:|---:|---|'];
  for (const article of plan.model.articles) {
    const statistics = textStatistics(await plan.documents.textBlocks(article.sourcePath));
    const grade = fleschKincaidGrade(statistics);
    const verdict = grade <= TARGET_GRADE ? 'at or below target' : `${(grade - TARGET_GRADE).toFixed(1)} above target`;
    lines.push(`| ${article.title}${article.draft ? ' (draft)' : ''} — ${path.basename(article.sourcePath)} | ${statistics.words} | ${statistics.sentences} | ${grade.toFixed(1)} | ${verdict} |`);
  }
  process.stdout.write(`Reading level (Flesch–Kincaid grade; target: ${TARGET_GRADE} or below for patient material)\n\n${lines.join('\n')}\n`);
  return 0;
});
