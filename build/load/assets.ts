/**
 * The files of assets/, published as they are: each with a hash of its
 * bytes, the size of an image or what would make it show broken
 * (`image-check.ts`), and what readers see of a PDF before they
 * download it (its pages and title, read with pdf.js through unpdf, and kept
 * in the cache by the PDF's hash, since only a new or changed handout needs
 * reading).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isPublished, WELL_KNOWN } from '../host/addresses.ts';
import { relativePath } from '../lib/relative-path.ts';
import { versionOf } from '../lib/translation-version.ts';
import { entryKey, type CacheStore } from '../store/index.ts';
import { filesFollowingLinks } from './folder-links.ts';
import { imageFault, type ImageFault } from './image-check.ts';
import { photoLocationProblem } from './photo-location.ts';
import { digestOf, unreadableProblem } from './read.ts';

/** A file under assets/, published at the same relative path. */
export interface AssetFile {
  /** Path relative to the assets folder, with forward slashes. */
  relativePath: string;
  absolutePath: string;
  /** Size in bytes. */
  size: number;
  /** A hash of its bytes, for keys of what is made from it (image copies). */
  digest: string;
  /** Intrinsic size, for images, so pages can reserve their space; never set for an image with a fault. */
  dimensions?: { width: number; height: number };
  /** For an image: what would make it show broken (a page that shows it is an error). */
  fault?: ImageFault;
  /** For a PDF: its pages and title (`undefined`: none set). */
  pdf?: PdfFacts;
  /** For a PDF: the version of its bytes that a translation of it records (lib/translation-version.ts). */
  version?: string;
}

export interface PdfFacts {
  pages: number;
  title: string | undefined;
  /** What its document information says it is about: a sample handout says so there. */
  subject: string | undefined;
}

/** The facts a cached entry holds: reading one more makes the entries again rather than reading an older entry as lacking it. */
const FACTS_READ = 'pages,title,subject';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** A PDF's pages, title and subject, or undefined when it does not open as a PDF. */
async function readPdf(bytes: Buffer): Promise<PdfFacts | undefined> {
  const { getDocumentProxy, getMeta } = await import('unpdf');
  try {
    // A copy: pdf.js takes over the buffer it is given. Verbosity 0 (errors only) keeps pdf.js's own warnings about a damaged file off the terminal: the build reports it as invalid-pdf.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const info = (await getMeta(document)).info as { Title?: unknown; Subject?: unknown };
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
    return { pages: document.numPages, title: text(info.Title), subject: text(info.Subject) };
  } catch {
    return undefined;
  }
}

async function pdfFacts(bytes: Buffer, digest: string, store: CacheStore): Promise<PdfFacts | { invalid: true }> {
  const key = entryKey('pdf-facts', FACTS_READ, digest);
  const known = store.getJson<PdfFacts | { invalid: true }>('pdf', key);
  if (known !== undefined && ('invalid' in known || typeof known.pages === 'number')) return known;
  const facts = (await readPdf(bytes)) ?? { invalid: true as const };
  store.putJson('pdf', key, facts);
  return facts;
}

/** An image's size, or what would make it show broken. */
async function describeImage(asset: AssetFile, bytes: Buffer, store: CacheStore): Promise<void> {
  const fault = await imageFault(asset.relativePath, { bytes, digest: asset.digest, store });
  if (fault !== undefined) {
    asset.fault = fault;
    return;
  }
  try {
    const { width, height, orientation } = imageSize(bytes);
    // A phone stores a photo as its camera saw it, with an EXIF orientation that turns it upright: browsers show it turned, and so do its copies (outputs/images.ts). Orientations 5 to 8 swap its sides.
    if (width && height) asset.dimensions = orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    // Not an image whose size can be read: the model reports it if a page needs its size.
  }
}

/** The images that would show broken, by the address pages show them at. */
export function faultyImages(assets: readonly AssetFile[]): ReadonlyMap<string, ImageFault> {
  return new Map(assets.flatMap((asset) => (asset.fault ? [[`/${asset.relativePath}`, asset.fault] as const] : [])));
}

async function describeAsset(assetsDir: string, relativePath: string, store: CacheStore, report: (diagnostic: ContentDiagnostic) => void): Promise<AssetFile | undefined> {
  const absolutePath = path.join(assetsDir, relativePath);
  const bytes = await readFile(absolutePath).catch(async (error: unknown) => {
    report(await unreadableProblem(absolutePath, error));
    return undefined;
  });
  if (bytes === undefined) return undefined;
  const asset: AssetFile = { relativePath, absolutePath, size: bytes.length, digest: digestOf(bytes) };
  if (IMAGE_EXTENSIONS.test(relativePath)) {
    await describeImage(asset, bytes, store);
    const located = asset.fault === undefined ? await photoLocationProblem(absolutePath, bytes) : undefined;
    if (located !== undefined) report(located);
  }
  if (!relativePath.toLowerCase().endsWith('.pdf')) return asset;
  asset.version = versionOf(bytes);
  const facts = await pdfFacts(bytes, asset.digest, store);
  if ('invalid' in facts) report(problem('invalidPdf', { file: absolutePath }));
  else {
    asset.pdf = facts;
    if (facts.title === undefined) report(problem('pdfWithoutTitle', { file: absolutePath }));
  }
  return asset;
}

/**
 * Every file of the assets folder the site publishes, sorted by path:
 * dotfiles are left out, save those under `.well-known/`.
 *
 * @param assetsDir the assets folder
 * @param store where facts read from PDFs are kept
 * @param report where problems go
 */
export async function loadAssets(assetsDir: string, store: CacheStore, report: (diagnostic: ContentDiagnostic) => void): Promise<AssetFile[]> {
  const listing = { patterns: ['**/*', `${WELL_KNOWN}/**/*`], loop: (file: string, target: string) => problem('assetFolderLoop', { file }, { target }) };
  const files = (await filesFollowingLinks(assetsDir, listing, report)) ?? [];
  const names = files.map((file) => relativePath(assetsDir, file)).filter(isPublished).sort();
  const assets = await Promise.all(names.map((name) => describeAsset(assetsDir, name, store, report)));
  return assets.filter((asset) => asset !== undefined);
}
