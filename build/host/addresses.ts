/**
 * The one rule between addresses and the files of out/, which the build, the
 * checks, the preview and the deploy all follow: a page is a folder's
 * `index.html`, the layout every static host serves both at `/insights` and
 * at `/insights/` (DECISIONS.md "Routes and the static host"); any other file
 * answers at its own path.
 */

import { addressIn, addressLanguage } from '../lib/languages.ts';

const INDEX = 'index.html';

/** The one error page of the published site. */
export const ERROR_DOCUMENT = '404.html';

/**
 * The file of out/ that holds a page: `/` → `index.html`, `/insights` →
 * `insights/index.html`.
 *
 * @param url a root-relative address, e.g. `/about`
 */
export function pageFile(url: string): string {
  const trimmed = url.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? INDEX : `${trimmed}/${INDEX}`;
}

/** The page address a file of out/ is the index of (`insights/index.html` → `/insights`), or undefined for any other file. */
export function pageOfFile(file: string): string | undefined {
  if (file === INDEX) return '/';
  return file.endsWith(`/${INDEX}`) ? `/${file.slice(0, -INDEX.length - 1)}` : undefined;
}

/**
 * Every address at which a host serves a file: a page at its address, with
 * and without the trailing slash, and at its `index.html`; any other file at
 * its path.
 */
export function addressesOfFile(file: string): string[] {
  const page = pageOfFile(file);
  if (page === undefined) return [`/${file}`];
  return page === '/' ? ['/', `/${INDEX}`] : [page, `${page}/`, `/${file}`];
}

/**
 * The keys under which a bucket holds a file, so that every address of it
 * answers with no redirect hop: the file's own path, and for a page also its
 * folder's name (`insights/index.html` is also stored as `insights`).
 */
export function keysOfFile(file: string): string[] {
  const page = pageOfFile(file);
  return page === undefined || page === '/' ? [file] : [file, page.slice(1)];
}

/**
 * The key a request path asks for, as a bucket's website endpoint reads it:
 * `/` and `/a/` ask for the folder's `index.html`, `/a` for the key `a`.
 *
 * @param decodedPath the request's path, percent-decoding done
 */
export function keyOfRequest(decodedPath: string): string {
  if (decodedPath === '/') return INDEX;
  return decodedPath.endsWith('/') ? `${decodedPath.slice(1)}${INDEX}` : decodedPath.slice(1);
}

/** The one folder of the site whose name starts with a dot: RFC 8615's, for files such as `security.txt`. */
export const WELL_KNOWN = '.well-known';

/**
 * Whether a file of assets/ or out/ is part of the site. Dotfiles are not
 * (the build's marker, what editors and file browsers leave), save the files
 * under `.well-known/` at the root, where other sites look for them.
 *
 * @param file a path relative to the folder, with forward slashes
 */
export function isPublished(file: string): boolean {
  const parts = file.split('/');
  return parts.every((part, index) => !part.startsWith('.') || (index === 0 && part === WELL_KNOWN && parts.length > 1));
}

/**
 * The not-found page for an unknown address: its language's (`/es/…` gets
 * `es/404.html`), and under a language's Insights its article view
 * (`insights/404.html`, `es/insights/404.html`). The preview serves it; a host
 * with one error page for the whole site (CloudFront) serves `404.html`, whose
 * script shows the page this rule names instead.
 *
 * @param path a request's decoded path
 */
export function notFoundFile(path: string): string {
  const language = addressLanguage(path);
  const folder = addressIn(language, '/').replace(/\/?$/, '/');
  const inInsights = path.startsWith(`${folder}insights/`);
  return `${folder}${inInsights ? 'insights/' : ''}404.html`.slice(1);
}
