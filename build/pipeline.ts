/**
 * The build, as its ordered stages: load → parse → model → markdown → pages
 * and the other outputs. `planSite` returns every file of the site with its
 * key, produced only when asked; the produce stage asks, and runs the checks
 * (`produce/checks.ts`) before anything is published. See build/README.md.
 */
import type { SiteContext } from '../templates/context.ts';
import { markdownWords } from '../templates/messages/index.ts';
import { DEFAULT_CACHE_DIR } from './config.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics/index.ts';
import { calendarDayOf, type CalendarDay } from './lib/calendar-day.ts';
import { TRANSLATED_LANGUAGES, type Language } from './lib/languages.ts';
import { faultyImages, imageFaultProblem, loadContent, reloadContent, type AssetFile, type ContentFolders, type LoadedContent } from './load/index.ts';
import { processBodies, publishedUrl, sourceLine, type Documents, type MarkdownJob, type MarkdownSettings } from './markdown/index.ts';
import { Memory } from './memory.ts';
import { modelContent, modelInLanguage, otherPageBodies, sampleContent, siteLanguages, translationsOf, type Article, type ArticleWithBody, type ModelOptions, type SiteModel } from './model/index.ts';
import type { BuildFacts, Output } from './output.ts';
import { articleCards, assetCollisions, assetOutputs, bundleOutput, cachedClientAssets, cardImage, discoveryOutputs, editorOutputs, feedOutputs, imageOutputs, tabIconOutput, touchIconOutput, type ShownImage } from './outputs/index.ts';
import { articleWithBody } from './pages/article-with-body.ts';
import { planPages, type PagesInput, type PlannedPage } from './pages/index.ts';
import { parseContent } from './parse/index.ts';
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
  /** The GitHub repository, `owner/name`, that the browser editor at /admin/ commits to. */
  repository?: string | undefined;
}

/** The problems a build found, by the stage that found them: each part is made again only when what it reads changes. */
export interface BuildProblems {
  /** The load, parse and model stages' (warnings only: an error stops the plan). */
  model: ContentDiagnostic[];
  /** The bodies' (figures that do not exist, nesting too deep, links a page drops). */
  bodies: ContentDiagnostic[];
  /** The checks'. */
  checks: ContentDiagnostic[];
  /** Old reviews, figures whose year is over. */
  freshness: ContentDiagnostic[];
  /** Translations that do not carry their original's numbers, links and figures. */
  parity: ContentDiagnostic[];
}

/** Every file of the site, planned: what the write stage produces, checks and publishes. */
export interface SitePlan {
  /** What the plan was made from and how. */
  options: BuildOptions & { generator: string };
  loaded: LoadedContent;
  model: SiteModel;
  /** The figures and image sizes every body is processed with. */
  settings: MarkdownSettings;
  /** What every page shares, whatever its language. */
  context: SiteContext;
  pages: readonly PlannedPage[];
  /** Every file of out/ known before the bodies are processed: the sharing cards first (they need none), then the pages, bundles, feeds and copied assets. */
  outputs: readonly Output[];
  /** The AVIF and WebP copies of the images the pages show, known once the bodies are processed. */
  imageCopies: Promise<readonly Output[]>;
  /** The bodies, processed while the files are made. */
  documents: Documents;
  /** An article with what its body says, once its body is processed. */
  withBody(article: Article): Promise<ArticleWithBody>;
  /** Every warning found so far, in file order; the checks add theirs. */
  warnings: ContentDiagnostic[];
  /** The same, by the stage that found them. */
  problems: BuildProblems;
  /** The build's day, against which reviews and figures are dated. */
  today: CalendarDay;
  /** The files of assets/. */
  assets: readonly AssetFile[];
  /** The generated files other than pages that the draft-leak audit reads (the feeds, the sitemap). */
  audited: readonly Output[];
  memory: Memory;
  /** The cache, where what the checks learn of each page is kept for the next build. */
  store: CacheStore;
  /** Whether it has drafts and what of the sample's content it publishes: recorded in out/ for the deploy's guards. */
  facts: BuildFacts;
}

/** The day a build runs on: the one asked for, or today's UTC day. */
export function buildDay(options: Pick<BuildOptions, 'today'>): CalendarDay {
  return options.today ?? calendarDayOf(new Date());
}

