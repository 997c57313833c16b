/** Files that no page shows as such: pages link to them, and a page that changes with them is written too. */
const NOT_SHOWN = /^og\/|\.(html|xml|json|txt)$/;

/**
 * Whether an open preview page must reload after a rebuild: when its own
 * file was written, or a file it shows by a fixed name (an image, a handout)
 * was replaced. A page that shows "not found" reloads on any change, since
 * the change may be the page it was looking for. Other pages stay as they
 * are, with their scroll position: an edit to one article reloads only the
 * pages that show it.
 *
 * @param pathname the page's address, e.g. `/insights/a` or `/insights/a/`
 * @param written the files the rebuild wrote, relative to out/
 * @param showsNotFound true when the page on screen is a not-found page
 */
export function reloadNeeded(pathname: string, written: readonly string[], showsNotFound: boolean): boolean {
  if (showsNotFound) return written.length > 0;
  const here = decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '');
  const own = here === '' ? ['index.html'] : [here, `${here}/index.html`];
  return written.some((file) => own.includes(file) || !NOT_SHOWN.test(file));
}
