/**
 * The preview's way through an edit to article bodies alone, in the time a
 * save allows: the last plan, with the edited bodies read and processed
 * again and only the files that show them planned again (each article's
 * page, and the feeds when they carry it). No other file shows a body: the
 * lists, neighbours, cards and sitemap show the front matter. A translation
 * of an edited original is made again as the model makes it, since its
 * standing reads the original's body, and its page planned again when that
 * changed (the notice that the original was updated). Any other
 * edit (front matter, a draft, a file outside the articles, a body that now
 * shows another image or has a problem) is planned whole, by planSite.
 */
import { hasErrors, type ContentDiagnostic } from './diagnostics/index.ts';
import { changedArticles, faultyImages, reloadArticles, type SourceFile } from './load/index.ts';
import { processBodies, publishedUrl, withEditedBodies, type DocumentFacts } from './markdown/index.ts';
import { DEFAULT_LANGUAGE } from './lib/languages.ts';
import { modelArticle, readersOf, withStandings, type Article, type SiteModel } from './model/index.ts';
import type { Output } from './output.ts';
import { feedArticles } from './outputs/index.ts';
import { planArticlePage, type PlannedPage } from './pages/index.ts';
import { bodyEdit } from './parse/index.ts';
import { feedsOf, loadSlot, markdownJob, pagesInput, withBodyOf, type SitePlan } from './pipeline.ts';

/** A plan revised after edits to article bodies, and what the edits changed. */
export interface Revision {
  plan: SitePlan;
  /** The articles planned again, by file: the edited ones, and each translation whose standing against an edited original changed. */
  articles: ReadonlyMap<string, Article>;
  /** The files whose bodies were edited, and processed again. */
  editedBodies: ReadonlySet<string>;
  /** Their pages, planned again. */
  pages: PlannedPage[];
  /** The files whose key changed: those pages, and the feeds when they carry an edited article. */
  changed: Output[];
}

/**
 * Where each article, page and file of a plan sits in its lists. A body
 * edit moves none of them, so the session works them out once from a plan
 * and every revision of it uses them, rather than searching lists of the
 * whole site at each edit; each is checked where it is used.
 */
export interface PlanPositions {
  /** In `model.articles`, by source path. */
  articles: ReadonlyMap<string, number>;
  /** In `model.aliases`, by the source path of the article each leads to. */
  aliases: ReadonlyMap<string, readonly number[]>;
  /** In `loaded.articles`, by path. */
  sources: ReadonlyMap<string, number>;
  /** In `pages`, `outputs` and `audited`, by path. */
  pages: ReadonlyMap<string, number>;
  outputs: ReadonlyMap<string, number>;
  audited: ReadonlyMap<string, number>;
}

/** The keys the positions go by: a file of out/ or of the content by its path, an article by its source file. */
const byPath = (item: { path: string }) => item.path;
const bySourcePath = (article: Article) => article.sourcePath;

function positionsBy<T>(list: readonly T[], keyOf: (item: T) => string): Map<string, number> {
  return new Map(list.map((item, at) => [keyOf(item), at]));
}

/** The positions of a plan made whole: O(N) once, so that each edit after it is not. */
export function planPositions(plan: SitePlan): PlanPositions {
  const aliases = new Map<string, number[]>();
  plan.model.aliases.forEach((alias, at) => aliases.set(alias.article.sourcePath, [...(aliases.get(alias.article.sourcePath) ?? []), at]));
  return {
    articles: positionsBy(plan.model.articles, bySourcePath),
    aliases,
    sources: positionsBy(plan.loaded.articles, byPath),
    pages: positionsBy(plan.pages, byPath),
    outputs: positionsBy(plan.outputs, byPath),
    audited: positionsBy(plan.audited, byPath),
  };
}

/** Where the item with this key is in the list, as the positions say; -1 when it is not there (a file added or removed since they were worked out). */
function positionOf<T>(list: readonly T[], positions: ReadonlyMap<string, number>, key: string, keyOf: (item: T) => string): number {
  const at = positions.get(key);
  const there = at === undefined ? undefined : list[at];
  return at !== undefined && there !== undefined && keyOf(there) === key ? at : -1;
}

/** A list with items replaced in their places: every one of them is in the list. */
function withReplaced<T>(list: readonly T[], replacements: Iterable<T>, positions: ReadonlyMap<string, number>, keyOf: (item: T) => string): T[] {
  const copy = list.slice();
  for (const replacement of replacements) {
    const at = positionOf(copy, positions, keyOf(replacement), keyOf);
    if (at === -1) throw new Error('a revised item is not in the last plan');
    copy[at] = replacement;
  }
  return copy;
}

/** The article each edited file now makes, by file; undefined when any edit is more than a shown article's body. */
function editedArticles(previous: SitePlan, after: readonly SourceFile[], names: readonly string[], positions: PlanPositions): Map<string, Article> | undefined {
  const edited = new Map<string, Article>();
  for (const name of names) {
    const before = previous.loaded.articles[positionOf(previous.loaded.articles, positions.sources, name, byPath)];
    const now = after[positionOf(after, positions.sources, name, byPath)];
    const shown = previous.model.articles[positionOf(previous.model.articles, positions.articles, name, bySourcePath)];
    if (before === undefined || now === undefined || shown === undefined) return undefined;
    if (before.digest === now.digest) continue;
    const parsed = bodyEdit(before, now);
    // The text before the body is the same, and with it every field and every problem the model stage finds of
    // them; an error it finds in the body (a translation still to finish) is reported by a plan made whole.
    const found: ContentDiagnostic[] = [];
    const article = parsed === undefined ? undefined : modelArticle(parsed, (diagnostic) => found.push(diagnostic));
    if (article === undefined || hasErrors(found)) return undefined;
    // Whether it translates an article, which decides whether its translator is named, is the last plan's: no other file changed.
    edited.set(name, { ...article, translatedBy: shown.translatedBy, translationReviewedBy: shown.translationReviewedBy });
  }
  return edited;
}

