/**
 * How an article quotes a yearly figure: `{{partDOutOfPocketCap2026}}`, with
 * optional spaces inside the braces. The markdown stage fills it in within a
 * body's text; the model stage refuses it in the front matter, where it would
 * be shown as written. A name with hyphens or underscores is taken as a quote
 * too, so that `{{part-d-cap}}` is reported as no figure rather than shown to
 * readers in its braces; words with spaces between braces are left as text.
 */
export const FIGURE_TOKEN = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

/** The same, once: a regular expression without the global flag keeps no position between calls. */
const ONE_TOKEN = new RegExp(FIGURE_TOKEN.source);

/** The name of the first figure a text quotes, if it quotes one. */
export function firstFigureName(text: string): string | undefined {
  return ONE_TOKEN.exec(text)?.[1];
}
