/**
 * The site's languages, each with its message catalogue (DECISIONS.md
 * "Languages: English and Spanish"): every word a page, a feed, a sharing
 * card or the widget script shows that the physician did not write. A
 * language is a code in `build/lib/languages.ts`, a catalogue file of the
 * `Messages` shape and one entry here;
 * `test/unit/templates/messages.test.ts` holds every catalogue to English's keys.
 */
import type { Language } from '../../build/lib/languages.ts';
import { en } from './en.ts';
import { es } from './es.ts';

export type { Language } from '../../build/lib/languages.ts';

/** A catalogue's shape: English's, whose strings are any string and whose functions take and give the same. */
export type Messages = typeof en;

interface LanguageSettings {
  messages: Messages;
  /** Open Graph's form of the locale: `en_US`. */
  ogLocale: string;
  /** The language's own name, as the link to it says it. */
  name: string;
}

export const LANGUAGES: Record<Language, LanguageSettings> = {
  en: { messages: en, ogLocale: 'en_US', name: 'English' },
  es: { messages: es, ogLocale: 'es_US', name: 'Español' },
};

export function messagesFor(language: Language): Messages {
  return LANGUAGES[language].messages;
}

/** Every language's words for the markdown stage, which writes them into bodies and reads no template: its settings carry them. */
export function markdownWords(): Record<Language, Messages['body']> {
  return Object.fromEntries(Object.entries(LANGUAGES).map(([language, settings]) => [language, settings.messages.body])) as Record<Language, Messages['body']>;
}
