/**
 * Which articles a build shows, in what order, and at which addresses: drafts
 * left out unless asked for (spec §4), newest first, each at its title's
 * address with its file name's redirecting to it (spec §3), and two articles
 * claiming one address an error that names both.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { articleUrl } from './articles.ts';
import type { Article, ArticleAlias } from './types.ts';

/** Newest first; same-day articles by title, then address, then file, so the order never depends on the order files were read. */
function compareNewestFirst(a: Article, b: Article): number {
  // ISO days sort as text; only a tie needs the (slower) comparison of titles by locale.
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug) || (a.sourcePath < b.sourcePath ? -1 : a.sourcePath > b.sourcePath ? 1 : 0);
}

export interface Selection {
  /** The articles shown, newest first. */
  articles: Article[];
  /** The drafts left out. */
  hiddenDrafts: Article[];
  aliases: ArticleAlias[];
  diagnostics: ContentDiagnostic[];
}

/**
 * @param all every article of the content folder
 * @param includeDrafts true only for the author's local preview (`--drafts`)
 */
export function selectArticles(all: readonly Article[], includeDrafts: boolean): Selection {
  const shown = all.filter((article) => includeDrafts || !article.draft).sort(compareNewestFirst);
  const diagnostics: ContentDiagnostic[] = [];
  const owners = new Map<string, Article>();
  // The older article keeps an address; the newer one, most likely a copy whose title was not changed yet, is blamed.
  // Each language has its own addresses: a translation may keep its original's title.
  const claim = (slug: string, article: Article, how: 'title' | 'file name'): boolean => {
    const url = articleUrl(slug, article.language);
    const owner = owners.get(url);
    if (owner === undefined) {
      owners.set(url, article);
      return true;
    }
    diagnostics.push(problem('duplicateSlug', { file: article.sourcePath, line: article.titleLine }, { how, url, other: owner.sourcePath }));
    return false;
  };
  const oldestFirst = [...shown].reverse();
  const articles = new Set(oldestFirst.filter((article) => claim(article.slug, article, 'title')));
  const aliases: ArticleAlias[] = [];
  for (const article of oldestFirst) {
    if (!articles.has(article) || article.fileSlug === '' || article.fileSlug === article.slug) continue;
    if (claim(article.fileSlug, article, 'file name')) aliases.push({ url: articleUrl(article.fileSlug, article.language), article });
  }
  return {
    articles: shown.filter((article) => articles.has(article)),
    hiddenDrafts: includeDrafts ? [] : all.filter((article) => article.draft),
    aliases: aliases.reverse(),
    diagnostics,
  };
}
