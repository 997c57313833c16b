import { createHash } from 'node:crypto';
import { lstat, mkdir, readFile, readlink, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { imageSize } from 'image-size';
import { CONTENT_LAYOUT } from './config.ts';
import { contentError, contentWarning, type ContentDiagnostic } from './diagnostics.ts';
import { isArticleFile } from './lib/article-file.ts';
import { withReplacedPlaces } from './lib/memo.ts';

/** A text file of the content, decoded. */
export interface SourceFile {
  /** The path as the author would type it, used in every message. */
  path: string;
  text: string;
}

/** A file under assets/, published at the same relative path. */
export interface AssetFile {
  /** Path relative to the assets folder, with forward slashes. */
  relativePath: string;
  absolutePath: string;
  /** Size in bytes. */
  size: number;
  /** A SHA-256 of its bytes, taken once as it is read: what names its content in caches (PDF facts, image copies). */
  digest: string;
  /** Intrinsic size, for images, so pages can reserve their space. */
  dimensions?: { width: number; height: number };
  /** For a PDF: what readers see before they download it. `undefined` title: none set. */
  pdf?: { pages: number; title: string | undefined };
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** What the build needs of a PDF: its pages and title, or that it will not open. */
type PdfFacts = { pages: number; title: string | undefined } | { invalid: true };

/**
 * PDF facts by the hash of the file's bytes, kept in the cache folder: reading
 * a PDF with pdf.js (through unpdf) is needed only for a handout that is new
 * or changed.
 */
class PdfFactsCache {
  private readonly file: string | undefined;
  private facts: Record<string, PdfFacts> = {};
  private changed = false;

  constructor(cacheDir: string | undefined) {
    this.file = cacheDir === undefined ? undefined : path.join(cacheDir, 'pdf-facts.json');
  }

  async open(): Promise<void> {
    if (this.file === undefined) return;
    try {
      this.facts = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, PdfFacts>;
    } catch {
      // No cache yet, or an unreadable one: it only costs reading the PDFs again.
      this.facts = {};
    }
  }

  /**
   * @param key the PDF's digest
   * @param bytes the PDF
   */
  async of(key: string, bytes: Buffer): Promise<PdfFacts> {
    const known = this.facts[key];
    if (known) return known;
    const { getDocumentProxy, getMeta } = await import('unpdf');
    let facts: PdfFacts;
    try {
      // A copy: pdf.js takes over the buffer it is given.
      const document = await getDocumentProxy(new Uint8Array(bytes));
      const info = (await getMeta(document)).info as { Title?: unknown };
      const title = typeof info.Title === 'string' ? info.Title.trim() : '';
      facts = { pages: document.numPages, title: title === '' ? undefined : title };
    } catch {
      facts = { invalid: true };
    }
    this.facts[key] = facts;
    this.changed = true;
    return facts;
  }

  async save(): Promise<void> {
    if (this.file === undefined || !this.changed) return;
    await mkdir(path.dirname(this.file), { recursive: true });
    // Written beside and renamed into place, so that a build running at the same time never reads half a file.
    const partial = `${this.file}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify(this.facts));
    await rename(partial, this.file);
  }
}

async function describeAsset(assetsDir: string, relativePath: string, pdfFacts: PdfFactsCache, diagnostics: ContentDiagnostic[]): Promise<AssetFile> {
  const absolutePath = path.join(assetsDir, relativePath);
  const bytes = await readFile(absolutePath);
  const asset: AssetFile = { relativePath, absolutePath, size: bytes.length, digest: createHash('sha256').update(bytes).digest('hex') };
  if (IMAGE_EXTENSIONS.test(relativePath)) {
    try {
      const { width, height } = imageSize(bytes);
      if (width && height) asset.dimensions = { width, height };
    } catch {
      // Not an image we can measure: the model reports it if a page needs its size.
    }
  }
  if (relativePath.toLowerCase().endsWith('.pdf')) {
    const facts = await pdfFacts.of(asset.digest, bytes);
    if ('invalid' in facts) {
      diagnostics.push(contentError(absolutePath, undefined, 'invalid-pdf', 'This file is not a PDF that can be opened.', 'Export the handout again as a PDF, or replace the file.'));
    } else {
      asset.pdf = facts;
      if (facts.title === undefined) {
        diagnostics.push(contentWarning(absolutePath, undefined, 'pdf-without-title', 'This PDF has no title in its document properties, so readers and search engines see only its file name.', 'Set the title in the program that made the PDF (File › Properties), then export it again.'));
      }
    }
  }
  return asset;
}

/** What a load found: the content, and the problems met reading it. */
export interface ContentLoad {
  content: LoadedContent;
  diagnostics: ContentDiagnostic[];
}

export interface LoadedContent {
  site: SourceFile | undefined;
  topics: SourceFile | undefined;
  /** Year-bound figures; a site may have none. */
  figures: SourceFile | undefined;
  insights: SourceFile[];
  assets: AssetFile[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a content file as text, as every load does (a leading byte order
 * mark dropped); a problem becomes a diagnostic naming the file.
 *
 * @param optional true when a missing file is no problem (an article deleted since the watcher saw it)
 */
export async function readSource(filePath: string, diagnostics: ContentDiagnostic[], optional = false): Promise<SourceFile | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'read error';
    if (optional && reason === 'ENOENT') return undefined;
    const link = await lstat(filePath).then((info) => (info.isSymbolicLink() ? readlink(filePath) : undefined), () => undefined);
    if (link !== undefined) {
      diagnostics.push(contentError(filePath, undefined, 'unreadable-file', `This file is a link to ${link}, which cannot be read (${reason}).`, 'Point the link at the file where it is now, or replace the link with the file itself.'));
      return undefined;
    }
    const isMissing = reason === 'ENOENT';
    diagnostics.push(
      contentError(
        filePath,
        undefined,
        isMissing ? 'missing-content' : 'unreadable-file',
        isMissing ? 'This file is missing.' : `This file could not be read (${reason}).`,
        isMissing
          ? 'Create it; the README describes what it holds.'
          : 'Check that the file exists, is not a broken link, and can be read.',
      ),
    );
    return undefined;
  }
  try {
    // TextDecoder also drops a leading UTF-8 byte order mark.
    return { path: filePath, text: utf8.decode(bytes) };
  } catch {
    diagnostics.push(
      contentError(
        filePath,
        undefined,
        'invalid-encoding',
        'This file is not UTF-8 text.',
        'Open it in your editor and save it again with the UTF-8 encoding.',
      ),
    );
    return undefined;
  }
}

/**
 * Reads every content file and lists every asset. Never throws for a content
 * problem: each one becomes a diagnostic so the author sees all of them at once.
 *
 * @param contentDir the content folder (articles, topics, site identity)
 * @param assetsDir the assets folder (PDFs, images), published as is
 * @param insightsDir where the articles are, when not in the content folder
 * @param cacheDir where facts read from PDFs are kept between builds
 */
export async function loadContent(
  contentDir: string,
  assetsDir: string,
  insightsDir = path.join(contentDir, CONTENT_LAYOUT.insights),
  cacheDir?: string,
): Promise<ContentLoad> {
  const diagnostics: ContentDiagnostic[] = [];
  const [insightEntries, assetEntries] = await Promise.all([
    // Folders are listed too, marked with a slash, so that a link to a missing file is reported, not skipped.
    fg('**/*', { cwd: insightsDir, onlyFiles: false, markDirectories: true, dot: false }).then((entries) => entries.filter((entry) => !entry.endsWith('/'))),
    fg('**/*', { cwd: assetsDir, onlyFiles: true, dot: false }),
  ]);
  const markdownNames = insightEntries.filter((name) => isArticleFile(name)).sort();
  for (const name of insightEntries.filter((entry) => !isArticleFile(entry))) {
    diagnostics.push(
      contentWarning(
        path.join(insightsDir, name),
        undefined,
        'ignored-file',
        'This file is skipped: only .md files are articles.',
        'Rename it to end in .md if it is an article, or move it out of the insights folder.',
      ),
    );
  }
  const [site, topics, figures, ...insights] = await Promise.all([
    readSource(path.join(contentDir, CONTENT_LAYOUT.site), diagnostics),
    readSource(path.join(contentDir, CONTENT_LAYOUT.topics), diagnostics),
    readSource(path.join(contentDir, CONTENT_LAYOUT.figures), diagnostics, true),
    ...markdownNames.map((name) => readSource(path.join(insightsDir, name), diagnostics)),
  ]);
  const pdfFacts = new PdfFactsCache(cacheDir);
  await pdfFacts.open();
  const assets = await Promise.all(assetEntries.sort().map((relativePath) => describeAsset(assetsDir, relativePath, pdfFacts, diagnostics)));
  await pdfFacts.save();
  return {
    content: { site, topics, figures, insights: insights.filter((file): file is SourceFile => file !== undefined), assets },
    diagnostics,
  };
}

/** Where each article file is in a list of them; a list made by replacing files in their places shares its predecessor's table. */
const placesByPath = new WeakMap<readonly SourceFile[], ReadonlyMap<string, number>>();

function placesOf(insights: readonly SourceFile[]): ReadonlyMap<string, number> {
  let places = placesByPath.get(insights);
  if (places === undefined) {
    places = new Map(insights.map((source, place) => [source.path, place]));
    placesByPath.set(insights, places);
  }
  return places;
}

/**
 * Brings an earlier load up to date after some articles were saved, created
 * or deleted, reading only those: what the preview does on each edit, so that
 * its cost does not grow with the number of articles. Every other file is the
 * same object as before, which lets later stages tell at a glance that it is
 * unchanged.
 *
 * @param previous the earlier load, of the same folders
 * @param insightsDir where the articles are
 * @param changed every path changed since the earlier load, as the file watcher reported it
 * @returns the new load, or `undefined` when a change is not an article file and everything must be read again
 */
export async function reloadArticles(previous: ContentLoad, insightsDir: string, changed: readonly string[]): Promise<ContentLoad | undefined> {
  const folder = path.resolve(insightsDir);
  const changedFiles = new Set(changed.map((file) => path.resolve(file)));
  for (const file of changedFiles) {
    if (path.dirname(file) !== folder || !isArticleFile(file)) return undefined;
    const info = await lstat(file).catch(() => undefined);
    if (info !== undefined && !info.isFile()) return undefined;
  }
  // A source's path is as a full load names it: the folder joined with the file name.
  const asLoaded = new Map([...changedFiles].map((file) => [path.join(insightsDir, path.basename(file)), file]));
  const diagnostics = previous.diagnostics.filter((diagnostic) => !asLoaded.has(diagnostic.file));
  const read = new Map<string, SourceFile | undefined>();
  for (const file of asLoaded.keys()) read.set(file, await readSource(file, diagnostics, true));
  const before = previous.content.insights;
  const places = placesOf(before);
  // Saved files keep their places, and the list is recorded as the last one with new objects there; only a file added or gone changes its shape.
  if ([...read].every(([file, source]) => source !== undefined && places.has(file))) {
    const insights = before.slice();
    for (const [file, source] of read) insights[places.get(file) as number] = source as SourceFile;
    withReplacedPlaces(insights, before, [...read.keys()].map((file) => places.get(file) as number));
    placesByPath.set(insights, places);
    return { content: { ...previous.content, insights }, diagnostics };
  }
  const kept = before.filter((source) => !read.has(source.path));
  const added = [...read.values()].filter((source) => source !== undefined);
  // The order of a full load: by file name.
  const insights = [...kept, ...added].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { content: { ...previous.content, insights }, diagnostics };
}
