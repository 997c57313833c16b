/**
 * Splitting a markdown file into its front matter and body, with the
 * front-matter package, after making line endings LF so that CRLF files read
 * as LF ones do. A YAML error is reported at its line in the file.
 */
import frontMatter from 'front-matter';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { digestOf, type SourceFile } from '../load/index.ts';
import { explainYamlMistake, tabIndentation } from './yaml-mistakes.ts';

/** Where a front-matter key was written, for messages and for raw values. */
export interface FieldLocation {
  /** 1-based line in the file. */
  line: number;
  /** The value as written on that line, without quotes or trailing comment. */
  raw: string;
  /** The line up to its colon, as written (`draft :` for a key with a space before its colon, which YAML reads all the same). */
  writtenKey: string;
}

/** A markdown file split into its front matter and body. */
export interface ParsedSource {
  file: string;
  /** The file's digest, which names everything made of it. */
  digest: string;
  attributes: Record<string, unknown>;
  /** The markdown after the front matter, with LF line endings. */
  body: string;
  /** A hash of the body alone: a change to the front matter leaves it as it was. */
  bodyDigest: string;
  /** 1-based line of the file on which the body starts. */
  bodyStartLine: number;
  /** The text before the body (the front matter and its fences), with LF line endings. */
  head: string;
  /** Top-level front-matter keys by name. */
  fields: ReadonlyMap<string, FieldLocation>;
}

const FENCE = /^---[ \t]*$/;
const TOP_LEVEL_KEY = /^(([A-Za-z_][\w-]*)[ \t]*:)(.*)$/;

/** Reads the value text of a `key: value` line as the author wrote it. */
function rawValue(afterColon: string): string {
  const value = afterColon.trim();
  const quoted = /^(["'])(.*)\1$/.exec(value);
  if (quoted) return quoted[2] as string;
  return value.replace(/\s+#.*$/, '');
}

function locateFields(lines: readonly string[], closingIndex: number): Map<string, FieldLocation> {
  const fields = new Map<string, FieldLocation>();
  for (let index = 1; index < closingIndex; index++) {
    const match = TOP_LEVEL_KEY.exec(lines[index] as string);
    if (match) fields.set(match[2] as string, { line: index + 1, raw: rawValue(match[3] as string), writtenKey: match[1] as string });
  }
  return fields;
}

/**
 * The index of the line that opens the outermost `[` or `{` still open at the
 * end of `lines` (quoted text and comments aside), if one is.
 */
function unclosedBracketLine(lines: readonly string[]): number | undefined {
  const open: number[] = [];
  lines.forEach((line, index) => {
    // Quoted text and a comment hold no brackets that count.
    const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '').replace(/(^|\s)#.*$/, '');
    for (const character of code) {
      if (character === '[' || character === '{') open.push(index);
      else if ((character === ']' || character === '}') && open.length > 0) open.pop();
    }
  });
  return open[0];
}

/**
 * The file line of a YAML error: front-matter trims the block, so YAML's line
 * 0 is the first non-blank line after the fence. YAML finds a bracket left
 * open only where the text after it cannot belong inside, often the closing
 * fence; the line to mend is the one that opens it.
 */
function yamlErrorLine(error: unknown, lines: readonly string[], reason: string): number {
  const mark = (error as { mark?: { line?: number } }).mark;
  const firstYamlLine = lines.findIndex((line, index) => index > 0 && line.trim() !== '');
  if (mark?.line === undefined) return 1;
  const errorLine = firstYamlLine + mark.line;
  const opening = /flow/.test(reason) ? unclosedBracketLine(lines.slice(firstYamlLine, errorLine + 1)) : undefined;
  return (opening === undefined ? errorLine : firstYamlLine + opening) + 1;
}

/**
 * @param source a decoded markdown file
 * @returns the parsed file, or the problem that stops it being read
 */
export function parseFrontMatter(source: SourceFile): { parsed: ParsedSource } | { diagnostic: ContentDiagnostic } {
  const lines = source.text.replace(/\r\n?/g, '\n').split('\n');
  const closingIndex = FENCE.test(lines[0] ?? '') ? lines.findIndex((line, index) => index > 0 && FENCE.test(line)) : 0;
  if (closingIndex === -1) return { diagnostic: problem('frontMatterUnclosed', { file: source.path, line: 1 }) };
  // The front-matter package takes an opening fence with a space after it for no fence at all, and the fields for text: a draft would be published.
  if (closingIndex > 0) [lines[0], lines[closingIndex]] = ['---', '---'];
  const tab = tabIndentation(source.path, lines, { from: 1, to: closingIndex - 1 });
  if (tab !== undefined) return { diagnostic: tab };
  const joined = lines.join('\n');
  // The file's own string when nothing changed, so that the body and head are slices of it and a large site holds each file once.
  const text = joined === source.text ? source.text : joined;
  let result: ReturnType<typeof frontMatter<unknown>>;
  try {
    result = frontMatter<unknown>(text);
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
    const line = yamlErrorLine(error, lines, reason);
    return { diagnostic: explainYamlMistake(source.path, lines, { from: 1, to: line - 1 }) ?? problem('frontMatterYaml', { file: source.path, line }, { reason }) };
  }
  const attributes = result.attributes ?? {};
  const head = text.slice(0, text.length - result.body.length);
  if (typeof attributes !== 'object' || Array.isArray(attributes)) return { diagnostic: explainYamlMistake(source.path, lines, { from: 1, to: closingIndex - 1 }) ?? problem('frontMatterNotFields', { file: source.path, line: 2 }) };
  return {
    parsed: {
      file: source.path,
      digest: source.digest,
      attributes: attributes as Record<string, unknown>,
      body: result.body,
      bodyDigest: digestOf(result.body),
      bodyStartLine: head.split('\n').length,
      head,
      fields: locateFields(lines, closingIndex),
    },
  };
}
