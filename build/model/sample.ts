/**
 * Whether a site is still the sample this repository ships, told from its
 * identity: what the build records in out/'s marker and the deploy reads
 * before it publishes anything (README "The sample identity").
 */
import { isFictionalPhone } from '../lib/phone.ts';
import type { SiteIdentity } from './types.ts';

/** Names set aside for examples and tests (RFC 2606, RFC 6761): no real site is ever at them. */
function isReservedHost(hostname: string): boolean {
  return /(^|\.)example\.(com|net|org)$/i.test(hostname) || /(^|\.)(example|test|invalid|localhost)$/i.test(hostname) || hostname === 'localhost';
}

/**
 * What in the identity is still sample, each said as a reader would check it:
 * the site address at an example domain, "Sample" in the physician's,
 * practice's or street's name, a phone number of the fictional 555-0100 to
 * 555-0199 range. Empty for a site that is the physician's own.
 */
export function sampleTraits(site: SiteIdentity): string[] {
  const traits: string[] = [];
  if (isReservedHost(new URL(site.siteUrl).hostname)) traits.push(`the site address ${site.siteUrl}`);
  for (const [what, text] of [
    ['name', site.name],
    ['practice', site.practice],
    ['street', site.contact.address.street],
  ] as const) {
    if (/\bsample\b/i.test(text)) traits.push(`the ${what} "${text}"`);
  }
  const phones = [site.contact.phone, site.contact.afterHoursPhone].flatMap((phone) => (phone !== undefined && isFictionalPhone(phone) ? [phone.display] : []));
  if (phones.length > 0) traits.push(`the phone number${phones.length === 1 ? '' : 's'} ${phones.join(' and ')}`);
  return traits;
}
