/**
 * The build, as its ordered stages: load → parse → model → render → check.
 * Nothing here writes to disk; `buildSite` returns the files, and
 * `write.ts` alone puts them in out/.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { checkBuiltSite, keepPageMemo, loadPageMemo, savePageMemo } from './checks/index.ts';
import { CONTENT_LAYOUT, DEFAULT_CACHE_DIR } from './config.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics.ts';
import { isArticleFile } from './lib/article-file.ts';
import { buildTime } from './lib/build-time.ts';
import { calendarDayOf, type CalendarDay } from './lib/calendar-day.ts';
import { loadContent, readSource, reloadArticles, type AssetFile, type ContentLoad } from './load.ts';
import { flatMapByPlace, joinedByPlace, mapByPlace, memoByIdentity, memoLastCall, sameData, zipByPlace } from './lib/memo.ts';
import { MarkdownDocuments } from './markdown/documents.ts';
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
  files: readonly OutputFile[];
  /** Problems that did not stop the build. */
  warnings: ContentDiagnostic[];
  /**
   * Settles once the sharing images not cached yet are drawn, which may be
   * after the build returns: the files copied from the cache (`copyFrom`)
   * must wait for it, the pages need not (see `writeSite`). Rejects when an
   * image cannot be drawn. Until it is called, the pool draws on every core
   * but one, which renders and writes the pages; called once this thread is
   * free, it gives the pool that core too.
   */
  finishImages: () => Promise<void>;
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
let lastLoad: { folders: string; insightsDir: string; load: ContentLoad } | undefined;

async function load(options: BuildOptions, cacheDir: string): Promise<ContentLoad> {
  const folders = JSON.stringify([options.contentDir, options.insightsDir, options.assetsDir, cacheDir]);
  const insightsDir = options.insightsDir ?? path.join(options.contentDir, CONTENT_LAYOUT.insights);
  const reloaded = options.changedPaths !== undefined && lastLoad?.folders === folders ? await reloadArticles(lastLoad.load, insightsDir, options.changedPaths) : undefined;
  const loaded = reloaded ?? (await loadContent(options.contentDir, options.assetsDir, options.insightsDir, cacheDir));
  lastLoad = { folders, insightsDir, load: loaded };
  return loaded;
}

// An unchanged file is the same object from build to build (see load), and so is all that is made of it.
const parse = memoByIdentity(parseSource);
const parseAll = mapByPlace(parse);
// Most of 10,000 articles read without a problem: nothing to add for them.
const parseDiagnosticsOf = flatMapByPlace((result: ReturnType<typeof parseSource>) => result.diagnostics);
const parsedOf = flatMapByPlace((result: ReturnType<typeof parseSource>) => (result.parsed === undefined ? [] : [result.parsed]));
const figuresOf = memoLastCall(modelFigures);
const markdownOf = mapByPlace(memoByIdentity(articleMarkdown));
const siteMarkdownOf = memoByIdentity((parsed: ParsedSource) => [{ body: parsed.body, pageUrl: '/about' }]);
const articleDocuments = new MarkdownDocuments();
const siteDocuments = new MarkdownDocuments();
const assetsIndexOf = memoLastCall(indexAssets);
const siteOf = memoByIdentity(modelSite);
const topicsOf = memoByIdentity(modelTopics);
// The same warning objects for an unchanged article: the preview's worker formats each once (see build-worker.ts).
const staleReviewsOf = mapByPlace(memoByIdentity(staleReview));
const expiredFiguresOf = mapByPlace(memoByIdentity(expiredFigures));
const definedWarnings = flatMapByPlace((warning: ContentDiagnostic | undefined) => (warning === undefined ? [] : [warning]));
const joinedWarnings = joinedByPlace<ContentDiagnostic | undefined>();
// Thousands of warnings at 10,000 articles, which an edit to a body leaves as they were: sorted again only when one changes.
const sortedWarnings = memoLastCall(sortDiagnostics, sameData);
const articlesOf = zipByPlace(
  memoByIdentity((parsed: ParsedSource, document: MarkdownDocument, figures: ReadonlyMap<string, Figure>) => {
    const diagnostics: ContentDiagnostic[] = [];
    return { article: modelArticle(parsed, diagnostics, figures, document), diagnostics };
  }),
);
const articleDiagnosticsOf = flatMapByPlace((result: { diagnostics: readonly ContentDiagnostic[] }) => result.diagnostics);
const draftsOf = flatMapByPlace((article: Article) => (article.draft ? [article] : []));
const modelledOf = flatMapByPlace((result: { article?: Article }) => (result.article === undefined ? [] : [result.article]));

/**
 * Builds the whole site in memory.
 *
 * @throws {ContentErrors} with every problem found, when any is an error
 */
export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const pool = new WorkerPool(availableParallelism());
  let build: BuiltWith;
  try {
    build = await buildWith(pool, options);
  } catch (error) {
    await pool.close();
    throw error;
  }
  const { drawing, ...built } = build;
  // The pool draws on after the build returns; it stops once the last image is drawn.
  const imagesDrawn = drawing.finally(() => pool.close());
  // Whoever writes the files awaits it and meets a failure there; a build whose files are never written must not fail the process.
  imagesDrawn.catch(() => undefined);
  const finishImages = () => {
    // At 10,000 articles a third of the images were left when the pages were written: a quarter of the build, on one core of two.
    pool.resize(availableParallelism());
    return imagesDrawn;
  };
  return { ...built, finishImages };
}

