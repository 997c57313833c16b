/**
 * Every original of the site and its translation in each language the site
 * is written in, as `npm run translations` lists them: an article and its
 * `.es.md`, a topic's handout and its `.es.pdf`, each current, outdated (and
 * which parts of the original changed), not recorded, or missing; and which
 * pair a name given to `--current` means.
 */
import path from 'node:path';
import { shownPath } from '../diagnostics/index.ts';
import { closestName } from '../lib/closest-name.ts';
import { DEFAULT_LANGUAGE, fileLanguage, translatedFileName, type Language } from '../lib/languages.ts';
import type { PartVersions, TranslatedPart } from '../lib/translation-version.ts';
import { siteLanguages, translationsOf, type SiteModel } from '../model/index.ts';

/** Where a pair stands: a translation's standing, or no translation at all. */
export type PairState = 'current' | 'outdated' | 'unrecorded' | 'unreadable' | 'missing';

/** What `--current` records for a pair, and where. */
export type PairRecord = { kind: 'article'; file: string; versions: PartVersions } | { kind: 'handout'; pdf: string; version: string };

export interface TranslationPair {
  /** The original's file, as the terminal shows it. */
  original: string;
  /** Its translation's file, beside it (whether or not it is there). */
  translation: string;
  language: Language;
  state: PairState;
  /** For an outdated article, the parts of the original changed since the version its translation records. */
  changed: readonly TranslatedPart[];
  /** Whether the original or the translation is a draft. */
  draft: boolean;
  /** The name `--current` takes for it, as the build's messages give it. */
  name: string;
  /** The names it is known by: the original's file name and its path in the articles' folder, without `.md`; a handout's file name without `.pdf`. */
  known: readonly string[];
  record: PairRecord;
}

/** Where the content the pairs come from is. */
export interface PairFolders {
  insightsDir: string;
  assetsDir: string;
}

const withoutExtension = (file: string, extension: string) => (file.toLowerCase().endsWith(extension) ? file.slice(0, -extension.length) : file);

/** The languages translations are listed in: those the site is written in, but the default. */
const translatedLanguages = (model: SiteModel) => siteLanguages(model).filter((language) => language !== DEFAULT_LANGUAGE);

function articlePairs(model: SiteModel, folders: PairFolders): TranslationPair[] {
  const all = [...model.articles, ...model.hiddenDrafts];
  const translations = translationsOf(all);
  const originals = all.filter((article) => article.language === DEFAULT_LANGUAGE).sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1));
  return originals.flatMap((original) =>
    translatedLanguages(model).map((language) => {
      const translation = translations.get(original.sourcePath)?.get(language);
      const inFolder = withoutExtension(path.relative(folders.insightsDir, original.sourcePath).split(path.sep).join('/'), '.md');
      const name = path.basename(inFolder);
      const file = translation?.sourcePath ?? translatedFileName(original.sourcePath, language);
      const standing = translation?.standing ?? { state: translation === undefined ? ('missing' as const) : ('unrecorded' as const) };
      return {
        original: shownPath(original.sourcePath),
        translation: shownPath(file),
        language,
        state: standing.state,
        changed: standing.state === 'outdated' ? standing.changed : [],
        draft: original.draft || translation?.draft === true,
        name,
        known: [...new Set([name, inFolder])],
        record: { kind: 'article' as const, file, versions: original.versions },
      };
    }),
  );
}

function handoutPairs(model: SiteModel, folders: PairFolders, versions: ReadonlyMap<string, string>): TranslationPair[] {
  return model.topics.flatMap((topic) =>
    translatedLanguages(model).map((language) => {
      const translated = topic.translatedPdfs[language];
      const file = translatedFileName(`${topic.pdf}.pdf`, language);
      return {
        original: shownPath(path.join(folders.assetsDir, 'pdfs', `${topic.pdf}.pdf`)),
        translation: shownPath(path.join(folders.assetsDir, 'pdfs', file)),
        language,
        state: translated?.standing ?? 'missing',
        changed: [],
        draft: false,
        name: `${topic.pdf}.pdf`,
        known: [topic.pdf],
        record: { kind: 'handout' as const, pdf: topic.pdf, version: versions.get(`pdfs/${topic.pdf}.pdf`) ?? '' },
      };
    }),
  );
}

/**
 * Every pair: the articles in the order of their files, then the handouts in
 * the order of the topics.
 *
 * @param versions the version of each PDF of assets/, by its path there
 */
export function translationPairs(model: SiteModel, folders: PairFolders, versions: ReadonlyMap<string, string>): { articles: TranslationPair[]; handouts: TranslationPair[] } {
  return { articles: articlePairs(model, folders), handouts: handoutPairs(model, folders, versions) };
}

/** What a name given to `--current` means: the kind of file it names, its name in the list, and the language of a translation named. */
interface NameRead {
  kind: 'article' | 'handout' | 'either';
  base: string;
  language: Language | undefined;
}

/** A name as `--current` takes it: an article's, with or without `.md`, as a path or not, the original's or a translation's; a handout's, with `.pdf`. */
function readName(written: string, folders: PairFolders): NameRead {
  const fromFolder = path.relative(folders.insightsDir, path.resolve(written));
  const inFolder = fromFolder.startsWith('..') || path.isAbsolute(fromFolder) ? written : fromFolder;
  const slashes = inFolder.split(path.sep).join('/');
  const kind = /\.pdf$/i.test(slashes) ? 'handout' : /\.md$/i.test(slashes) ? 'article' : 'either';
  const named = withoutExtension(withoutExtension(kind === 'handout' ? path.posix.basename(slashes) : slashes, '.pdf'), '.md');
  const { language, original } = fileLanguage(`${named}.x`);
  return { kind, base: original.slice(0, -'.x'.length), language: language === DEFAULT_LANGUAGE ? undefined : language };
}

/** The pairs a name given to `--current` means, or why it means none. */
export type NameMatch = { pairs: TranslationPair[] } | { unknown: string; closest: string | undefined };

/**
 * @param written the name as typed
 * @param pairs every pair, as {@link translationPairs} lists them
 */
export function pairsNamed(written: string, pairs: { articles: readonly TranslationPair[]; handouts: readonly TranslationPair[] }, folders: PairFolders): NameMatch | { ambiguous: string } {
  const name = readName(written.trim(), folders);
  const matching = (list: readonly TranslationPair[]) => list.filter((pair) => pair.known.includes(name.base) && (name.language === undefined || pair.language === name.language));
  const articles = name.kind === 'handout' ? [] : matching(pairs.articles);
  const handouts = name.kind === 'article' ? [] : matching(pairs.handouts);
  if (articles.length > 0 && handouts.length > 0) return { ambiguous: name.base };
  // Two articles of one file name in different folders are told apart by their folders.
  const originals = new Set(articles.map((pair) => pair.original));
  if (originals.size > 1) return { ambiguous: name.base };
  const found = [...articles, ...handouts];
  if (found.length > 0) return { pairs: found };
  const names = [...(name.kind === 'handout' ? [] : pairs.articles), ...(name.kind === 'article' ? [] : pairs.handouts)].flatMap((pair) => pair.known);
  return { unknown: name.base, closest: closestName(name.base, [...new Set(names)]) };
}
