/**
 * `npm run translations`: every article and handout beside its translation
 * in each language the site is written in, drafts included, and where each
 * stands: current, outdated (since which parts of the original changed), not
 * recorded, or missing. `--current NAME` records a translation reviewed
 * against its original as current, by writing the original's version in its
 * record (`translatedFrom`), and nothing else. Reads the content only;
 * nothing is written to out/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_LAYOUT } from '../config.ts';
import { CommandFailure, shownPath, UsageError } from '../diagnostics/index.ts';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import { LANGUAGE_NAMES } from '../lib/languages.ts';
import { listOf } from '../lib/list-of.ts';
import { answeredHelpOrVersion, parseOptions, requireSiteFolders, runCommand, SITE_OPTIONS, siteOptionsHelp, type SiteOptionName } from './options.ts';
import { pairsNamed, translationPairs, type PairFolders, type TranslationPair } from './translation-pairs.ts';
import { withArticleRecord, withHandoutRecord } from './translation-records.ts';

process.env.NODE_ENV ??= 'production';

/** The build's options that say where the content is: the list writes no site, and always reads the drafts. */
const TAKEN: readonly SiteOptionName[] = ['content', 'insights', 'assets', 'cache', 'help', 'version'];
const OPTIONS = { ...Object.fromEntries(TAKEN.map((name) => [name, SITE_OPTIONS[name]])), current: { type: 'string' } } as const;

const HELP = `List every article and handout with its translation, drafts included, and
whether each translation is current, outdated (and which parts of the original
changed since it was made), not recorded, or missing.

Usage: npm run translations -- [options]
       npm run translations -- --current NAME [options]

  --current NAME   record the translation of NAME as current, once it says what
                   the original says now: NAME is an article's file name, with
                   or without .md (part-d-2026, part-d-2026.es.md), or a
                   handout's (low-back-pain.pdf)
${siteOptionsHelp(TAKEN)}`;

/** Where a pair stands, in words. */
function stateWords(pair: TranslationPair): string {
  const language = LANGUAGE_NAMES[pair.language];
  switch (pair.state) {
    case 'current':
      return 'current';
    case 'outdated':
      return pair.changed.length === 0 ? 'outdated: the original changed since it was translated' : `outdated: the original's ${listOf([...pair.changed])} changed since it was translated`;
    case 'missing':
      return `missing: no ${language} translation`;
    case 'unreadable':
      return "not recorded: its 'translatedFrom' is not a record the tools write";
    default:
      return 'not recorded: which version it translates is not known';
  }
}

/** The pairs as a table, with how many need the physician. */
function listing(pairs: { articles: readonly TranslationPair[]; handouts: readonly TranslationPair[] }): string {
  const all = [...pairs.articles, ...pairs.handouts];
  const rows = all.map((pair) => `| ${pair.original}${pair.draft ? ' (draft)' : ''} | ${pair.state === 'missing' ? '—' : path.basename(pair.translation)} | ${stateWords(pair)} |`);
  const count = (states: readonly string[]) => all.filter((pair) => states.includes(pair.state)).length;
  const summary = `${pairs.articles.length} articles and ${pairs.handouts.length} handouts: ${count(['current'])} current, ${count(['outdated'])} outdated, ${count(['unrecorded', 'unreadable'])} not recorded, ${count(['missing'])} missing.`;
  const next = count(['outdated', 'unrecorded', 'unreadable']) === 0 ? '' : '\nOnce a translation says what its original says now: npm run translations -- --current NAME.\n';
  return `Translations (${summary})\n\n| Original | Translation | Status |\n|---|---|---|\n${rows.join('\n')}\n${next}`;
}

/** Writes the record of one pair; what it did, in a sentence. */
function recordCurrent(pair: TranslationPair, topicsFile: string): string {
  const translation = path.basename(pair.translation);
  if (pair.state === 'missing') {
    const start = pair.record.kind === 'article' ? `start one with npm run new -- --translate ${pair.name}` : `save it as ${pair.translation}`;
    throw new CommandFailure(`${pair.original} has no ${LANGUAGE_NAMES[pair.language]} translation (${translation}) to record as current; ${start}.`);
  }
  if (pair.state === 'current') return `${translation} already records the current version of ${pair.original}; nothing was written.`;
  const { record } = pair;
  if (record.kind === 'handout' && record.version === '') throw new CommandFailure(`${pair.original} is missing, so there is no version of it to record; npm run build says what to do.`);
  const file = record.kind === 'article' ? record.file : topicsFile;
  const text = readFileSync(file, 'utf8');
  const updated = record.kind === 'article' ? withArticleRecord(text, record.versions, { file: shownPath(file), name: pair.name }) : withHandoutRecord(text, record.version, { file: shownPath(file), pdf: record.pdf, language: pair.language });
  writeFileAtomic(file, updated);
  const was = pair.state === 'outdated' ? `it was outdated: ${stateWords(pair).replace(/^outdated: /, '')}` : 'it recorded none before';
  return `${translation} now records the current version of ${pair.original} (${was}), in ${shownPath(file)}: the build no longer warns of it${pair.record.kind === 'article' ? ', and its page no longer says the original was updated' : ''}.`;
}

/** Records the pairs a name means as current; the sentences to print. */
function markCurrent(written: string, pairs: ReturnType<typeof translationPairs>, folders: PairFolders & { topicsFile: string }): string[] {
  if (written.trim() === '') throw new UsageError('--current needs the name of an article or a handout, for example: npm run translations -- --current part-d-2026.');
  const match = pairsNamed(written, pairs, folders);
  if ('ambiguous' in match) throw new UsageError(`"${written}" names more than one article or handout; write an article's name with .md (or its folder), or a handout's with .pdf.`);
  if ('unknown' in match) {
    const guess = match.closest === undefined ? '' : ` Did you mean ${match.closest}?`;
    throw new UsageError(`No article or handout is named "${match.unknown}".${guess} npm run translations lists every one, by its file name.`);
  }
  return match.pairs.map((pair) => recordCurrent(pair, folders.topicsFile));
}

runCommand('translations', async () => {
  const values = parseOptions(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const contentDir = values.content as string;
  const options = { contentDir, insightsDir: values.insights as string | undefined, assetsDir: values.assets as string, cacheDir: values.cache as string };
  await requireSiteFolders(options);
  const [{ modelled }, { CacheStore }, { Memory }] = await Promise.all([import('../pipeline.ts'), import('../store/index.ts'), import('../memory.ts')]);
  const { model, loaded } = await modelled({ ...options, includeDrafts: true }, new CacheStore(options.cacheDir), new Memory());
  const folders = { insightsDir: options.insightsDir ?? path.join(contentDir, CONTENT_LAYOUT.insights), assetsDir: options.assetsDir, topicsFile: path.join(contentDir, CONTENT_LAYOUT.topics) };
  const versions = new Map(loaded.assets.flatMap((asset) => (asset.version === undefined ? [] : [[asset.relativePath, asset.version] as const])));
  const pairs = translationPairs(model, folders, versions);
  const current = values.current as string | undefined;
  process.stdout.write(current === undefined ? listing(pairs) : `${markCurrent(current, pairs, folders).join('\n')}\n`);
  return 0;
});
