/**
 * A scheme as a browser reads one (WHATWG URL): a letter, then letters,
 * digits, `+`, `-` or `.`, up to the first colon. Anything else before the
 * colon (`/`, `?`, `#`, a parenthesis, a space) makes the URL relative.
 */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme of a URL, or undefined for a relative one. */
export function schemeOf(url: string): string | undefined {
  return SCHEME.exec(url)?.[1];
}

/**
 * Makes a relative link root-relative, resolved against the canonical address
 * of the page it is on. A page answers both at `/insights/a` and
 * `/insights/a/`, where a relative `b` would lead to two different places;
 * `/insights/b` leads to one. Absolute URLs, root-relative paths, fragments
 * and blanked (empty) URLs are returned as they are.
 *
 * @param url a URL already checked by `safeUrl`
 * @param pageUrl the canonical path of the page, e.g. `/insights/a`
 */
export function rootRelativeUrl(url: string, pageUrl: string): string {
  if (url === '' || url.startsWith('/') || url.startsWith('#') || schemeOf(url) !== undefined) return url;
  const resolved = new URL(url, `http://site.invalid${pageUrl}`);
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** True for a URL that leaves the site: one with a protocol, or protocol-relative (`//host/…`). */
export function isExternalUrl(url: string): boolean {
  return schemeOf(url) !== undefined || url.startsWith('//');
}
