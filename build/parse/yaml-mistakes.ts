/**
 * The mistakes a person makes typing YAML by hand, found in the lines
 * themselves, so that they are told in plain words at the line to mend
 * rather than in the YAML library's words at the line where it gave up.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';

/** A field whose colon has no space after it (`draft:true`), which YAML reads as text rather than a field; `https://` is not one. */
const NO_SPACE_AFTER_COLON = /^[ ]*(?:-[ ]+)?([A-Za-z_][\w-]*):(?!\/\/)(\S.*)$/;

/** Leading white space that holds a tab, which YAML never reads as indentation. */
const TAB_INDENT = /^[ ]*\t[ \t]*\S/;

/** The value of a `key: value` or `- value` line, where a quoted value would start. */
const VALUE_START = /^[ ]*(?:-[ ]+)?(?:[A-Za-z_][\w-]*[ \t]*:[ \t]+)?(["'])(.*)$/;

/** Whether a quoted value's text closes its quote on the same line (`''` inside single quotes, `\"` inside double ones, are not a close). */
function closes(quote: string, rest: string): boolean {
  return quote === '"' ? /^(?:[^"\\]|\\.)*"/.test(rest) : /^(?:[^']|'')*'(?!')/.test(rest);
}

/** The index of the line whose quote is still open at the end of `lines`, following values quoted over several lines as YAML does. */
function unclosedQuoteLine(lines: readonly string[]): { index: number; quote: string } | undefined {
  let open: { index: number; quote: string } | undefined;
  lines.forEach((line, index) => {
    if (open !== undefined) {
      if (closes(open.quote, line)) open = undefined;
      return;
    }
    const value = VALUE_START.exec(line);
    if (value && !closes(value[1] as string, value[2] as string)) open = { index, quote: value[1] as string };
  });
  return open;
}

/**
 * A line indented with a tab: an error even where YAML reads the block, as
 * it can, putting the field under another (a source's `url` read as a field
 * of the article).
 *
 * @param lines the file's lines
 * @param range the indexes of the YAML block's first and last lines
 */
export function tabIndentation(file: string, lines: readonly string[], range: { from: number; to: number }): ContentDiagnostic | undefined {
  for (let index = range.from; index <= range.to; index++) {
    if (TAB_INDENT.test(lines[index] as string)) return problem('yamlTabIndent', { file, line: index + 1 });
  }
  return undefined;
}

/**
 * What the author most likely got wrong where YAML could not read the
 * block: a quote never closed, or a field with no space after its colon.
 *
 * @param lines the file's lines
 * @param range the indexes of the YAML block's first line and of the line YAML stopped at
 * @returns the problem at the line to mend, or undefined when the mistake is none of these
 */
export function explainYamlMistake(file: string, lines: readonly string[], range: { from: number; to: number }): ContentDiagnostic | undefined {
  const block = lines.slice(range.from, range.to + 1);
  const quote = unclosedQuoteLine(block);
  if (quote !== undefined) return problem('yamlUnclosedQuote', { file, line: range.from + quote.index + 1 }, { quote: quote.quote });
  for (const [index, line] of block.entries()) {
    const field = NO_SPACE_AFTER_COLON.exec(line);
    if (field) return problem('yamlNoSpaceAfterColon', { file, line: range.from + index + 1 }, { key: field[1] as string, value: (field[2] as string).trim() });
  }
  return undefined;
}
