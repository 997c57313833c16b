/**
 * `npm run report`: the reading level of every article, drafts included,
 * against the target for patient material: the Flesch–Kincaid grade for
 * English, Szigriszt-Pazos's perspicuity on the INFLESZ scale (with
 * Fernández-Huerta beside it) for Spanish. Reads the content only; nothing is
 * written to out/.
 */
import path from 'node:path';
import type { Article } from '../model/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../lib/languages.ts';
import { fernandezHuerta, fleschKincaidGrade, infleszBand, szigrisztPazos, TARGET_GRADE, TARGET_PERSPICUITY, textStatistics, type TextStatistics } from '../lib/reading-grade.ts';
import { answeredHelpOrVersion, parseOptions, requireSiteFolders, runCommand, SITE_OPTIONS, siteOptionsHelp, type SiteOptionName } from './options.ts';

process.env.NODE_ENV ??= 'production';

/** The build's options that say where the content is: the report writes no site, and always reads the drafts. */
const TAKEN: readonly SiteOptionName[] = ['content', 'insights', 'assets', 'cache', 'help', 'version'];
const OPTIONS = Object.fromEntries(TAKEN.map((name) => [name, SITE_OPTIONS[name]]));

const HELP = `Print each article's words, sentences and reading level, drafts included:
English articles their Flesch–Kincaid grade (target: ${TARGET_GRADE} or below), Spanish
ones their Szigriszt-Pazos perspicuity on the INFLESZ scale, with its band (target:
${TARGET_PERSPICUITY} or above, "bastante fácil"), and their Fernández-Huerta reading ease.

Usage: npm run report -- [options]

Options:
${siteOptionsHelp(TAKEN)}`;

/** One language's table: its heading, its columns after the words and sentences, and those columns for one article. */
interface LevelTable {
  heading: string;
  columns: string;
  alignments: string;
  cells: (statistics: TextStatistics) => string[];
}

/** Each language's measure: a formula made for the language, never another's. */
const TABLES: Record<Language, LevelTable> = {
  en: {
    heading: `Reading level (Flesch–Kincaid grade; target: ${TARGET_GRADE} or below for patient material)`,
    columns: 'Grade | ',
    alignments: '---:|---',
    cells: (statistics) => {
      const grade = fleschKincaidGrade(statistics);
      return [grade.toFixed(1), grade <= TARGET_GRADE ? 'at or below target' : `${(grade - TARGET_GRADE).toFixed(1)} above target`];
    },
  },
  es: {
    heading: `Spanish reading ease (Szigriszt-Pazos perspicuity on the INFLESZ scale; target: ${TARGET_PERSPICUITY} or above, "bastante fácil", for patient material; Fernández-Huerta beside it)`,
    columns: 'INFLESZ | Band | Fernández-Huerta | ',
    alignments: '---:|---|---:|---',
    cells: (statistics) => {
      const perspicuity = szigrisztPazos(statistics);
      const verdict = perspicuity >= TARGET_PERSPICUITY ? 'at or above target' : `${(TARGET_PERSPICUITY - perspicuity).toFixed(1)} below target`;
      return [perspicuity.toFixed(1), infleszBand(perspicuity), fernandezHuerta(statistics).toFixed(1), verdict];
    },
  },
};

/** One language's table, in markdown, its articles one a row. */
async function levelTable(language: Language, articles: readonly Article[], textBlocks: (file: string) => Promise<string[]>): Promise<string> {
  const table = TABLES[language];
  const lines = [table.heading, '', `| Article | Words | Sentences | ${table.columns}|`, `|---|---:|---:|${table.alignments}|`];
  for (const article of articles) {
    const statistics = textStatistics(await textBlocks(article.sourcePath), language);
    const cells = [`${article.title}${article.draft ? ' (draft)' : ''} — ${path.basename(article.sourcePath)}`, statistics.words, statistics.sentences, ...table.cells(statistics)];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

runCommand('report', async () => {
  const values = parseOptions(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const options = { contentDir: values.content as string, insightsDir: values.insights as string | undefined, assetsDir: values.assets as string, cacheDir: values.cache as string };
  await requireSiteFolders(options);
  const { planSite } = await import('../pipeline.ts');
  const plan = await planSite({ ...options, includeDrafts: true });
  const textBlocks = (file: string) => plan.documents.textBlocks(file);
  const tables: string[] = [];
  // English is always reported, as a site starts in English; another language once it has an article.
  for (const language of LANGUAGES) {
    const articles = plan.model.articles.filter((article) => article.language === language);
    if (language === DEFAULT_LANGUAGE || articles.length > 0) tables.push(await levelTable(language, articles, textBlocks));
  }
  process.stdout.write(tables.join('\n'));
  return 0;
});
