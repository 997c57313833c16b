/**
 * The build, as its ordered stages: load → parse → model → render → check.
 * Nothing here writes to disk; `buildSite` returns the files, and
 * `write.ts` alone puts them in out/.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { checkBuiltSite, keepPageMemo, loadPageMemo, savePageMemo } from './checks/index.ts';
import { DEFAULT_CACHE_DIR } from './config.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics.ts';
import { buildTime } from './lib/build-time.ts';
import { calendarDayOf, type CalendarDay } from './lib/calendar-day.ts';
import { CONTENT_LAYOUT, loadContent, reloadArticles, type AssetFile, type ContentLoad } from './load.ts';
import { mapByPlace, memoByIdentity, memoLastCall, sameData } from './lib/memo.ts';
import { markdownDocuments } from './markdown/documents.ts';
import { articleMarkdown, modelArticle, selectArticles, staleReview } from './model/articles.ts';
import { expiredFigures, figureValues, modelFigures } from './model/figures.ts';
import { modelSite } from './model/site.ts';
import { modelTopics } from './model/topics.ts';
import { renderSite, type BuiltPage } from './outputs/index.ts';
import { parseSource, type ParsedSource } from './parse.ts';
import type { MarkdownDocument } from './markdown/index.ts';
import type { Figure } from './model/figures.ts';
import type { Article, SiteModel } from './types.ts';
import { WorkerPool } from './workers/pool.ts';
import type { OutputFile } from './write.ts';

export type { BuiltPage };

export interface BuildOptions {
  contentDir: string;
  /** Where the articles are; `contentDir/insights` when not given. */
  insightsDir?: string;
  assetsDir: string;
  /** Include drafts, badged and kept out of search engines (`--drafts`, local preview only). */
  includeDrafts: boolean;
  /** Site address for canonical and sharing URLs; defaults to the identity file's `siteUrl`. */
  baseUrl?: string;
  /** The copyright year written in the HTML; the year of buildTime when not given. */
  year?: number;
  /** The day the build runs, against which review and figure ages are measured; from SOURCE_DATE_EPOCH or the clock when not given. */
  today?: CalendarDay;
  /** Where work is kept between builds (processed bodies, drawn sharing images, facts read from PDFs); safe to delete. */
  cacheDir?: string;
  /**
   * The files changed since the last build in this process, as a file
   * watcher saw them: only these are read again when they are all articles.
   * Without it, every file is read.
   */
  changedPaths?: readonly string[];
}

export interface SiteBuild {
  model: SiteModel;
  pages: readonly BuiltPage[];
  /** Every file of out/: pages, bundles, feeds, images and copied assets. */
  files: OutputFile[];
  /** Problems that did not stop the build. */
  warnings: ContentDiagnostic[];
  /**
   * Writes what the checks learnt of each page into the cache folder, so
   * that the next process need not read the unchanged pages again: the CLI
   * calls it once out/ is written, the preview when it has been idle a while.
   */
  saveMemo(): Promise<void>;
}

/** Content-derived facts about the assets folder that the model needs. */
function indexAssets(assets: readonly AssetFile[]) {
  const byPath = new Map(assets.map((asset) => [asset.relativePath, asset]));
  const pdfs = new Map(assets.filter((a) => a.relativePath.startsWith('pdfs/')).map((a) => [a.relativePath.slice('pdfs/'.length), a]));
  const imageSizes = new Map(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset.dimensions] as const] : [])));
  return { byPath, pdfs, imageSizes };
}

/** The last load of this process and the folders it read, for the preview to bring up to date. */
let lastLoad: { folders: string; load: ContentLoad } | undefined;

async function load(options: BuildOptions, cacheDir: string): Promise<ContentLoad> {
  const folders = JSON.stringify([options.contentDir, options.insightsDir, options.assetsDir, cacheDir]);
  const insightsDir = options.insightsDir ?? path.join(options.contentDir, CONTENT_LAYOUT.insights);
  const reloaded = options.changedPaths !== undefined && lastLoad?.folders === folders ? await reloadArticles(lastLoad.load, insightsDir, options.changedPaths) : undefined;
  const loaded = reloaded ?? (await loadContent(options.contentDir, options.assetsDir, options.insightsDir, cacheDir));
  lastLoad = { folders, load: loaded };
  return loaded;
}

