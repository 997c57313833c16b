/**
 * The line that `npm run new -- --translate` puts above the English text a
 * translation starts from. It is a plain paragraph, not an HTML comment,
 * because the site shows raw HTML as text: in the drafts preview it reads as
 * an instruction, and the build refuses to publish an article that still has it.
 */
export const TRANSLATION_MARKER = 'TRADUCIR DESDE AQUÍ: traduzca al español el texto en inglés que sigue y después borre esta línea.';

/** The words the marker is known by, should the rest of its line be edited. */
const MARKER_START = 'TRADUCIR DESDE AQUÍ';

/**
 * @param body an article's markdown, after its front matter
 * @returns the 1-based line of the body that starts with the marker, or undefined when none does
 */
export function translationMarkerLine(body: string): number | undefined {
  const index = body.split('\n').findIndex((line) => line.trimStart().startsWith(MARKER_START));
  return index === -1 ? undefined : index + 1;
}
