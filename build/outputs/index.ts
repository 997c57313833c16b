/**
 * The render stage: every file the site is made of, from the model. Pages
 * (React, one document per route), the browser bundles, the feeds, the
 * sitemap and robots.txt, the sharing images, and the assets copied as they
 * are. Nothing is written here.
 */
import type { ReactElement } from 'react';
import type { PageContext } from '../../templates/context.ts';
import { bundleClientAssets } from '../client-bundle.ts';
import { contentError, ContentErrors } from '../diagnostics.ts';
import type { AssetFile } from '../load.ts';
import { renderDocument } from '../render.ts';
import { sitePages, type Page } from '../routes.ts';
import type { SiteModel } from '../types.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { contentDigest, type OutputFile } from '../write.ts';
import { ROBOTS_FILE, robotsTxt, SITEMAP_FILE, sitemapXml } from './discovery.ts';
import { feedFiles } from './feeds.ts';
import { ogImages } from './og-images.ts';

/**
 * A page of the built site: where it answers, its file, and its HTML. The
 * HTML is rendered each time it is read, not kept: the checks read it once
 * and the write once, so a site of 10,000 articles never holds its pages in
 * memory. Rendering a page again is cheap, since its body is already HTML.
 */
export class BuiltPage {
  readonly url: string;
  readonly file: string;
  readonly kind: Page['kind'];
  private readonly element: ReactElement;
  private hash: string | undefined;

  constructor({ url, file, kind, element }: Page) {
    this.url = url;
    this.file = file;
    this.kind = kind;
    this.element = element;
  }

  get html(): string {
    const html = renderDocument(this.element);
    this.hash ??= contentDigest(html);
    return html;
  }

  /** A hash of the HTML, kept from the first time it was rendered: what tells an unchanged page. */
  get digest(): string {
    return this.hash ?? contentDigest(this.html);
  }
}

/**
 * @param model the site as it will be published
 * @param assets the files under assets/, copied as they are
 * @param options the copyright year written in the HTML, the cache folder, and worker threads for drawing many images
 * @throws {ContentErrors} when an asset would overwrite a generated file
 */
export async function renderSite(model: SiteModel, assets: readonly AssetFile[], options: { year: number; cacheDir: string; pool: WorkerPool }): Promise<{ pages: BuiltPage[]; files: OutputFile[] }> {
  const { site } = model;
  const logo = assets.find((asset) => `/${asset.relativePath}` === site.logo.url) as AssetFile;
  // Sharing images are drawn by the worker pool (when there are many) while this thread renders the pages.
  const images = ogImages(model, logo.absolutePath, options.cacheDir, options.pool);
  const { script, stylesheet } = await bundleClientAssets();
  const context: PageContext = { site, stylesheetUrl: stylesheet.url, scriptUrl: script.url, year: options.year };
  const pages = sitePages(model, context).map((page) => new BuiltPage(page));
  const generated: OutputFile[] = [
    ...pages.map((page) => ({
      path: page.file,
      get contents() {
        return page.html;
      },
      get digest() {
        return page.digest;
      },
    })),
    script,
    stylesheet,
    ...feedFiles(model),
    { path: SITEMAP_FILE, contents: await sitemapXml(model) },
    { path: ROBOTS_FILE, contents: robotsTxt(model) },
    ...(await images),
  ];
  const generatedPaths = new Set(generated.map((file) => file.path));
  const collisions = assets.filter((asset) => generatedPaths.has(asset.relativePath));
  if (collisions.length > 0) {
    throw new ContentErrors(
      collisions.map((asset) => contentError(asset.absolutePath, undefined, 'asset-collision', `This asset would replace the generated file ${asset.relativePath}.`, 'Rename or move the asset; the generator writes that path itself.')),
    );
  }
  return { pages, files: [...generated, ...assets.map((asset): OutputFile => ({ path: asset.relativePath, copyFrom: asset.absolutePath }))] };
}
