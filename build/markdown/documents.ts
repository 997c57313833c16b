/**
 * Documents by key: each body is processed once for its page under the
 * build's settings, and its document (HTML and facts) kept in the build
 * cache under a key of everything that made it. The build's thread keeps
 * only the facts; a page reads its body's HTML back when it is rendered.
 */
import { entryKey, type CacheStore } from '../store/index.ts';
import { processMarkdown, type MarkdownDocument, type MarkdownSettings, type TooDeep } from './process.ts';

/** One body to process, and where it is shown. */
export interface MarkdownJob {
  /** The file the body is in, for messages. */
  file: string;
  /** The line of the file on which the body starts. */
  bodyStartLine: number;
  body: string;
  /** A hash of the body, part of its key. */
  bodyDigest: string;
  /** The page it is shown on, against which its relative links resolve. */
  pageUrl: string;
}

/** What the build keeps of a document: everything but its HTML, which stays in the cache under `key`. */
export type DocumentFacts = Omit<MarkdownDocument, 'html'> & { key: string };

/** What a body came to: its document's facts, or that it nests too deeply to be read. */
export type Processed = DocumentFacts | TooDeep;

/** The build's settings as data that can cross to a worker thread, with the cache folder. */
export interface PoolSettings {
  settings: { figures: [string, string][]; imageSizes: [string, { width: number; height: number }][] };
  cacheDir: string;
}

/** A key for the settings: the generator's version, the figures' values and the images' sizes. */
export function settingsKey(settings: MarkdownSettings, generator: string): string {
  const sorted = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entryKey('markdown-settings', generator, JSON.stringify([sorted(settings.figures), sorted(settings.imageSizes)]));
}

/** The key of a body's document under the build's settings. */
export function documentKey(job: MarkdownJob, settings: string): string {
  return entryKey('markdown', settings, job.pageUrl, job.bodyDigest);
}

/** A stored document, or undefined when the entry is missing or not a document (another version, damage). */
export async function storedDocument(store: CacheStore, key: string): Promise<MarkdownDocument | undefined> {
  const document = await store.getJson<MarkdownDocument>('markdown', key);
  const valid =
    document !== undefined &&
    typeof document.html === 'string' &&
    typeof document.wordCount === 'number' &&
    [document.figuresUsed, document.unknownFigures, document.textBlocks, document.links].every(Array.isArray);
  return valid ? document : undefined;
}

/** The facts of a document, without its HTML. */
export function factsOf(document: MarkdownDocument, key: string): DocumentFacts {
  const { figuresUsed, unknownFigures, wordCount, textBlocks, links } = document;
  return { figuresUsed, unknownFigures, wordCount, textBlocks, links, key };
}

/** Processes a body and stores its document; what a worker of the pool does with each job. */
export async function processAndStore(job: MarkdownJob & { key: string }, runtime: { settings: MarkdownSettings; store: CacheStore }): Promise<Processed> {
  const document = processMarkdown(job.body, job.pageUrl, runtime.settings);
  if ('tooDeep' in document) return document;
  await runtime.store.putJson('markdown', job.key, document);
  return factsOf(document, job.key);
}