/** Where a memory keeps the content of these folders as last read, so that the next build reads only the files changed since. */
export function loadSlot(folders: ContentFolders): string {
  return `load:${JSON.stringify([folders.contentDir, folders.insightsDir, folders.assetsDir])}`;
}

async function load(options: BuildOptions, store: CacheStore, memory: Memory): Promise<LoadedContent> {
  const previous = memory.recall<LoadedContent>(loadSlot(options));
  const loaded = previous !== undefined && options.changedPaths !== undefined ? await reloadContent(options, store, previous, options.changedPaths) : await loadContent(options, store);
  memory.set(loadSlot(options), loaded);
  return loaded;
}

/** An article's body as a job of the markdown stage. */
export function markdownJob(article: Article): MarkdownJob {
  return { file: article.sourcePath, bodyStartLine: article.bodyStartLine, body: article.body, bodyDigest: article.bodyDigest, pageUrl: article.url };
}

/**
 * An article with what its body says, made once per plan: cheap from the
 * body's facts, and made again for each plan, so that it always shows the
 * article's own fields and the site's figures as they are now.
 */
export function withBodyOf(model: SiteModel, documents: Documents): (article: Article) => Promise<ArticleWithBody> {
  const made = new Map<Article, Promise<ArticleWithBody>>();
  return (article) => {
    let shown = made.get(article);
    if (shown === undefined) {
      shown = documents.facts(article.sourcePath).then((facts) => articleWithBody(article, facts, model.figures));
      made.set(article, shown);
    }
    return shown;
  };
}

/** What the pages stage plans the pages from. */
export function pagesInput(plan: Pick<SitePlan, 'model' | 'documents' | 'withBody' | 'context' | 'options' | 'today'>, language: Language): PagesInput {
  const { documents } = plan;
  const model = modelInLanguage(plan.model, language);
  const alternates = { languages: siteLanguages(plan.model), translations: translationsOf(plan.model.articles) };
  return { model, articles: model.articles, withBody: plan.withBody, context: { ...plan.context, site: model.site }, cardOf: cardImage, bodyHtml: documents.html, bodyKey: documents.keyOf, generator: plan.options.generator, today: plan.today, language, alternates };
}

/**
 * Each body to process, in the order they are wanted: the other pages'
 * (the biography) and the drafts first (the draft-leak audit reads each page
 * against them as it is made), then the articles as their pages come.
 */
function markdownJobs(model: SiteModel): MarkdownJob[] {
  const others = otherPageBodies(model).map(({ url, file, bodyStartLine, body }) => ({ file, bodyStartLine, body, bodyDigest: entryKey(body), pageUrl: url }));
  return [...others, ...[...model.hiddenDrafts, ...model.articles].map(markdownJob)];
}

function markdownSettings(model: SiteModel, assets: readonly AssetFile[]): MarkdownSettings {
  return {
    figures: new Map([...model.figures].map(([name, figure]) => [name, figure.value])),
    translatedFigures: new Map(
      TRANSLATED_LANGUAGES.map((language) => [language, new Map([...model.figures].flatMap(([name, figure]) => (figure.translations[language]?.value ? [[name, figure.translations[language].value] as const] : [])))]),
    ),
    imageSizes: new Map(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset.dimensions] as const] : []))),
    words: markdownWords(),
  };
}

/** The stages up to the model, with every problem found so far; throws when there is no model to go on with. */
export async function modelled(options: BuildOptions, store: CacheStore, memory: Memory): Promise<{ model: SiteModel; loaded: LoadedContent; diagnostics: ContentDiagnostic[] }> {
  const loaded = await load(options, store, memory);
  const parsed = parseContent(loaded, memory);
  const { model, diagnostics } = modelContent(parsed, loaded.assets, options, memory);
  const all = [...loaded.diagnostics, ...parsed.diagnostics, ...diagnostics];
  if (model === undefined) throw new ContentErrors(sortDiagnostics(all));
  return { model, loaded, diagnostics: all };
}


/**
 * The image URLs the pages show: the physician's photo, and every image a
 * body links to or shows.
 *
 * @throws {ContentErrors} at each place a body shows an image that would show broken (the model reports the site file's own)
 */
