/**
 * The contract between out/ and the host that publishes it: which objects
 * exist (their keys are the files of out/, plus a copy of each `p/index.html`
 * at `p`, so `/p` answers 200 with no redirect hop), what each is served
 * with (Content-Type, Cache-Control, Content-Language, ETag, the security
 * headers), and how a request path resolves
 * (200, 301 for a file-name alias, 404 with the error page, 400 for a path no
 * file can have). The preview server answers from it; a deploy uploads the
 * same objects with the same headers.
 *
 * Both ways of publishing from S3 allow one error page (the website
 * endpoint's ErrorDocument, CloudFront's custom error response), so every
 * unknown path gets `404.html`, whose script shows the page `notFoundFile`
 * names: its language's, and the article view under Insights. The preview does
 * the same, so what it shows is what readers get.
 */
import mime from 'mime-types';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLE_DIR, FEED_FILES } from '../config.ts';
import { addressLanguage, fileLanguage, type Language } from '../lib/languages.ts';
import { relativePath } from '../lib/relative-path.ts';
import { ERROR_DOCUMENT, isPublished, keyOfRequest, keysOfFile } from './addresses.ts';
import { EDITOR_CONFIG_FILE, EDITOR_FOLDER } from './headers.ts';

export { ERROR_DOCUMENT } from './addresses.ts';
export { EDITOR_CONFIG_FILE, EDITOR_FOLDER, EDITOR_SECURITY_HEADERS, isEditorFile, SECURITY_HEADERS, securityHeadersOf } from './headers.ts';

/** One object of the published site. */
export interface HostedObject {
  /** Its key in the bucket: a path without the leading slash. */
  key: string;
  /** The file of out/ whose bytes it holds. */
  file: string;
  contentType: string;
  cacheControl: string;
  /** The language its reader reads, for pages, feeds and handouts; none for what has no words of its own. */
  contentLanguage?: Language;
  /** For a file-name alias: where it redirects (301). */
  redirectTo?: string;
}

/** A path that answers with a permanent redirect. */
export interface Redirect {
  from: string;
  to: string;
}


/** Bundles are named after a hash of their content, so they never change under their name. */
const HASHED_BUNDLE = new RegExp(`^${BUNDLE_DIR}/[^/]+\\.[A-Z0-9]{8}\\.(js|css)$`);

export const CACHE = {
  /** Content-hashed bundles: a year, never revalidated. */
  immutable: 'public, max-age=31536000, immutable',
  /** Handouts and images keep their names when the physician replaces them: a day. */
  day: 'public, max-age=86400',
  /** Pages and everything else: always revalidated, so an edit shows at once. */
  revalidate: 'public, max-age=0, must-revalidate',
  /** The browser editor's configuration: never kept, so the editor always asks for the fields the build now has. */
  never: 'no-store',
} as const;

/** Files whose name says more about their type than their extension does, all written as UTF-8. */
const NAMED_TYPES: Record<string, string> = {
  [FEED_FILES.rss]: 'application/rss+xml; charset=utf-8',
  [FEED_FILES.atom]: 'application/atom+xml; charset=utf-8',
  [FEED_FILES.json]: 'application/feed+json; charset=utf-8',
  'sitemap.xml': 'application/xml; charset=utf-8',
};

/** The Content-Type of a file of out/: by its name, else by its extension from the mime-db table (with charset=utf-8 for text). */
export function contentTypeOf(file: string): string {
  const name = file.split('/').pop() ?? file;
  // A language's feeds are in its folder (`es/feed.xml`): the name says what they are.
  return NAMED_TYPES[name] ?? (mime.contentType(name) || 'application/octet-stream');
}

/** The Cache-Control of a file of out/. */
export function cacheControlOf(file: string): string {
  if (HASHED_BUNDLE.test(file)) return CACHE.immutable;
  if (file === `${EDITOR_FOLDER}/${EDITOR_CONFIG_FILE}`) return CACHE.never;
  const type = contentTypeOf(file);
  if (type === 'application/pdf' || type.startsWith('image/')) return CACHE.day;
  return CACHE.revalidate;
}

