/**
 * Each page in the site's other languages (DECISIONS.md "Languages"): the
 * addresses its `hreflang` links name, where it has a translation, and where
 * the header's link to each other language leads, which is never a page
 * that does not exist: an article with no translation leads to the other
 * language's list of articles.
 */
import type { PageAlternates } from '../../templates/context.ts';
import { addressIn, type Language } from '../lib/languages.ts';
import type { Article } from '../model/index.ts';

/** What a page's alternates are worked out from. */
export interface AlternatesInput {
  /** The languages the site is written in, the default first. */
  languages: readonly Language[];
  /** The articles shown, in every language, by the file of their original. */
  translations: ReadonlyMap<string, ReadonlyMap<Language, Article>>;
}

/** A page every language has at the same address under its folder (`/about`, `/es/about`). */
export function sharedPageAlternates(input: AlternatesInput, language: Language, address: string): PageAlternates {
  const others = input.languages.filter((other) => other !== language);
  const translations = others.length === 0 ? [] : input.languages.map((other) => ({ language: other, url: addressIn(other, address) }));
  return { translations, links: others.map((other) => ({ language: other, url: addressIn(other, address) })) };
}

/**
 * An article's page: its translations, and the other languages' lists where
 * it has none. A draft (shown only by a `--drafts` build) is in no pair:
 * its page is kept out of search engines, which ignore a pair with it.
 */
export function articleAlternates(input: AlternatesInput, article: Article): PageAlternates {
  const translated = input.translations.get(article.original) ?? new Map<Language, Article>();
  const others = input.languages.filter((other) => other !== article.language);
  const published = article.draft ? [] : input.languages.flatMap((other) => {
    const translation = translated.get(other);
    return translation !== undefined && !translation.draft ? [{ language: other, url: translation.url }] : [];
  });
  const translations = published.length < 2 ? [] : published;
  return { translations, links: others.map((other) => ({ language: other, url: translated.get(other)?.url ?? addressIn(other, '/insights') })) };
}

/** A page no other language has a match for (a not-found page, a redirect): the link leads to the other language's home. */
export function untranslatedAlternates(input: AlternatesInput, language: Language, home = '/'): PageAlternates {
  return { translations: [], links: input.languages.filter((other) => other !== language).map((other) => ({ language: other, url: addressIn(other, home) })) };
}
