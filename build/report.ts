/**
 * `npm run report`: the reading level of every article, against the grade-8
 * target for patient material. Reads the content only; nothing is built.
 */
import path from 'node:path';
import { parseCommandLine, requireSiteFolders, runCommand } from './cli-options.ts';
import { fleschKincaidGrade, TARGET_GRADE, textStatistics } from './lib/reading-grade.ts';
import { loadContent } from './load.ts';
import { compareNewestFirst, modelArticle } from './model/articles.ts';
import { modelFigures } from './model/figures.ts';
import { parseSource } from './parse.ts';
import type { Article } from './types.ts';

runCommand('report', async () => {
  const { site: options } = parseCommandLine(process.argv.slice(2), {});
  if (options.help) {
    process.stdout.write('Print each article\'s words and Flesch–Kincaid grade.\n\nUsage: npm run report -- [--content DIR]\n');
    return 0;
  }
  await requireSiteFolders(options);
  const { content } = await loadContent(options.contentDir, options.assetsDir);
  const { figures } = modelFigures(content.figures);
  const articles = content.insights
    .map((source) => parseSource(source).parsed)
    .flatMap((parsed) => (parsed ? [modelArticle(parsed, [], figures)] : []))
    .filter((article): article is Article => article !== undefined)
    .sort(compareNewestFirst);
  const lines = ['| Article | Words | Sentences | Grade | |', '|---|---:|---:|---:|---|'];
  for (const article of articles) {
    const statistics = textStatistics(article.body.textBlocks);
    const grade = fleschKincaidGrade(statistics);
    const verdict = grade <= TARGET_GRADE ? 'at or below target' : `${(grade - TARGET_GRADE).toFixed(1)} above target`;
    lines.push(`| ${article.title}${article.draft ? ' (draft)' : ''} — ${path.basename(article.sourcePath)} | ${statistics.words} | ${statistics.sentences} | ${grade.toFixed(1)} | ${verdict} |`);
  }
  process.stdout.write(`Reading level (Flesch–Kincaid grade; target: ${TARGET_GRADE} or below for patient material)\n\n${lines.join('\n')}\n`);
  return 0;
});