/** A build as its stages leave it: the sharing images drawing on, on the pool as sized for the pages' stage. */
type BuiltWith = Omit<SiteBuild, 'finishImages'> & { drawing: Promise<void> };

async function buildWith(pool: WorkerPool, options: BuildOptions): Promise<BuiltWith> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const { content, diagnostics: loadDiagnostics } = await load(options, cacheDir);
  const diagnostics = [...loadDiagnostics];
  // Lists as long as the articles are added item by item: spread into one call, 100,000 of them would overflow the stack.
  const report = (found: readonly ContentDiagnostic[]) => {
    for (const diagnostic of found) diagnostics.push(diagnostic);
  };
  const assets = assetsIndexOf(content.assets);

  const parsedSite = content.site ? parse(content.site) : undefined;
  diagnostics.push(...(parsedSite?.diagnostics ?? []));
  const parseResults = parseAll(content.insights);
  report(parseDiagnosticsOf(parseResults));
  const readArticles = parsedOf(parseResults);

  const figuresResult = figuresOf(content.figures);
  diagnostics.push(...figuresResult.diagnostics);
  // Every body is processed here, once, in one batch: cached, or spread over the worker pool.
  const settings = { figures: figureValues(figuresResult.figures), imageSizes: assets.imageSizes };
  const [documents, [siteDocument]] = await Promise.all([
    articleDocuments.documents(markdownOf(readArticles), settings, cacheDir, pool),
    parsedSite?.parsed ? siteDocuments.documents(siteMarkdownOf(parsedSite.parsed), settings, cacheDir, pool) : [],
  ]);
  // From here this thread renders, checks and writes every page while the pool draws the sharing images: the pool leaves it a core.
  // A third thread on two cores gained a 10,000-article build nothing, and its worker's heap and buffers were a tenth of the build's peak.
  pool.resize(availableParallelism() - 1);
  const siteResult = parsedSite?.parsed ? siteOf(parsedSite.parsed, assets.byPath, options.baseUrl, siteDocument) : undefined;
  diagnostics.push(...(siteResult?.diagnostics ?? []));
  const articleResults = articlesOf(readArticles, documents, figuresResult.figures);
  report(articleDiagnosticsOf(articleResults));
  const allArticles = modelledOf(articleResults);
  const selection = selectArticles(allArticles, options.includeDrafts);
  diagnostics.push(...selection.diagnostics);
  const topicsResult = content.topics ? topicsOf(content.topics, assets.pdfs) : undefined;
  diagnostics.push(...(topicsResult?.diagnostics ?? []));

  const site = siteResult?.site;
  if (!site || !topicsResult || hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  const model: SiteModel = { site, articles: selection.articles, aliases: selection.aliases, topics: topicsResult.topics, systems: topicsResult.systems };
  const now = buildTime(process.env.SOURCE_DATE_EPOCH, new Date());
  const today = options.today ?? calendarDayOf(now);
  report(definedWarnings(joinedWarnings([staleReviewsOf(model.articles, site.reviewMaxAgeMonths, today), expiredFiguresOf(model.articles, Number(today.slice(0, 4)))])));

  const { pages, files, drawing } = await renderSite(model, content.assets, { year: options.year ?? now.getUTCFullYear(), cacheDir, pool });
  // The checks render and read every page on this thread while the pool draws the new sharing images, and the write can start before the pool is done.
  const checks = await checkBuiltSite(model, pages, files, draftsOf(allArticles), options.includeDrafts, await loadPageMemo(cacheDir));
  report(checks.diagnostics);
  if (hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  keepPageMemo(cacheDir, checks.memo);
  return { model, pages, files, warnings: sortedWarnings(diagnostics), drawing, saveMemo: () => savePageMemo(cacheDir, checks.memo, pages) };
}

/**
 * Processes the body of an article file just saved, ahead of the build that
 * will follow once the save settles (the preview's worker calls it on the
 * file event): that build then finds it done. A file that is not an article
 * of the last build's folder, or does not parse, is left to the build.
 *
 * @param file the saved file
 */
export async function prepareArticle(file: string): Promise<void> {
  const insightsDir = lastLoad?.insightsDir;
  if (insightsDir === undefined || path.dirname(path.resolve(file)) !== path.resolve(insightsDir) || !isArticleFile(file)) return;
  const source = await readSource(path.join(insightsDir, path.basename(file)), [], true);
  const parsed = source === undefined ? undefined : parseSource(source).parsed;
  if (parsed !== undefined) await articleDocuments.prepare(articleMarkdown(parsed));
}

/** Processes again, and drops, the body of the last build's article at a place (see MarkdownDocuments.rehearse); false when there is none. */
export function rehearseMarkdown(place: number): Promise<boolean> {
  return articleDocuments.rehearse(place);
}
