/**
 * The words the widget script needs (templates/client/widgets.ts), by
 * language: each catalogue's script part alone, so that the bundle does not
 * carry every page's words. A language's entry here is its catalogue's
 * `…Script` export; the catalogues' test holds it to the catalogue.
 */
import { enScript } from './en.ts';
import { esScript } from './es.ts';

/** The script part of a catalogue: its locale, dates, out-of-date notices and the script's own words. */
export type ScriptMessages = typeof enScript;

export const SCRIPT_MESSAGES = { en: enScript, es: esScript } as const satisfies Record<string, ScriptMessages>;

/** The words of the page's language, known by its `<html lang>`; English when no catalogue has that locale. */
export function scriptMessagesFor(htmlLang: string): ScriptMessages {
  return Object.values(SCRIPT_MESSAGES).find((messages) => messages.locale === htmlLang) ?? SCRIPT_MESSAGES.en;
}
