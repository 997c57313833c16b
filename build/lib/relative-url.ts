const HAS_PROTOCOL = /^[a-z][a-z0-9+.-]*:/i;

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
  if (url === '' || url.startsWith('/') || url.startsWith('#') || HAS_PROTOCOL.test(url)) return url;
  const resolved = new URL(url, `http://site.invalid${pageUrl}`);
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** True for a URL that leaves the site: one with a protocol, or protocol-relative (`//host/…`). */
export function isExternalUrl(url: string): boolean {
  return HAS_PROTOCOL.test(url) || url.startsWith('//');
}
