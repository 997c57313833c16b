/**
 * The file in out/ that answers a route: `/` → `index.html`, `/insights` →
 * `insights/index.html`. A folder with an index file is the one layout every
 * static host serves both at `/insights` and at `/insights/` (DECISIONS.md
 * "Routes and the static host").
 *
 * @param url a root-relative route without a trailing slash, e.g. `/about`
 */
export function routeFile(url: string): string {
  const trimmed = url.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}