/**
 * The Content-Language of a file of out/, the same from the bucket and from
 * the preview: a page or a feed is in its folder's language (`es/…` Spanish,
 * the rest English), a handout in the language its name carries
 * (`sciatica.es.pdf` Spanish, `sciatica.pdf` English). Images, scripts,
 * styles and the sitemap (which lists both languages) have none.
 */
export function contentLanguageOf(file: string): Language | undefined {
  const type = contentTypeOf(file);
  if (type === 'application/pdf') return fileLanguage(file).language;
  const name = file.split('/').pop() ?? file;
  const isFeed = (Object.values(FEED_FILES) as string[]).includes(name);
  return type.startsWith('text/html') || isFeed ? addressLanguage(`/${file}`) : undefined;
}

/**
 * Every object of the published site.
 *
 * @param files every file of out/, relative, with forward slashes
 * @param redirects the file-name aliases of the build
 */
export function hostedObjects(files: readonly string[], redirects: readonly Redirect[]): Map<string, HostedObject> {
  const objects = new Map<string, HostedObject>();
  const add = (key: string, file: string, redirectTo?: string) => {
    const contentLanguage = contentLanguageOf(file);
    objects.set(key, {
      key,
      file,
      contentType: contentTypeOf(file),
      cacheControl: cacheControlOf(file),
      ...(contentLanguage === undefined ? {} : { contentLanguage }),
      ...(redirectTo === undefined ? {} : { redirectTo }),
    });
  };
  for (const file of files) for (const key of keysOfFile(file)) add(key, file);
  for (const { from, to } of redirects) {
    const file = `${from.replace(/^\/+|\/+$/g, '')}/index.html`;
    for (const key of keysOfFile(file)) add(key, file, to);
  }
  return objects;
}

/**
 * The files of a built site, relative to it, with forward slashes; the
 * build's own marker and any other dotfile outside `.well-known/` is no part
 * of the site.
 *
 * @throws when the folder does not exist
 */
export async function listOutput(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(outDir, path.join(entry.parentPath, entry.name)))
    .filter(isPublished);
}

/** What the host answers to a request path. */
export type Resolution =
  | { status: 200; object: HostedObject }
  | { status: 301; location: string }
  | { status: 404; object: HostedObject | undefined }
  | { status: 400 | 414; reason: string };

/** Longer paths are refused before any work is done on them. */
const MAX_PATH_LENGTH = 1024;

/**
 * Resolves a request path, as sent (percent-encoded, query removed), to an
 * answer. A path that could only mean to climb out of the site (`..` or `.`
 * segments, backslashes, NUL bytes, a malformed escape) is a 400 whatever
 * files exist, so no lookup ever starts from it.
 *
 * @param rawPath the request's path, e.g. `/insights/a%20b/`
 * @param objects the site's objects from {@link hostedObjects}
 */
export function resolveRequest(rawPath: string, objects: ReadonlyMap<string, HostedObject>): Resolution {
  if (rawPath.length > MAX_PATH_LENGTH) return { status: 414, reason: 'path too long' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, reason: 'malformed escape' };
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded)) return { status: 400, reason: 'not a site path' };
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return { status: 400, reason: 'dot segment' };
  const object = objects.get(keyOfRequest(decoded));
  if (object?.redirectTo !== undefined) return { status: 301, location: object.redirectTo };
  if (object) return { status: 200, object };
  return { status: 404, object: objects.get(ERROR_DOCUMENT) };
}


/**
 * The redirect a page of out/ stands for, if it is one: the build writes a
 * file-name alias as a page whose only job is an immediate meta refresh
 * (templates/pages/AliasRedirectPage.tsx), and a host that can redirect
 * should answer that address with a 301 instead.
 *
 * @param html the page as written to out/
 * @returns the address it redirects to, or `undefined` for an ordinary page
 */
export function redirectOfPage(html: string): string | undefined {
  return /<meta http-equiv="refresh" content="0; url=(\/[^"]*)"\/?>/.exec(html)?.[1];
}
