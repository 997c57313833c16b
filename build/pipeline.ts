/**
 * The build, as its ordered stages: load → parse → model → markdown → pages
 * and the other outputs. `planSite` returns every file of the site with its
 * key, produced only when asked; the write stage asks, and runs the checks
 * (`checkPlan`) before anything is published. See build/README.md.
 */
import { readFile } from 'node:fs/promises';
import { displayName } from '../templates/context.ts';
import { DEFAULT_CACHE_DIR } from './config.ts';
import { ContentErrors, hasErrors, problem, sortDiagnostics, type ContentDiagnostic } from './diagnostics/index.ts';
import { calendarDayOf, type CalendarDay } from './lib/calendar-day.ts';
import { loadContent, reloadContent, type AssetFile, type ContentFolders, type LoadedContent } from './load/index.ts';
import { documentHtml, processBodies, publishedUrl, type MarkdownJob, type MarkdownSettings } from './markdown/index.ts';
import { Memory } from './memory.ts';
import { modelContent, type ArticleWithBody, type ModelOptions, type SiteModel } from './model/index.ts';
import type { Output } from './output.ts';
import { bundleClientAssets, bundleOutput } from './outputs/bundles.ts';
import { cardImage, cardOutputs } from './outputs/cards.ts';
import { discoveryOutputs } from './outputs/discovery.ts';
import { feedOutputs } from './outputs/feeds.ts';
import { imageOutputs } from './outputs/images.ts';
import { withBody } from './pages/articles.ts';
import { planPages, type PlannedPage } from './pages/index.ts';
import { parseContent } from './parse/index.ts';
import { freshnessWarnings } from './check/index.ts';
import type { DocumentFacts } from './markdown/documents.ts';
import { CacheStore, entryKey } from './store/index.ts';
import { generatorVersion } from './store/generator.ts';

export interface BuildOptions extends ContentFolders, ModelOptions {
  /** Where work is kept between builds; safe to delete. */
  cacheDir?: string | undefined;
  /** The copyright year written in the HTML; the year of `today` when not given. */
  year?: number | undefined;
  /** The day the build runs, against which review and figure ages are measured; today's UTC day when not given. */
  today?: CalendarDay | undefined;
  /** The generator's version; worked out from its files when not given. */
  generator?: string | undefined;
  /** The files changed since the last build with the same memory, as a file watcher saw them: only these are read again when they are all articles. */
  changedPaths?: readonly string[] | undefined;
  /** Told how far the long stages are. */
  progress?: ((stage: 'markdown' | 'write', done: number, total: number) => void) | undefined;
}

/** Every file of the site, planned: what the write stage produces, checks and publishes. */
export interface SitePlan {
  model: SiteModel;
  /** The articles shown, with what their bodies say, newest first. */
  articles: readonly ArticleWithBody[];
  pages: readonly PlannedPage[];
  /** Every file of out/: the pages first, then bundles, feeds, images and copied assets. */
  outputs: readonly Output[];
  warnings: ContentDiagnostic[];
  /** What the checks need besides each page. */
  checking: PlanChecking;
  store: CacheStore;
  memory: Memory;
}

/** What the check stage needs of a plan, besides each page's record. */
export interface PlanChecking {
  hiddenDrafts: { article: SiteModel['hiddenDrafts'][number]; facts: DocumentFacts }[];
  documents: ReadonlyMap<string, DocumentFacts>;
  assets: readonly AssetFile[];
  audited: readonly Output[];
}

async function load(options: BuildOptions, store: CacheStore, memory: Memory): Promise<LoadedContent> {
  const slot = `load:${JSON.stringify([options.contentDir, options.insightsDir, options.assetsDir])}`;
  const previous = memory.recall<LoadedContent>(slot);
  const loaded = previous !== undefined && options.changedPaths !== undefined ? await reloadContent(options, store, previous, options.changedPaths) : await loadContent(options, store);
  memory.set(slot, loaded);
  return loaded;
}

/** Each body to process: every article's (drafts too, for the leak audit) and the biography. */
function markdownJobs(model: SiteModel): MarkdownJob[] {
  const articles = [...model.articles, ...model.hiddenDrafts].map((article) => ({ file: article.sourcePath, bodyStartLine: article.bodyStartLine, body: article.body, bodyDigest: article.bodyDigest, pageUrl: article.url }));
  const { site } = model;
  return [...articles, { file: site.sourcePath, bodyStartLine: site.biographyStartLine, body: site.biography, bodyDigest: entryKey(site.biography), pageUrl: '/about' }];
}

function markdownSettings(model: SiteModel, assets: readonly AssetFile[]): MarkdownSettings {
  return {
    figures: new Map([...model.figures].map(([name, figure]) => [name, figure.value])),
    imageSizes: new Map(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset.dimensions] as const] : []))),
  };
}

