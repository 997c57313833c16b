/**
 * Documents by key: each body is processed once for its page under the
 * build's settings, and its document (HTML and facts) kept in the build
 * cache under a key of everything that made it. The build's thread keeps
 * only the facts; a page reads its body's HTML back when it is rendered.
 */
import type { Language } from '../lib/languages.ts';
import { entryKey, type CacheStore, type EntryLocation } from '../store/index.ts';
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

/**
 * What the build keeps of a document while it runs: its small facts. Its
 * HTML and text blocks stay in the cache under `key`, read when a page is
 * rendered or a draft's sentences are wanted.
 */
export type DocumentFacts = Omit<MarkdownDocument, 'html' | 'textBlocks'> & { key: string };

/** What a body came to: its document's facts, or that it nests too deeply to be read. */
export type Processed = DocumentFacts | TooDeep;

/** A body processed, and where its document was stored: what a worker of the pool answers for each job. */
export interface Outcome {
  processed: Processed;
  stored: EntryLocation | undefined;
}

/** The build's settings as data that can cross to a worker thread, with the cache folder. */
export interface PoolSettings {
  settings: { figures: [string, string][]; translatedFigures: [Language, [string, string][]][]; imageSizes: [string, { width: number; height: number }][]; words: MarkdownSettings['words'] };
  cacheDir: string;
}

/** A key for the settings: the generator's version, the figures' values, the images' sizes and the words. */
export function settingsKey(settings: MarkdownSettings, generator: string): string {
  const sorted = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const translated = [...(settings.translatedFigures ?? [])].map(([language, figures]) => [language, sorted(figures)]);
  return entryKey('markdown-settings', generator, JSON.stringify([sorted(settings.figures), sorted(settings.imageSizes), ...(translated.length > 0 ? [translated] : []), settings.words]));
}

/** The key of a body's document under the build's settings. */
export function documentKey(job: MarkdownJob, settings: string): string {
  return entryKey('markdown', settings, job.pageUrl, job.bodyDigest);
}

/**
 * A document as one cache entry: the length of its facts as JSON (4 bytes),
 * those facts with its text blocks, then its HTML; so the facts are read
 * without decoding the HTML.
 */
function documentEntry(document: MarkdownDocument, key: string): Buffer {
  const facts = Buffer.from(JSON.stringify({ ...factsOf(document, key), textBlocks: document.textBlocks }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(facts.length);
  return Buffer.concat([length, facts, Buffer.from(document.html, 'utf8')]);
}

/** A stored document's parts, or undefined when the entry is missing or is not a document of this key (another version, damage). */
function storedDocument(store: CacheStore, key: string): { facts: DocumentFacts & { textBlocks: string[] }; html: Buffer } | undefined {
  const entry = store.get('markdown', key);
  if (entry === undefined || entry.length < 4 || 4 + entry.readUInt32BE(0) > entry.length) return undefined;
  try {
    const facts = JSON.parse(entry.toString('utf8', 4, 4 + entry.readUInt32BE(0))) as DocumentFacts & { textBlocks: string[] };
    const valid = facts.key === key && typeof facts.wordCount === 'number' && [facts.figuresUsed, facts.unknownFigures, facts.textBlocks, facts.links, facts.shownLinks, facts.parity?.mentions, facts.parity?.blockLines, facts.parity?.headings].every(Array.isArray);
    return valid ? { facts, html: entry.subarray(4 + entry.readUInt32BE(0)) } : undefined;
  } catch {
    return undefined;
  }
}

/** A stored document's facts, or undefined when its entry is missing or damaged. */
export function storedFacts(store: CacheStore, key: string): DocumentFacts | undefined {
  const stored = storedDocument(store, key);
  return stored === undefined ? undefined : factsOf(stored.facts, key);
}

/** A stored document's HTML and text blocks, or undefined when its entry is missing or damaged. */
export function storedBody(store: CacheStore, key: string): { html: string; textBlocks: string[] } | undefined {
  const stored = storedDocument(store, key);
  return stored === undefined ? undefined : { html: stored.html.toString('utf8'), textBlocks: stored.facts.textBlocks };
}

/** The facts of a document, without its HTML and text. */
function factsOf(document: Omit<MarkdownDocument, 'html' | 'textBlocks'>, key: string): DocumentFacts {
  const { figuresUsed, unknownFigures, wordCount, links, shownLinks, parity } = document;
  return { figuresUsed, unknownFigures, wordCount, links, shownLinks, parity, key };
}

/**
 * Processes a body and stores its document: what a worker of the pool does
 * with each job, answering with the outcome alone; the build's thread, which
 * processes a few bodies itself, keeps the document too.
 */
export function processAndStore(job: MarkdownJob & { key: string }, runtime: { settings: MarkdownSettings; store: CacheStore }): Outcome & { document?: MarkdownDocument } {
  const document = processMarkdown(job.body, job.pageUrl, runtime.settings);
  if ('tooDeep' in document) return { processed: document, stored: undefined };
  const stored = runtime.store.put('markdown', job.key, documentEntry(document, job.key));
  return { processed: factsOf(document, job.key), stored, document };
}
