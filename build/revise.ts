/**
 * The preview's way through an edit to article bodies alone, in the time a
 * save allows: the last plan, with the edited bodies read and processed
 * again and only the files that show them planned again (each article's
 * page, and the feeds when they carry it). No other file shows a body: the
 * lists, neighbours, cards and sitemap show the front matter. Any other
 * edit (front matter, a draft, a file outside the articles, a body that now
 * shows another image or has a problem) is planned whole, by planSite.
 */
import { changedArticles, type SourceFile } from './load/index.ts';
import { recordPage, type Fingerprints } from './check/index.ts';
import { processBodies, processMarkdown, publishedUrl, withEditedBodies, type DocumentFacts } from './markdown/index.ts';
import { modelArticle, type Article, type SiteModel } from './model/index.ts';
import type { Output } from './output.ts';
import { feedArticles } from './outputs/feeds.ts';
import { planArticlePage, type PlannedPage } from './pages/index.ts';
import { bodyEdit } from './parse/index.ts';
import { feedsOf, loadSlot, markdownJob, pagesInput, withBodyOf, type SitePlan } from './pipeline.ts';
import { reloadContent } from './load/index.ts';

/** A plan revised after edits to article bodies, and what the edits changed. */
export interface Revision {
  plan: SitePlan;
  /** The edited articles, by file. */
  articles: ReadonlyMap<string, Article>;
  /** Their pages, planned again. */
  pages: PlannedPage[];
  /** The files whose key changed: those pages, and the feeds when they carry an edited article. */
  changed: Output[];
}

/** The article each edited file now makes, by file; undefined when any edit is more than a shown article's body. */
function editedArticles(previous: SitePlan, after: readonly SourceFile[], names: readonly string[]): Map<string, Article> | undefined {
  const edited = new Map<string, Article>();
  for (const name of names) {
    const before = previous.loaded.articles.find((source) => source.path === name);
    const now = after.find((source) => source.path === name);
    const shown = previous.model.articles.some((article) => article.sourcePath === name);
    if (before === undefined || now === undefined || !shown) return undefined;
    if (before.digest === now.digest) continue;
    const parsed = bodyEdit(before, now);
    // The text before the body is the same, and with it every field and every problem the model stage finds.
    const article = parsed === undefined ? undefined : modelArticle(parsed, () => undefined);
    if (article === undefined) return undefined;
    edited.set(name, article);
  }
  return edited;
}

/** The raster images a body shows, which have copies of their own: a body that shows another is planned whole. */
function imagesShown(facts: DocumentFacts, pageUrl: string, plan: SitePlan): string {
  const images = facts.links.map((link) => publishedUrl(link.url, pageUrl)).filter((url) => plan.settings.imageSizes.has(url));
  return [...new Set(images)].sort().join('\n');
}

/** A list with items replaced in their places, each found by `same`: every one is in the list. */
function withReplaced<T>(list: readonly T[], replacements: Iterable<[T, T]>, same: (a: T, b: T) => boolean): T[] {
  const copy = [...list];
  for (const [old, replacement] of replacements) {
    const at = copy.findIndex((item) => same(item, old));
    if (at === -1) throw new Error('a revised item is not in the last plan');
    copy[at] = replacement;
  }
  return copy;
}

/** The model with the edited articles in their places, the redirects following them. */
function withArticles(model: SiteModel, edited: ReadonlyMap<string, Article>): SiteModel {
  const current = [...edited.values()];
  const articles = withReplaced(model.articles, current.map((article) => [article, article]), (a, b) => a.sourcePath === b.sourcePath);
  const aliases = withReplaced(model.aliases, model.aliases.filter((alias) => edited.has(alias.article.sourcePath)).map((alias) => [alias, { ...alias, article: edited.get(alias.article.sourcePath) as Article }]), (a, b) => a === b);
  return { ...model, articles, aliases };
}

/** A list with the items at these paths replaced. */
function replaced<T extends { path: string }>(list: readonly T[], items: readonly T[]): T[] {
  return withReplaced(list, items.map((item) => [item, item]), (a, b) => a.path === b.path);
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
 * @returns the revision, or undefined when the edits are more than bodies (planSite plans them)
 */
export async function reviseBodies(previous: SitePlan, changedPaths: readonly string[]): Promise<Revision | undefined> {
  const { options, memory, store } = previous;
  const names = await changedArticles(options, changedPaths);
  if (names === undefined) return undefined;
  const loaded = await reloadContent(options, store, previous.loaded, changedPaths);
  // Kept for the next build whatever comes of this one: it reads only the files changed after these.
  memory.set(loadSlot(options), loaded);
  const edited = editedArticles(previous, loaded.articles, names);
  const documents = edited === undefined ? undefined : await reprocess(previous, edited);
  if (edited === undefined || documents === undefined) return undefined;
  const model = withArticles(previous.model, edited);
  const revised = { ...previous, loaded, model, documents, withBody: withBodyOf(model, documents) };
  const input = pagesInput(revised);
  const pages = [...edited.keys()].map((file) => planArticlePage(input, model.articles.findIndex((article) => article.sourcePath === file)));
  const oldKeys = new Map(previous.audited.map((file) => [file.path, file.key]));
  const carried = feedArticles(model.articles).some((article) => edited.has(article.sourcePath));
  const feeds = carried ? feedsOf(revised).filter((feed) => oldKeys.get(feed.path) !== feed.key) : [];
  const changed = [...pages, ...feeds];
  const plan = { ...revised, pages: replaced(previous.pages, pages), outputs: replaced(previous.outputs, changed), audited: replaced(previous.audited, feeds) };
  return { plan, articles: edited, pages, changed };
}

/**
 * How many bodies the preview processes, and drops, after its first build:
 * enough different ones (tables, lists, links, footnotes) for the JIT to
 * compile what an edit runs.
 */
const REHEARSED_BODIES = 30;

/**
 * Runs what an edit to a body runs (processing bodies, rendering a page,
 * reading it for the checks), writing nothing, so that the first edit after
 * the preview starts runs code the JIT has compiled already: the first
 * build takes its bodies from the cache or the pool's threads and may render
 * no page, which would leave that code cold (see test/bench/README.md).
 */
export async function rehearseEdit(plan: SitePlan, prints: Fingerprints | undefined): Promise<void> {
  const articles = plan.model.articles.slice(0, REHEARSED_BODIES);
  for (const article of articles) processMarkdown(article.body, article.url, plan.settings);
  if (articles.length > 0) recordPage(await planArticlePage(pagesInput(plan), 0).render(), prints);
}
