/**
 * The build, as its ordered stages: load → parse → model → render → check.
 * Nothing here writes to disk; `buildSite` returns the files, and
 * `write.ts` alone puts them in out/.
 */
import type { PageContext } from '../templates/context.ts';
import { bundleClientAssets } from './client-bundle.ts';
import { ContentErrors, hasErrors, sortDiagnostics, contentError, type ContentDiagnostic } from './diagnostics.ts';
import { buildYear } from './lib/build-year.ts';
import { checkBuiltSite } from './checks/index.ts';
import { loadContent, type AssetFile } from './load.ts';
import { modelArticle, selectArticles } from './model/articles.ts';
import { modelSite } from './model/site.ts';
import { modelTopics } from './model/topics.ts';
import { parseSource } from './parse.ts';
import { renderDocument } from './render.ts';
import { sitePages, type Page } from './routes.ts';
import type { Article, SiteModel } from './types.ts';
import type { OutputFile } from './write.ts';

export interface BuildOptions {
  contentDir: string;
  assetsDir: string;
  /** Include drafts, badged and kept out of search engines (`--drafts`, local preview only). */
  includeDrafts: boolean;
  /** Site address for canonical and sharing URLs; defaults to the identity file's `siteUrl`. */
  baseUrl?: string;
  /** The copyright year; see {@link buildYear}. */
  year?: number;
}

/** A page as built: where it answers, its file, and its HTML. */
export interface BuiltPage extends Omit<Page, 'element'> {
  html: string;
}

export interface SiteBuild {
  model: SiteModel;
  pages: BuiltPage[];
  /** Every file of out/: pages, bundled assets and copied assets. */
  files: OutputFile[];
  /** Problems that did not stop the build. */
  warnings: ContentDiagnostic[];
}

/** Content-derived facts about the assets folder that the model needs. */
function indexAssets(assets: readonly AssetFile[]) {
  const byPath = new Map(assets.map((asset) => [asset.relativePath, asset]));
  const pdfs = new Set(assets.filter((a) => a.relativePath.startsWith('pdfs/')).map((a) => a.relativePath.slice('pdfs/'.length)));
  return { byPath, pdfs };
}

/**
 * Builds the whole site in memory.
 *
 * @throws {ContentErrors} with every problem found, when any is an error
 */
export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const { content, diagnostics } = await loadContent(options.contentDir, options.assetsDir);
  const assets = indexAssets(content.assets);

  const parsedSite = content.site ? parseSource(content.site) : undefined;
  const parsedArticles = content.insights.map((source) => parseSource(source));
  for (const result of [parsedSite, ...parsedArticles]) diagnostics.push(...(result?.diagnostics ?? []));

  const siteResult = parsedSite?.parsed ? modelSite(parsedSite.parsed, assets.byPath, options.baseUrl) : undefined;
  diagnostics.push(...(siteResult?.diagnostics ?? []));
  const allArticles = parsedArticles.flatMap((result) => (result.parsed ? [modelArticle(result.parsed, diagnostics)] : [])).filter((a): a is Article => a !== undefined);
  const selection = selectArticles(allArticles, options.includeDrafts);
  diagnostics.push(...selection.diagnostics);
  const topicsResult = content.topics ? modelTopics(content.topics, assets.pdfs) : undefined;
  diagnostics.push(...(topicsResult?.diagnostics ?? []));

  const site = siteResult?.site;
  if (!site || !topicsResult || hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  const model: SiteModel = { site, articles: selection.articles, aliases: selection.aliases, topics: topicsResult.topics, systems: topicsResult.systems };

  const { script, stylesheet } = await bundleClientAssets();
  const context: PageContext = {
    site,
    stylesheetUrl: stylesheet.url,
    scriptUrl: script.url,
    year: options.year ?? buildYear(process.env.SOURCE_DATE_EPOCH, new Date()),
  };
  const pages = sitePages(model, context).map(({ element, ...page }) => ({ ...page, html: renderDocument(element) }));
  const generated = new Map<string, OutputFile>([
    ...pages.map((page): [string, OutputFile] => [page.file, { path: page.file, contents: page.html }]),
    [script.path, { path: script.path, contents: script.contents }],
    [stylesheet.path, { path: stylesheet.path, contents: stylesheet.contents }],
  ]);
  const collisions = content.assets.filter((asset) => generated.has(asset.relativePath));
  if (collisions.length > 0) {
    throw new ContentErrors(
      collisions.map((asset) => contentError(asset.absolutePath, undefined, 'asset-collision', `This asset would replace the generated file ${asset.relativePath}.`, 'Rename or move the asset; the generator writes that path itself.')),
    );
  }
  const copies = content.assets.map((asset): OutputFile => ({ path: asset.relativePath, copyFrom: asset.absolutePath }));
  const files = [...generated.values(), ...copies];
  diagnostics.push(...checkBuiltSite(model, pages, files, allArticles.filter((article) => article.draft), options.includeDrafts));
  if (hasErrors(diagnostics)) throw new ContentErrors(sortDiagnostics(diagnostics));
  return { model, pages, files, warnings: sortDiagnostics(diagnostics) };
}
