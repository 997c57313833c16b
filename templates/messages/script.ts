/**
 * The words the widget script needs (templates/client/widgets.ts), by the
 * locale a page declares in `<html lang>`: each catalogue's script part
 * alone, so that the bundle does not carry every page's words. A language's
 * entry here is its catalogue's `…Script` export; the catalogues' test holds
 * each to its catalogue.
 */
import { enScript } from './en.ts';
import { esScript } from './es.ts';

/** The script part of a catalogue: its locale, dates, out-of-date notices and the script's own words. */
export type ScriptMessages = typeof enScript;

export const SCRIPT_MESSAGES: Readonly<Record<string, ScriptMessages>> = { [enScript.locale]: enScript, [esScript.locale]: esScript };

/** The words of the page's language, by its `<html lang>`; English's when no catalogue has that locale. */
export function scriptMessagesFor(htmlLang: string): ScriptMessages {
  return SCRIPT_MESSAGES[htmlLang] ?? enScript;
}
