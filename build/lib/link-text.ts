/**
 * Whether a link's text already is its address, so that a printout need not
 * repeat it after the text ("https://www.medicare.gov (https://www.medicare.gov)").
 * CSS cannot compare a link's text with its `href`, so the build marks such
 * links, and the print stylesheet appends the address to every other outside
 * link. The text is the address when it is the same but for case, a trailing
 * slash, or the protocol a web address typed without one gets (`www.ssa.gov`
 * for `http://www.ssa.gov`). A name that looks like a domain (`Medicare.gov`
 * for `https://www.medicare.gov/`) is not the address: the paper shows both.
 *
 * @param text the link's text, as the page shows it
 * @param href the link's address
 */
export function textIsAddress(text: string, href: string): boolean {
  const plain = (value: string) => value.trim().toLowerCase().replace(/\/+$/, '');
  const shown = plain(text);
  const address = plain(href);
  if (shown === '') return false;
  return shown === address || (!/^[a-z][a-z0-9+.-]*:/.test(shown) && /^https?:\/\//.test(address) && address.replace(/^https?:\/\//, '') === shown);
}

/** The attribute that marks a link whose text is its address (see {@link textIsAddress}). */
const TEXT_IS_ADDRESS_ATTRIBUTE = 'data-text-is-url';

/** The attributes a template spreads on a link: the mark when its text is its address, else none. */
export function addressMark(text: string, href: string): Record<string, string> {
  return textIsAddress(text, href) ? { [TEXT_IS_ADDRESS_ATTRIBUTE]: '' } : {};
}
