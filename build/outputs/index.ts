/**
 * The files of out/ other than pages: the feeds, the sitemap and robots.txt,
 * the sharing cards, the image copies, the home-screen and tab icons, the script bundles, the
 * browser editor's folder (editor/) and the assets copied as they are, each an `Output` with its key. `pipeline.ts` lists
 * them in the plan beside the pages.
 */
import { readFile } from 'node:fs/promises';
import { displayName } from '../../templates/context.ts';
import { messagesFor, type Language } from '../../templates/messages/index.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { AssetFile } from '../load/index.ts';
import type { SiteModel } from '../model/index.ts';
import type { Output } from '../output.ts';
import type { CacheStore } from '../store/index.ts';
import { cardImage, cardOutputs } from './cards.ts';

export { bundleOutput, bundlePreviewClient, cachedClientAssets } from './bundles.ts';
export { cardImage } from './cards.ts';
export { discoveryOutputs } from './discovery.ts';
export { editorOutputs } from './editor/index.ts';
export { feedArticles, feedOutputs } from './feeds.ts';
export { imageOutputs, type ShownImage } from './images.ts';
export { tabIconOutput, touchIconOutput } from './icons.ts';

/** The files of assets/, copied as they are: each named by a hash of its bytes. */
export function assetOutputs(assets: readonly AssetFile[]): Output[] {
  return assets.map((asset) => ({ path: asset.relativePath, key: `asset:${asset.digest}`, contents: () => readFile(asset.absolutePath) }));
}

/** An asset at a path the generator writes itself is an error: it would be replaced without a word. */
export function assetCollisions(assets: readonly AssetFile[], generated: readonly Output[]): ContentDiagnostic[] {
  const paths = new Set(generated.map((output) => output.path));
  return assets.filter((asset) => paths.has(asset.relativePath)).map((asset) => problem('assetCollision', { file: asset.absolutePath }, { path: asset.relativePath }));
}

/** The articles' sharing cards, in the words of `language`: each shows its article's title, its author and the practice's specialty and place. */
export function articleCards(model: SiteModel, language: Language, logo: AssetFile, runtime: { store: CacheStore; generator: string }): Output[] {
  const { site } = model;
  const words = messagesFor(language).cards;
  const shared = { heading: words.heading, byline: words.byline({ specialty: site.specialty, location: site.location }) };
  const each = model.articles.map((article) => ({ path: cardImage(article).url.slice(1), text: { ...shared, title: article.title, author: article.author ?? displayName(site) } }));
  return cardOutputs(each, { file: logo.absolutePath, digest: logo.digest }, runtime);
}