// An unchanged file is the same object from build to build (see load), and so is all that is made of it.
const parse = memoByIdentity(parseSource);
const parseAll = mapByPlace(parse);
const figuresOf = memoLastCall(modelFigures);
const markdownOf = mapByPlace(memoByIdentity(articleMarkdown));
const assetsIndexOf = memoLastCall(indexAssets);
const siteOf = memoByIdentity(modelSite);
const topicsOf = memoByIdentity(modelTopics);
// The same warning objects for an unchanged article: the preview's worker formats each once (see build-worker.ts).
const staleReviewsOf = mapByPlace(memoByIdentity(staleReview));
const expiredFiguresOf = mapByPlace(memoByIdentity(expiredFigures));
// Thousands of warnings at 10,000 articles, which an edit to a body leaves as they were: sorted again only when one changes.
const sortedWarnings = memoLastCall(sortDiagnostics, sameData);
const articleOf = memoByIdentity((parsed: ParsedSource, figures: ReadonlyMap<string, Figure>, document: MarkdownDocument) => {
  const diagnostics: ContentDiagnostic[] = [];
  return { article: modelArticle(parsed, diagnostics, figures, document), diagnostics };
});

/**
 * Builds the whole site in memory.
 *
 * @throws {ContentErrors} with every problem found, when any is an error
 */
export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const pool = new WorkerPool(availableParallelism());
  try {
    return await buildWith(pool, options);
  } finally {
    await pool.close();
  }
}

async function buildWith(pool: WorkerPool, options: BuildOptions): Promise<SiteBuild> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const { content, diagnostics: loadDiagnostics } = await load(options, cacheDir);
  const diagnostics = [...loadDiagnostics];
  const assets = assetsIndexOf(content.assets);

  const parsedSite = content.site ? parse(content.site) : undefined;
  diagnostics.push(...(parsedSite?.diagnostics ?? []));
  const readArticles: ParsedSource[] = [];
  for (const result of parseAll(content.insights)) {
    // Most of 10,000 articles read without a problem: nothing to add for them.
    if (result.diagnostics.length > 0) diagnostics.push(...result.diagnostics);
    if (result.parsed !== undefined) readArticles.push(result.parsed);
  }

  const figuresResult = figuresOf(content.figures);
  diagnostics.push(...figuresResult.diagnostics);
  // Every body is processed here, once, in one batch: cached, or spread over the worker pool.
  const documents = await markdownDocuments(
    [...markdownOf(readArticles), ...(parsedSite?.parsed ? [{ body: parsedSite.parsed.body, pageUrl: '/about' }] : [])],
    { figures: figureValues(figuresResult.figures), imageSizes: assets.imageSizes },
    cacheDir,
    pool,
  );
  const siteResult = parsedSite?.parsed ? siteOf(parsedSite.parsed, assets.byPath, options.baseUrl, documents[readArticles.length]) : undefined;
  diagnostics.push(...(siteResult?.diagnostics ?? []));
  const allArticles: Article[] = [];
  for (const [index, parsed] of readArticles.entries()) {
    const { article, diagnostics: found } = articleOf(parsed, figuresResult.figures, documents[index] as MarkdownDocument);
    if (found.length > 0) diagnostics.push(...found);
    if (article !== undefined) allArticles.push(article);
  }
  const selection = selectArticles(allArticles, options.includeDrafts);
  diagnostics.push(...selection.diagnostics);
  const topicsResult = content.topics ? topicsOf(content.topics, assets.pdfs) : undefined;
  diagnostics.push(...(topicsResult?.diagnostics ?? []));

  const site = siteResult?.site;
  if (!site || !topicsResult || hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  const model: SiteModel = { site, articles: selection.articles, aliases: selection.aliases, topics: topicsResult.topics, systems: topicsResult.systems };
  const now = buildTime(process.env.SOURCE_DATE_EPOCH, new Date());
  const today = options.today ?? calendarDayOf(now);
  for (const warning of [...staleReviewsOf(model.articles, site.reviewMaxAgeMonths, today), ...expiredFiguresOf(model.articles, Number(today.slice(0, 4)))]) if (warning !== undefined) diagnostics.push(warning);

  const { pages, files, drawing } = await renderSite(model, content.assets, { year: options.year ?? now.getUTCFullYear(), cacheDir, pool });
  // The checks render and read every page on this thread while the pool draws the new sharing images.
  const [checks] = await Promise.all([checkBuiltSite(model, pages, files, allArticles.filter((article) => article.draft), options.includeDrafts, await loadPageMemo(cacheDir)), drawing]);
  diagnostics.push(...checks.diagnostics);
  if (hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  keepPageMemo(cacheDir, checks.memo);
  return { model, pages, files, warnings: sortedWarnings(diagnostics), saveMemo: () => savePageMemo(cacheDir, checks.memo, pages) };
}