async function shownImages(model: SiteModel, documents: Documents, made: { jobs: readonly MarkdownJob[]; assets: readonly AssetFile[] }): Promise<ShownImage[]> {
  const faults = faultyImages(made.assets);
  const perBody = await Promise.all(
    made.jobs.map(async (job) => (await documents.facts(job.file)).links.map((link) => ({ url: publishedUrl(link.url, job.pageUrl), at: { file: job.file, line: sourceLine(job.bodyStartLine, link.line) } }))),
  );
  const linked = perBody.flat();
  const broken = linked.flatMap(({ url, at }) => {
    const fault = faults.get(url);
    return fault === undefined ? [] : [imageFaultProblem(fault, at, url)];
  });
  if (broken.length > 0) throw new ContentErrors(broken);
  return [{ url: model.site.photo.url }, ...linked];
}

/** The Insights feeds of a plan, which carry the newest articles whole. */
export function feedsOf(plan: Pick<SitePlan, 'model' | 'documents' | 'withBody' | 'options'>): Output[] {
  return siteLanguages(plan.model).flatMap((language) => {
    const model = modelInLanguage(plan.model, language);
    return feedOutputs({ site: model.site, language }, model.articles, { html: plan.documents.html, key: plan.documents.keyOf, withBody: plan.withBody }, plan.options.generator);
  });
}

/** The pages and every other file of the site, from the model and the bodies being processed. */
function planFiles(plan: Omit<SitePlan, 'pages' | 'outputs' | 'imageCopies' | 'audited'>, made: { jobs: readonly MarkdownJob[]; bundles: readonly Output[]; editor: readonly Output[] }): Pick<SitePlan, 'pages' | 'outputs' | 'imageCopies' | 'audited'> {
  const { model, loaded, documents, store, options } = plan;
  const { generator } = options;
  const languages = siteLanguages(model);
  const pages = languages.flatMap((language) => planPages(pagesInput(plan, language)));
  // The model found each image of the identity among the assets.
  const assetAt = ({ url }: { url: string }) => loaded.assets.find((asset) => `/${asset.relativePath}` === url) as AssetFile;
  const [logo, favicon] = [assetAt(model.site.logo), assetAt(model.site.favicon)];
  const audited = [...feedsOf(plan), ...discoveryOutputs(model.site.siteUrl, model.articles, generator, languages)];
  const imageCopies = documents.finished.then(async () => imageOutputs(await shownImages(model, documents, { jobs: made.jobs, assets: loaded.assets }), loaded.assets, store));
  // Read only if the build gets as far as writing; a failure is then the write's.
  imageCopies.catch(() => undefined);
  const cards = languages.flatMap((language) => articleCards(modelInLanguage(model, language), language, logo, { store, generator }));
  const generated = [...cards, touchIconOutput(logo, store), tabIconOutput(favicon, store), ...pages, ...made.bundles, ...audited, ...made.editor];
  const clashes = assetCollisions(loaded.assets, generated);
  if (clashes.length > 0) throw new ContentErrors(clashes);
  return { pages, outputs: [...generated, ...assetOutputs(loaded.assets)], imageCopies, audited };
}

/**
 * Plans the whole site: every stage up to the files of out/, each with its
 * key. Nothing is written and no page is rendered yet; the bodies are being
 * processed meanwhile.
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
  const documents = processBodies(jobs, settings, { store, memory, generator, progress: (done, total) => options.progress?.('markdown', done, total) });
  // A mistake of the model stops the build, but only once the bodies have told theirs too, so that one build lists every one.
  if (hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics([...diagnostics, ...(await documents.finished)]));
  const today = buildDay(options);
  const { script, stylesheet } = await memory.remember(`bundles:${generator}`, () => cachedClientAssets({ store, generator }));
  const context = { site: model.site, stylesheetUrl: stylesheet.url, scriptUrl: script.url, year: options.year ?? Number(today.slice(0, 4)) };
  const facts = { drafts: options.includeDrafts, sampleContent: sampleContent(model.site, model.articles, loaded.assets), redirects: model.aliases.map((alias) => ({ from: alias.url, to: alias.article.url })) };
  const problems = { model: diagnostics, bodies: [], checks: [], freshness: [], parity: [] };
  const plan = { options: { ...options, generator }, loaded, model, settings, context, documents, withBody: withBodyOf(model, documents), warnings: diagnostics, problems, today, assets: loaded.assets, memory, store, facts };
  const editor = await editorOutputs({ model, stylesheetUrl: stylesheet.url, repository: options.repository, runtime: { generator, store, memory } });
  return { ...plan, ...planFiles(plan, { jobs, bundles: [bundleOutput(script), bundleOutput(stylesheet)], editor }) };
}
