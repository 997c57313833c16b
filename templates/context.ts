import type { SiteIdentity } from '../build/model/types.ts';
import type { Language, Messages } from './messages/index.ts';

/** What every page of every language shares: who the site is about and the built assets. */
export interface SiteContext {
  site: SiteIdentity;
  /** URL of the content-hashed stylesheet. */
  stylesheetUrl: string;
  /** URL of the content-hashed widget script. */
  scriptUrl: string;
  /** Year shown in the copyright line until the script sets the reader's current year. */
  year: number;
}

/** What every page shares, in the language it is written in. */
export interface PageContext extends SiteContext {
  language: Language;
  /** The words of the page's language (templates/messages/). */
  messages: Messages;
}

/** The header navigation entries (spec §2 Shared header), each named by its word in the catalogue's `nav`. */
export const NAV_ITEMS = [
  { href: '/about', name: 'about' },
  { href: '/education', name: 'education' },
  { href: '/insights', name: 'insights' },
] as const satisfies readonly { href: string; name: keyof Messages['nav'] }[];

/** The name as shown in the header and footer: "Dr. Alex Sample, MD". */
export function displayName(site: SiteIdentity): string {
  return site.credentials === '' ? site.name : `${site.name}, ${site.credentials}`;
}
