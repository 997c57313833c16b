/**
 * The load stage: every content file read as text, and every asset listed
 * with the facts the model needs. Never throws for a content problem: each
 * becomes a diagnostic, so the author sees all of them at once.
 */
import { TRANSLATED_LANGUAGES, translatedFileName } from '../lib/languages.ts';
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_LAYOUT, MAX_ARTICLE_BYTES } from '../config.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isArticleFile } from '../lib/article-file.ts';
import { formatFileSize } from '../lib/file-size.ts';
import type { CacheStore } from '../store/index.ts';
import { listArticleFiles } from './articles.ts';
import { loadAssets, type AssetFile } from './assets.ts';
import { readSource, type SourceFile } from './read.ts';

export { faultyImages, type AssetFile } from './assets.ts';
export { imageFaultProblem } from './image-check.ts';
export { digestOf, type SourceFile } from './read.ts';

/** The folders a site is made from. */
export interface ContentFolders {
  contentDir: string;
  /** Where the articles are; `contentDir/insights` when not given. */
  insightsDir?: string | undefined;
  assetsDir: string;
}

export interface LoadedContent {
  site: SourceFile | undefined;
  /** The translations of site.md there are (`site.es.md`): each makes the site in its language. */
  siteTranslations: SourceFile[];
  topics: SourceFile | undefined;
  /** Year-bound figures; a site may have none. */
  figures: SourceFile | undefined;
  /** The article files, sorted by path. */
  articles: SourceFile[];
  assets: AssetFile[];
  /** Problems met reading them. */
  diagnostics: ContentDiagnostic[];
}

function insightsFolder(folders: ContentFolders): string {
  return folders.insightsDir ?? path.join(folders.contentDir, CONTENT_LAYOUT.insights);
}

/** An article file, unless it is missing (`optional`) or larger than an article may be. */
async function readArticle(file: string, report: (diagnostic: ContentDiagnostic) => void, optional = false): Promise<SourceFile | undefined> {
  const size = (await stat(file).catch(() => undefined))?.size ?? 0;
  if (size > MAX_ARTICLE_BYTES) {
    report(problem('articleTooLarge', { file }, { size: formatFileSize(size), limit: formatFileSize(MAX_ARTICLE_BYTES) }));
    return undefined;
  }
  return readSource(file, report, optional);
}

/**
 * Reads the whole site.
 *
 * @param folders where the content and assets are
 * @param store the build cache, where facts read from PDFs are kept
 */
export async function loadContent(folders: ContentFolders, store: CacheStore): Promise<LoadedContent> {
  const diagnostics: ContentDiagnostic[] = [];
  const report = (diagnostic: ContentDiagnostic) => diagnostics.push(diagnostic);
  const articleFiles = await listArticleFiles(insightsFolder(folders), report);
  const [site, topics, figures, assets, siteTranslations, ...articles] = await Promise.all([
    readSource(path.join(folders.contentDir, CONTENT_LAYOUT.site), report),
    readSource(path.join(folders.contentDir, CONTENT_LAYOUT.topics), report),
    readSource(path.join(folders.contentDir, CONTENT_LAYOUT.figures), report, true),
    loadAssets(folders.assetsDir, store, report),
    Promise.all(TRANSLATED_LANGUAGES.map((language) => readSource(path.join(folders.contentDir, translatedFileName(CONTENT_LAYOUT.site, language)), report, true))),
    ...articleFiles.map((file) => readArticle(file, report)),
  ]);
  return { site, siteTranslations: siteTranslations.filter((file) => file !== undefined), topics, figures, assets, articles: articles.filter((file) => file !== undefined), diagnostics };
}

/**
 * The changed files as a full load names them (the insights folder joined
 * with the path inside it), when every one is an article file (or a deleted
 * one) inside the insights folder; undefined when any is not.
 */
export async function changedArticles(folders: ContentFolders, changed: readonly string[]): Promise<string[] | undefined> {
  const insightsDir = insightsFolder(folders);
  const folder = path.resolve(insightsDir);
  for (const file of changed) {
    if (!path.resolve(file).startsWith(`${folder}${path.sep}`) || !isArticleFile(file)) return undefined;
    // A name that is not UTF-8 reads as a file gone; only a full load's listing can tell the author.
    if (file.includes('\ufffd')) return undefined;
    const info = await lstat(file).catch(() => undefined);
    if (info !== undefined && !info.isFile()) return undefined;
  }
  return [...new Set(changed.map((file) => path.join(insightsDir, path.relative(folder, path.resolve(file)))))];
}

/**
 * An earlier load with some article files read again: every other file is
 * the very object it was, with its digest.
 *
 * @param previous the earlier load
 * @param names the changed article files, as `changedArticles` names them
 */
export async function reloadArticles(previous: LoadedContent, names: readonly string[]): Promise<LoadedContent> {
  const changedNames = new Set(names);
  const diagnostics = previous.diagnostics.filter((diagnostic) => !changedNames.has(diagnostic.file));
  const report = (diagnostic: ContentDiagnostic) => diagnostics.push(diagnostic);
  const kept = previous.articles.filter((source) => !changedNames.has(source.path));
  const read = await Promise.all(names.map((file) => readArticle(file, report, true)));
  const articles = [...kept, ...read.filter((file) => file !== undefined)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ...previous, articles, diagnostics };
}

/**
 * Brings an earlier load up to date after some files changed, reading only
 * those when they are all articles: what the preview does on each save, so
 * that its cost does not grow with the number of articles.
 *
 * @param previous the earlier load, of the same folders
 * @param changed every path changed since, as the file watcher reported them
 */
export async function reloadContent(folders: ContentFolders, store: CacheStore, previous: LoadedContent, changed: readonly string[]): Promise<LoadedContent> {
  const names = await changedArticles(folders, changed);
  return names === undefined ? loadContent(folders, store) : reloadArticles(previous, names);
}
