import frontMatter from 'front-matter';
import { contentError, type ContentDiagnostic } from './diagnostics.ts';
import type { SourceFile } from './load.ts';

/** Where a front-matter key was written, for messages and for raw values. */
export interface FieldLocation {
  /** 1-based line in the file. */
  line: number;
  /** The value as written on that line, without quotes or trailing comment. */
  raw: string;
}

/** A markdown file split into its front matter and body. */
export interface ParsedSource {
  file: string;
  attributes: Record<string, unknown>;
  /** The markdown after the front matter, with LF line endings. */
  body: string;
  /** 1-based line of the file on which the body starts. */
  bodyStartLine: number;
  /** Top-level front-matter keys by name. */
  fields: ReadonlyMap<string, FieldLocation>;
}

const FENCE = /^---[ \t]*$/;
const TOP_LEVEL_KEY = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/;

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
    if (match) fields.set(match[1] as string, { line: index + 1, raw: rawValue(match[2] as string) });
  }
  return fields;
}

/**
 * Splits front matter from body with the front-matter package, after making
 * line endings LF so that CRLF files read the same as LF ones. A YAML error is
 * reported at its line in the file, not in the extracted block.
 *
 * @param source a decoded markdown file
 */
export function parseSource(source: SourceFile): { parsed?: ParsedSource; diagnostics: ContentDiagnostic[] } {
  const text = source.text.replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const opensWithFence = FENCE.test(lines[0] ?? '');
  const closingIndex = opensWithFence ? lines.findIndex((line, index) => index > 0 && FENCE.test(line)) : -1;
  if (opensWithFence && closingIndex === -1) {
    return {
      diagnostics: [
        contentError(source.path, 1, 'invalid-front-matter', 'The front matter opened here is never closed.', "Add a line with just '---' after the last front-matter field."),
      ],
    };
  }
  let result: ReturnType<typeof frontMatter<unknown>>;
  try {
    result = frontMatter<unknown>(text);
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
    // front-matter trims the block, so YAML line 0 is the first non-blank line after the fence.
    const firstYamlLine = lines.findIndex((line, index) => index > 0 && line.trim() !== '');
    const line = mark?.line === undefined ? 1 : firstYamlLine + 1 + mark.line;
    return {
      diagnostics: [
        contentError(source.path, line, 'invalid-front-matter', `The front matter is not valid YAML: ${reason}.`, "Write each field as 'key: value' on its own line; put quotes around values that contain a colon."),
      ],
    };
  }
  const attributes = result.attributes ?? {};
  if (typeof attributes !== 'object' || Array.isArray(attributes)) {
    return {
      diagnostics: [
        contentError(source.path, 2, 'invalid-front-matter', 'The front matter is not a list of fields.', "Write each field as 'key: value' on its own line between the '---' lines."),
      ],
    };
  }
  const bodyStartLine = text.slice(0, text.length - result.body.length).split('\n').length;
  return {
    parsed: {
      file: source.path,
      attributes: attributes as Record<string, unknown>,
      body: result.body,
      bodyStartLine,
      fields: locateFields(lines, closingIndex),
    },
    diagnostics: [],
  };
}
