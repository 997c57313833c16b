/**
 * The render stage: every file the site is made of, from the model. Pages
 * (React, one document per route), the browser bundles, the feeds, the
 * sitemap and robots.txt, the sharing images, the AVIF and WebP copies of
 * raster images, and the assets copied as they are. Nothing is written here.
 */
import type { ReactElement } from 'react';
import type { PageContext } from '../../templates/context.ts';
import { bundleClientAssets } from '../client-bundle.ts';
import { contentError, ContentErrors } from '../diagnostics.ts';
import type { AssetFile } from '../load.ts';
import { renderDocument } from '../render.ts';
import { sitePages, type Page } from '../routes.ts';
import type { SiteModel } from '../types.ts';
import { cacheKey } from '../cache.ts';
import { documentKey } from '../markdown/documents.ts';
import { joinedByPlace, mapByPlace, memoByIdentity, memoLastCall, sameData, sameItems } from '../lib/memo.ts';
import type { MarkdownDocument } from '../markdown/index.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { contentDigest, type OutputFile } from '../write.ts';
import { robotsFile, sitemapFile } from './discovery.ts';
import { feedFiles } from './feeds.ts';
import { ogImages } from './og-images.ts';
import { responsiveImageFiles } from './responsive-images.ts';

/** Stands in for a processed body in a page's key: its cache key, which names its content, or else the HTML itself. */
function propsForKey(_name: string, value: unknown): unknown {
  if (value instanceof Map || value instanceof Set || (typeof value === 'object' && value !== null && '$$typeof' in value)) {
    // JSON would write these as {}: two different pages could get one key.
    throw new Error('A page received a Map, a Set or a React element as a prop; pass plain data, so that its key names everything it shows.');
  }
  if (typeof value === 'object' && value !== null && 'html' in value && 'textBlocks' in value) return documentKey(value as MarkdownDocument) ?? (value as MarkdownDocument).html;
  return value;
}

/**
 * Each page's props and key as the last build in this process worked them
 * out, by file: when the props hold the same data, the key is the same, and
 * comparing (mostly identical objects) is far cheaper than writing them out.
 */
const lastKeys = new Map<string, { template: string; props: unknown; key: string }>();

/**
 * A page of the built site: where it answers, its file, and its HTML. The
 * HTML is rendered each time it is read, not kept: the checks read it once
 * and the write once, so a site of 10,000 articles never holds its pages in
 * memory. Rendering a page again is cheap, since its body is already HTML.
 *
 * Its `key` names everything it is made from: the template and its props
 * (templates are pure functions of their props, and the generator's own
 * version is part of every memo). A page whose key the last build saw has
 * the HTML it had then, so the build need not render it at all to know it
 * is unchanged (see checks/index.ts).
 */
export class BuiltPage {
  readonly url: string;
  readonly file: string;
  readonly kind: Page['kind'];
  private readonly element: ReactElement;
  private hash: string | undefined;
  private propsKey: string | undefined;

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

  /** A hash of the HTML: what tells an unchanged file. Kept from the first render, or known from the last build. */
  get digest(): string {
    return this.hash ?? contentDigest(this.html);
  }

  get key(): string {
    if (this.propsKey === undefined) {
      // Every page's element is a function component (routes.ts): its name says which template.
      const template = (this.element.type as { name: string }).name;
      const last = lastKeys.get(this.file);
      const unchanged = last !== undefined && last.template === template && sameData(last.props, this.element.props);
      this.propsKey = unchanged ? last.key : cacheKey(template, JSON.stringify(this.element.props, propsForKey));
      lastKeys.set(this.file, { template, props: this.element.props, key: this.propsKey });
    }
    return this.propsKey;
  }

  /** Takes the digest the last build recorded for this page's key, instead of rendering the page to learn it. */
  knownDigest(digest: string): void {
    this.hash = digest;
  }
}

// What every page shares, and each page and its file: the same objects from build to build while what they are made of is (see routes.ts).
const contextOf = memoLastCall((site: SiteModel['site'], stylesheetUrl: string, scriptUrl: string, year: number): PageContext => ({ site, stylesheetUrl, scriptUrl, year }));
const builtPagesOf = mapByPlace(memoByIdentity((page: Page) => new BuiltPage(page)));
const assetFilesOf = mapByPlace(memoByIdentity((asset: AssetFile): OutputFile => ({ path: asset.relativePath, copyFrom: asset.absolutePath })));
const pageFilesOf = mapByPlace(memoByIdentity((page: BuiltPage): OutputFile => new PageFile(page)));

// The files in their order, recorded as made from the last list while the pages keep their places (see joinedByPlace).
const joinedGenerated = joinedByPlace<OutputFile>();
const joinedFiles = joinedByPlace<OutputFile>();

/** The paths of the generated files, as one set for as long as they keep their places. */
const pathsOf = memoLastCall(
  (files: readonly OutputFile[]) => new Set(files.map((file) => file.path)),
  sameItems((a: OutputFile, b: OutputFile) => a.path === b.path),
);

/**
 * A page as a file of out/, its contents rendered when read. A class, not a
 * plain object: comparing files by the data they hold (`sameData`) then
 * compares pages by identity, and never renders one to look inside.
 */
class PageFile {
  constructor(private readonly page: BuiltPage) {}

  get path(): string {
    return this.page.file;
  }

  get contents(): string {
    return this.page.html;
  }

  get digest(): string {
    return this.page.digest;
  }
}

/**
 * @param model the site as it will be published
 * @param assets the files under assets/, copied as they are
 * @param options the copyright year written in the HTML, the cache folder, and worker threads for drawing many images
 * @returns the pages and files, and the drawing of the sharing images not cached yet, which must settle before the files are written
 * @throws {ContentErrors} when an asset would overwrite a generated file
 */
export async function renderSite(model: SiteModel, assets: readonly AssetFile[], options: { year: number; cacheDir: string; pool: WorkerPool }): Promise<{ pages: readonly BuiltPage[]; files: readonly OutputFile[]; drawing: Promise<void> }> {
  const { site } = model;
  const logo = assets.find((asset) => `/${asset.relativePath}` === site.logo.url) as AssetFile;
  const images = await ogImages(model, logo.absolutePath, options.cacheDir, options.pool);
  const { script, stylesheet } = await bundleClientAssets();
  const context = contextOf(site, stylesheet.url, script.url, options.year);
  const pages = builtPagesOf(sitePages(model, context));
  const generated = joinedGenerated([pageFilesOf(pages), [script, stylesheet, ...feedFiles(model), await sitemapFile(model), robotsFile(model)], images.files, await responsiveImageFiles(model, assets, options.cacheDir)]);
  const generatedPaths = pathsOf(generated);
  const collisions = assets.filter((asset) => generatedPaths.has(asset.relativePath));
  if (collisions.length > 0) {
    throw new ContentErrors(
      collisions.map((asset) => contentError(asset.absolutePath, undefined, 'asset-collision', `This asset would replace the generated file ${asset.relativePath}.`, 'Rename or move the asset; the generator writes that path itself.')),
    );
  }
  return { pages, files: joinedFiles([generated, assetFilesOf(assets)]), drawing: images.drawing };
}
