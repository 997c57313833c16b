/**
 * What in the markdown stage's HTML could run script, load from a
 * forbidden scheme, or come from raw HTML let through; shared by the
 * markdown stage's safety properties and its run of known XSS payloads.
 */
import { SAFE_PROTOCOLS } from '../../build/config.ts';
import { decodeEntities } from '../../build/check/page-facts.ts';

/** Every element the markdown stage makes; anything else could only come from raw HTML let through. */
const MARKDOWN_ELEMENTS = new Set(['p', 'a', 'img', 'picture', 'source', 'em', 'strong', 'del', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'br', 'input', 'label', 'section', 'sup']);
const VOID_ELEMENTS = new Set(['img', 'source', 'hr', 'br', 'input']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'cite', 'xlink:href', 'background']);
export const ALLOWED_SCHEMES = new Set<string>(SAFE_PROTOCOLS);
/** A tel: link is allowed when it holds a phone number and nothing else (issue 24). */
export const PHONE_NUMBER_URL = /^tel:\+?[0-9]+(?:[-.][0-9]+)*$/i;

/** The tags of React's output, which quotes every attribute value: `<name attr="value"/>`, `</name>`. */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;

/** The scheme a browser would read in an attribute value, after dropping what WHATWG URL parsing drops. */
export function schemeOf(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
}

/** What in a fragment of HTML could run script, load from a forbidden scheme, or come from raw HTML; what is left unclosed; and any markup it cannot read. */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const open: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  for (const match of html.matchAll(TAG)) {
    const [, closing, rawName = '', attributes = '', selfClosing] = match;
    const name = rawName.toLowerCase();
    if (closing === '/') {
      const expected = open.pop();
      if (expected !== name) found.push(`</${name}> closes <${expected ?? 'nothing'}>`);
      continue;
    }
    if (!MARKDOWN_ELEMENTS.has(name)) found.push(`<${name}> element`);
    if (selfClosing !== '/' && !VOID_ELEMENTS.has(name)) open.push(name);
    for (const [, attribute = '', value = ''] of attributes.matchAll(ATTRIBUTE)) {
      const lower = attribute.toLowerCase();
      if (lower.startsWith('on')) found.push(`${attribute} attribute on <${name}>`);
      if (lower === 'style') found.push(`style attribute on <${name}>`);
      const candidates = lower === 'srcset' ? decodeEntities(value).split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [decodeEntities(value)];
      for (const candidate of URL_ATTRIBUTES.has(lower) ? candidates : []) {
        const protocol = schemeOf(candidate);
        if (protocol !== undefined && !ALLOWED_SCHEMES.has(protocol) && !PHONE_NUMBER_URL.test(candidate)) found.push(`${attribute}="${candidate}" on <${name}>`);
      }
    }
  }
  if (open.length > 0) found.push(`unclosed: ${open.map((name) => `<${name}>`).join('')}`);
  // React writes a `<` of text as `&lt;`: any other is markup this reader would miss.
  if (html.replace(TAG, '').includes('<')) found.push('a < that begins no tag read here');
  return found;
}
