/**
 * The site's languages, each with its message catalogue (DECISIONS.md
 * "Languages: English and Spanish"): every word a page, a feed, a sharing
 * card or the widget script shows that the physician did not write. A
 * language is a catalogue file of the `Messages` shape and one entry here;
 * `test/unit/templates/messages.test.ts` holds every catalogue to English's keys.
 */
import { en } from './en.ts';

/** A catalogue's shape: English's, whose strings are any string and whose functions take and give the same. */
export type Messages = typeof en;

interface LanguageSettings {
  messages: Messages;
  /** Open Graph's form of the locale: `en_US`. */
  ogLocale: string;
}

export const LANGUAGES = {
  en: { messages: en, ogLocale: 'en_US' },
} as const satisfies Record<string, LanguageSettings>;

export type Language = keyof typeof LANGUAGES;

/** The language of the site's root addresses. */
export const DEFAULT_LANGUAGE: Language = 'en';

export function messagesFor(language: Language): Messages {
  return LANGUAGES[language].messages;
}
