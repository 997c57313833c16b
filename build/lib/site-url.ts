/**
 * Normalises a site address: absolute http(s), no query or fragment, no
 * trailing slash, so that `${siteUrl}${path}` is always a well-formed
 * canonical URL.
 *
 * @param text the address as written in site.md or given as --base-url
 * @returns the address, or `undefined` when it is not an absolute web address
 */
export function normaliseSiteUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.search !== '' || url.hash !== '') return undefined;
  return url.href.replace(/\/+$/, '');
}