/** The stages up to the model, with every problem found so far; throws when any is an error. */
async function modelled(options: BuildOptions, store: CacheStore, memory: Memory): Promise<{ model: SiteModel; loaded: LoadedContent; diagnostics: ContentDiagnostic[] }> {
  const loaded = await load(options, store, memory);
  const parsed = parseContent(loaded, memory);
  const { model, diagnostics } = modelContent(parsed, loaded.assets, options, memory);
  const all = [...loaded.diagnostics, ...parsed.diagnostics, ...diagnostics];
  if (model === undefined || hasErrors(all)) throw new ContentErrors(sortDiagnostics(all));
  return { model, loaded, diagnostics: all };
}


/** The image URLs the pages show: the physician's photo, and every image linked from a body. */
function shownImages(model: SiteModel, documents: ReadonlyMap<string, DocumentFacts>, jobs: readonly MarkdownJob[]): string[] {
  const linked = jobs.flatMap((job) => (documents.get(job.file)?.links ?? []).map((link) => publishedUrl(link.url, job.pageUrl)));
  return [model.site.photo.url, ...linked];
}

/** The files of assets/, copied as they are: each named by a hash of its bytes. */
function assetOutputs(assets: readonly AssetFile[]): Output[] {
  return assets.map((asset) => ({ path: asset.relativePath, key: `asset:${asset.digest}`, contents: () => readFile(asset.absolutePath) }));
}

/** An asset at a path the generator writes itself is an error: it would be replaced without a word. */
function collisions(assets: readonly AssetFile[], generated: readonly Output[]): ContentDiagnostic[] {
  const paths = new Set(generated.map((output) => output.path));
  return assets.filter((asset) => paths.has(asset.relativePath)).map((asset) => problem('assetCollision', { file: asset.absolutePath }, { path: asset.relativePath }));
}

/**
 * Plans the whole site: every stage up to the files of out/, each with its
 * key. Nothing is written, and no page is rendered yet.
 *
 * @param memory what earlier builds of this process made; the preview passes its own
 * @throws {ContentErrors} with every problem found, when any is an error
 */
export async function planSite(options: BuildOptions, memory = new Memory()): Promise<SitePlan> {
  const store = new CacheStore(options.cacheDir ?? DEFAULT_CACHE_DIR);
  const generator = options.generator ?? (await generatorVersion());
  const { model, loaded, diagnostics } = await modelled(options, store, memory);
  const settings = markdownSettings(model, loaded.assets);
  const jobs = markdownJobs(model);
  const processed = await processBodies(jobs, settings, { store, memory, generator, progress: (done, total) => options.progress?.('markdown', done, total) });
  diagnostics.push(...processed.diagnostics);
  if (hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  const documents = processed.documents as ReadonlyMap<string, DocumentFacts>;
  const facts = (file: string) => documents.get(file) as DocumentFacts;
  const jobOf = new Map(jobs.map((job) => [job.file, job]));
  const bodies = { html: (file: string) => documentHtml(facts(file), jobOf.get(file) as MarkdownJob, settings, store), key: (file: string) => facts(file).key };
  const { site } = model;
  const articles = model.articles.map((article) => withBody(article, facts(article.sourcePath), model.figures));
  const today = options.today ?? calendarDayOf(new Date());
  const { script, stylesheet } = await memory.remember(`bundles:${generator}`, () => bundleClientAssets());
  const context = { site, stylesheetUrl: stylesheet.url, scriptUrl: script.url, year: options.year ?? Number(today.slice(0, 4)) };
  const pages = planPages({ model, articles, context, cardOf: (article) => cardImage(article.slug), bodyHtml: bodies.html, bodyKey: bodies.key, generator });
  const logo = loaded.assets.find((asset) => `/${asset.relativePath}` === site.logo.url) as AssetFile;
  const cardText = (article: ArticleWithBody) => ({ title: article.title, author: article.author ?? displayName(site), byline: `${site.specialty} · ${site.location}` });
  const cards = cardOutputs(articles.map((article) => ({ path: cardImage(article.slug).url.slice(1), text: cardText(article) })), { file: logo.absolutePath, digest: logo.digest }, { store, generator });
  const audited = [...feedOutputs(site, articles, bodies, generator), ...discoveryOutputs(site.siteUrl, articles, generator)];
  const generated = [...pages, bundleOutput(script), bundleOutput(stylesheet), ...audited, ...cards, ...(await imageOutputs(shownImages(model, documents, jobs), loaded.assets, store))];
  const clashes = collisions(loaded.assets, generated);
  if (clashes.length > 0) throw new ContentErrors(clashes);
  const warnings = sortDiagnostics([...diagnostics, ...freshnessWarnings(articles.filter((article) => !article.draft), site.reviewMaxAgeMonths, today)]);
  const hiddenDrafts = model.hiddenDrafts.map((article) => ({ article, facts: facts(article.sourcePath) }));
  return { model, articles, pages, outputs: [...generated, ...assetOutputs(loaded.assets)], warnings, checking: { hiddenDrafts, documents, assets: loaded.assets, audited }, store, memory };
}
