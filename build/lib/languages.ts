import { FEED_FILES } from '../config.ts';

/**
 * The languages the site is written in (DECISIONS.md "Languages"): English at
 * the site's root, each other language under its own folder (`/es`), and a
 * translated file named as its original with the language before the
 * extension (`part-d-2026.es.md`, `knee-osteoarthritis.es.pdf`). A language
 * added here, with its message catalogue and its files, needs no other code.
 */
export const LANGUAGES = ['en', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

/** Each language's name as the physician's messages at the terminal give it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/** The language of the site's root addresses and of every file not named for another. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The languages other than the default, which translate it. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/**
 * The language a file is written in, from its name, and the name of the
 * original it translates (the file's own name, for one in the default language).
 *
 * @param file a path or name such as `insights/part-d-2026.es.md`
 */
export function fileLanguage(file: string): { language: Language; original: string } {
  const named = /^(.*)\.([a-z]{2})(\.[^./\\]+)$/i.exec(file);
  const code = named?.[2]?.toLowerCase() ?? '';
  if (named === null || code === DEFAULT_LANGUAGE || !isLanguage(code)) return { language: DEFAULT_LANGUAGE, original: file };
  return { language: code, original: `${named[1] as string}${named[3] as string}` };
}

/** The name of a file's translation into a language: `site.md` → `site.es.md`. */
export function translatedFileName(file: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? file : file.replace(/(\.[^./\\]+)$/, `.${language}$1`);
}

/** A site address in a language: `/insights` → `/es/insights`, `/` → `/es`. */
export function addressIn(language: Language, address: string): string {
  if (language === DEFAULT_LANGUAGE) return address;
  return address === '/' ? `/${language}` : `/${language}${address}`;
}

/** The language of a site address, from its first folder. */
export function addressLanguage(address: string): Language {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(address)?.[1] ?? '';
  return isLanguage(first) && first !== DEFAULT_LANGUAGE ? first : DEFAULT_LANGUAGE;
}

/** A language's Insights feed of a kind, as a file of out/: `feed.xml`, `es/feed.xml`. */
export function feedFile(language: Language, kind: keyof typeof FEED_FILES): string {
  return addressIn(language, `/${FEED_FILES[kind]}`).slice(1);
}