/**
 * The edited articles with their standing against their originals, and the
 * articles whose model reads an edited file besides their own (a translation
 * of an edited original: `readersOf`), made again as the model stage makes
 * them; each of those kept only when it changed, since its page shows what did.
 */
function withReaders(model: SiteModel, edited: ReadonlyMap<string, Article>): Map<string, Article> {
  const originals = new Map([...model.articles, ...model.hiddenDrafts].filter((article) => article.language === DEFAULT_LANGUAGE).map((article) => [article.sourcePath, article] as const));
  const readers = readersOf(model.articles, new Set(edited.keys()));
  const before = new Map(readers.map((article) => [article.sourcePath, JSON.stringify(article.standing)]));
  const revised = new Map<string, Article>();
  for (const article of withStandings([...edited.values(), ...readers], originals)) {
    if (edited.has(article.sourcePath) || before.get(article.sourcePath) !== JSON.stringify(article.standing)) revised.set(article.sourcePath, article);
  }
  return revised;
}

/**
 * The raster images a body shows, which have copies of their own, and those
 * that would show broken, which the whole plan reports: a body that shows
 * another is planned whole.
 */
function imagesShown(facts: DocumentFacts, pageUrl: string, plan: SitePlan): string {
  const faulty = faultyImages(plan.assets);
  const images = facts.links.map((link) => publishedUrl(link.url, pageUrl)).filter((url) => plan.settings.imageSizes.has(url) || faulty.has(url));
  return [...new Set(images)].sort().join('\n');
}

/** The model with the edited articles in their places, the redirects following them. */
function withArticles(model: SiteModel, edited: ReadonlyMap<string, Article>, positions: PlanPositions): SiteModel {
  const articles = withReplaced(model.articles, edited.values(), positions.articles, bySourcePath);
  const aliases = model.aliases.slice();
  for (const [file, article] of edited) {
    for (const at of positions.aliases.get(file) ?? []) {
      const alias = aliases[at];
      if (alias?.article.sourcePath !== file) throw new Error('a revised redirect is not in the last plan');
      aliases[at] = { ...alias, article };
    }
  }
  return { ...model, articles, aliases };
}

/** Processes the edited bodies; undefined when one has a problem or shows another image. */
async function reprocess(previous: SitePlan, edited: ReadonlyMap<string, Article>): Promise<SitePlan['documents'] | undefined> {
  const { store, memory, options } = previous;
  const processed = processBodies([...edited.values()].map(markdownJob), previous.settings, { store, memory, generator: options.generator });
  if ((await processed.finished).length > 0) return undefined;
  for (const article of edited.values()) {
    const [before, after] = await Promise.all([previous.documents.facts(article.sourcePath), processed.facts(article.sourcePath)]);
    if (imagesShown(before, article.url, previous) !== imagesShown(after, article.url, previous)) return undefined;
  }
  return withEditedBodies(previous.documents, processed, new Set(edited.keys()));
}

/**
 * The last plan revised after edits to article bodies.
 *
 * @param previous the plan of the last build that succeeded
 * @param changedPaths every path changed since, as the file watcher reported them
 * @param positions where things are in the lists of `previous`, or of the plan it revised
 * @returns the revision, or undefined when the edits are more than bodies (planSite plans them)
 */
export async function reviseBodies(previous: SitePlan, changedPaths: readonly string[], positions: PlanPositions): Promise<Revision | undefined> {
  const { options, memory } = previous;
  const names = await changedArticles(options, changedPaths);
  if (names === undefined) return undefined;
  const loaded = await reloadArticles(previous.loaded, names);
  // Kept for the next build whatever comes of this one: it reads only the files changed after these.
  memory.set(loadSlot(options), loaded);
  const edited = editedArticles(previous, loaded.articles, names, positions);
  const documents = edited === undefined ? undefined : await reprocess(previous, edited);
  if (edited === undefined || documents === undefined) return undefined;
  const articles = withReaders(previous.model, edited);
  const model = withArticles(previous.model, articles, positions);
  const revised = { ...previous, loaded, model, documents, withBody: withBodyOf(model, documents) };
  const pages = [...articles.values()].map((article) => {
    // An article's page is planned among the articles of its language, its neighbours among them.
    const input = pagesInput(revised, article.language);
    return planArticlePage(input, input.articles.findIndex((shown) => shown.sourcePath === article.sourcePath));
  });
  const carried = feedArticles(model.articles).some((article) => articles.has(article.sourcePath));
  const feeds = carried ? feedsOf(revised).filter((feed) => previous.audited[positionOf(previous.audited, positions.audited, feed.path, byPath)]?.key !== feed.key) : [];
  const changed = [...pages, ...feeds];
  const plan = {
    ...revised,
    pages: withReplaced(previous.pages, pages, positions.pages, byPath),
    outputs: withReplaced(previous.outputs, changed, positions.outputs, byPath),
    audited: withReplaced(previous.audited, feeds, positions.audited, byPath),
  };
  return { plan, articles, editedBodies: new Set(edited.keys()), pages, changed };
}
