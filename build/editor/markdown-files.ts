/**
 * A markdown file of the content (an article, site.md, site.es.md) as the
 * browser editor reads and writes it: its front matter's fields and its body,
 * which the editor shows as the field `body`. The text the editor read goes
 * with the fields, under a name no field has, so that the save writes the
 * front matter back as it was written, changed only where a value changed.
 *
 * This module runs in the editor's page as well as in the tests: no Node imports.
 */
import { readYaml, writeYaml } from './written-yaml.ts';

/** Where the text a file was read from travels with its fields: the editor keeps a field it does not show, and gives it back on saving. */
export const WRITTEN_TEXT = '__writtenText';

const FENCE = /^---[ \t]*$/;

/** The file's front matter and body, as the build splits them: line endings made LF, a byte order mark dropped. */
function split(text: string): { head: string | undefined; body: string } {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const closing = FENCE.test(lines[0] ?? '') ? lines.findIndex((line, index) => index > 0 && FENCE.test(line)) : -1;
  if (closing < 0) return { head: undefined, body: lines.join('\n') };
  return { head: lines.slice(1, closing).map((line) => `${line}\n`).join(''), body: lines.slice(closing + 1).join('\n') };
}

/** The body as the editor shows it: without the blank line after the front matter, or those at its end. */
const trimmed = (body: string) => body.replace(/^\n+/, '').replace(/\s+$/, '');

/** A markdown file's fields and its body (`body`), with the text it was read from. */
export function readMarkdown(text: string): Record<string, unknown> {
  const { head, body } = split(text);
  const { data } = readYaml(head ?? '', 'front-matter');
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { ...fields, body: trimmed(body), [WRITTEN_TEXT]: text };
}

/** A markdown file's text: its fields between the `---` lines, a blank line, then its body. */
export function writeMarkdown(data: Record<string, unknown>): string {
  const { body, [WRITTEN_TEXT]: written, ...fields } = data;
  const head = writeYaml(fields, 'front-matter', typeof written === 'string' ? split(written).head : undefined);
  const text = typeof body === 'string' ? trimmed(body.replace(/\r\n?/g, '\n')) : '';
  return `---\n${head}---\n${text === '' ? '' : `\n${text}\n`}`;
}
