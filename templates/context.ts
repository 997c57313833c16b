import type { SiteIdentity } from '../build/model/types.ts';

/** What every page shares: who the site is about and the built assets. */
export interface PageContext {
  site: SiteIdentity;
  /** URL of the content-hashed stylesheet. */
  stylesheetUrl: string;
  /** URL of the content-hashed widget script. */
  scriptUrl: string;
  /** Year shown in the copyright line until the script sets the reader's current year. */
  year: number;
}

/** The header navigation entries (spec §2 Shared header). */
export const NAV_ITEMS = [
  { href: '/about', label: 'About' },
  { href: '/education', label: 'Educational Resources' },
  { href: '/insights', label: 'Insights' },
] as const;

/** The name as shown in the header and footer: "Dr. Alex Sample, MD". */
export function displayName(site: SiteIdentity): string {
  return site.credentials === '' ? site.name : `${site.name}, ${site.credentials}`;
}
