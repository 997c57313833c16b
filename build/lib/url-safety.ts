import { SAFE_PROTOCOLS } from '../config.ts';
import { schemeOf } from './relative-url.ts';

const SAFE_PROTOCOL = new RegExp(`^(${SAFE_PROTOCOLS.join('|')})$`, 'i');

/**
 * A telephone link that holds a phone number and nothing else (RFC 3966's
 * global form: an optional `+`, digits, and `-` or `.` between groups), such as
 * `tel:+18006334227`, so that a patient on a phone can tap 1-800-MEDICARE to
 * call it. A `tel:` URL runs no script; limiting it to digits also blanks a
 * mistyped one (`tel:1-800-MEDICARE`) rather than offer a number no phone dials.
 */
const TELEPHONE = /^tel:\+?[0-9]+(?:[-.][0-9]+)*$/i;

/**
 * What a browser does to an href before it reads the scheme (WHATWG URL
 * parsing): leading and trailing C0 controls and spaces are dropped, and tabs
 * and newlines anywhere are removed. Checking the cleaned text means
 * `java\tscript:` or ` javascript:` cannot slip past as "no protocol".
 */
function asBrowserReadsIt(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * Keeps a markdown link or image URL only when it is safe to put in the page
 * (spec §5): relative URLs and fragments stay, absolute URLs stay only with the
 * protocols http, https, irc, ircs, mailto and xmpp, or as a `tel:` link to a
 * phone number; any other is blanked. A URL is absolute only when a browser
 * reads a scheme in it: `foo):` (GFM's example 508) is a relative path, which a
 * rule looking only for a colon would blank.
 *
 * @param url the URL as written in markdown (entities already decoded)
 * @returns the URL, or `''` when its protocol is not allowed
 */
export function safeUrl(url: string): string {
  const cleaned = asBrowserReadsIt(url);
  const scheme = schemeOf(cleaned);
  if (scheme === undefined || SAFE_PROTOCOL.test(scheme) || TELEPHONE.test(cleaned)) return cleaned;
  return '';
}
