import { addressIn } from '../build/lib/languages.ts';
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

/** A page in the site's other languages. */
export interface PageAlternates {
  /** The page in every language it is written in, itself among them, when it has a translation: what its `hreflang` links name. Empty when it has none. */
  translations: { language: Language; url: string }[];
  /** Where the header's link to each other language leads: the same page in it, or, where there is none, that language's list or home. */
  links: { language: Language; url: string }[];
}

/** What every page shares, in the language it is written in. */
export interface PageContext extends SiteContext {
  language: Language;
  /** The words of the page's language (templates/messages/). */
  messages: Messages;
  /** This page in the site's other languages. */
  alternates: PageAlternates;
}

/** The header navigation entries (spec §2 Shared header), each named by its word in the catalogue's `nav`. */
export const NAV_ITEMS = [
  { href: '/about', name: 'about' },
  { href: '/education', name: 'education' },
  { href: '/insights', name: 'insights' },
] as const satisfies readonly { href: string; name: keyof Messages['nav'] }[];

/** An address of the site in the page's language: `/insights` → `/es/insights` on a Spanish page. */
export function inPageLanguage(context: Pick<PageContext, 'language'>, address: string): string {
  return addressIn(context.language, address);
}

/** The name as shown in the header and footer: "Dr. Alex Sample, MD". */
export function displayName(site: SiteIdentity): string {
  return site.credentials === '' ? site.name : `${site.name}, ${site.credentials}`;
}
