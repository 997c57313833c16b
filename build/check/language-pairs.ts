/**
 * The check of language pairs (DECISIONS.md "Languages"): search engines
 * take a page's `hreflang` links only when each names a page of the site
 * that is canonical at that very address (indexed, its canonical link the
 * same URL) and that names the first page back under the first page's
 * language; `x-default` must be one of the pages the set names. A pair
 * broken any of these ways is ignored without a word in the search
 * console, so the build refuses it as it refuses a broken link.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { CheckedPage } from './links.ts';

/** The `hreflang` value that names the page for readers of any language. */
const ANY_LANGUAGE = 'x-default';

/** What the pair check needs of the site. */
export interface PairSite {
  siteUrl: string;
  /** The page a URL of the site leads to, if one does (a URL elsewhere leads to none). */
  pageAt: (url: string, from: CheckedPage) => CheckedPage | undefined;
}

/** A URL written on a page, as the absolute URL a search engine reads. */
function absolute(url: string, page: CheckedPage, siteUrl: string): string {
  try {
    return new URL(url, `${siteUrl}${page.url}`).href;
  } catch {
    return url;
  }
}

/** The address a page is known by: its canonical URL, or its own address when it has none. */
const addressOf = (page: CheckedPage, siteUrl: string) => absolute(page.facts.canonical === '' ? page.url : page.facts.canonical, page, siteUrl);

/** True when an `hreflang` value names a page's language (`es` for `es-US`); any does for a page that says none. */
function namesLanguage(hreflang: string, lang: string): boolean {
  const [named, own] = [hreflang.toLowerCase(), lang.toLowerCase()];
  return own === '' || named === own || own.startsWith(`${named}-`);
}

/**
 * The broken pairs of one page: each `hreflang` link whose target is
 * missing, not canonical, or does not link back, and an `x-default` that
 * is none of the set.
 *
 * @param source the file the page is made from, where the problem is told
 */
export function checkLanguagePairs(page: CheckedPage, source: string, site: PairSite): ContentDiagnostic[] {
  const { alternates, lang } = page.facts;
  const own = addressOf(page, site.siteUrl);
  const inSet = new Set(alternates.filter((alternate) => alternate.language !== ANY_LANGUAGE).map((alternate) => absolute(alternate.url, page, site.siteUrl)));
  const diagnostics: ContentDiagnostic[] = [];
  for (const { language, url } of alternates) {
    const href = absolute(url, page, site.siteUrl);
    const named = { page: page.url, language, url: href };
    if (language === ANY_LANGUAGE) {
      if (!inSet.has(href)) diagnostics.push(problem('pairDefaultOutside', { file: source }, named));
      continue;
    }
    const target = site.pageAt(url, page);
    if (target === undefined) diagnostics.push(problem('pairTargetMissing', { file: source }, named));
    else if (target.facts.noindex) diagnostics.push(problem('pairTargetNoindex', { file: source }, named));
    else if (addressOf(target, site.siteUrl) !== href) diagnostics.push(problem('pairTargetNotCanonical', { file: source }, { ...named, canonical: addressOf(target, site.siteUrl) }));
    else if (!target.facts.alternates.some((back) => absolute(back.url, target, site.siteUrl) === own && namesLanguage(back.language, lang))) diagnostics.push(problem('pairNotReciprocal', { file: source }, { ...named, own: lang }));
  }
  return diagnostics;
}
