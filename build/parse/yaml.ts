/**
 * A YAML data file (the topics, the figures) parsed with the `yaml` package,
 * which gives every node its place in the file, so that a message about one
 * topic or figure names its line.
 */
import { LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { ContentDiagnostic } from '../diagnostics/index.ts';
import type { SourceFile } from '../load/index.ts';
import { explainYamlMistake, tabIndentation } from './yaml-mistakes.ts';

export interface YamlFile {
  file: string;
  /** The parsed document; `contents` is null for an empty file. */
  document: Document;
  /** The 1-based line a node starts on. */
  lineOf(node: YamlNode | null | undefined): number | undefined;
  /** The first syntax error, with its line. */
  syntaxError: { line: number; reason: string } | undefined;
  /** The syntax error told in plain words at the line to mend, where it is a mistake of typing YAML by hand (a tab, an open quote, no space after a colon). */
  mistake: ContentDiagnostic | undefined;
}

export function parseYaml(source: SourceFile): YamlFile {
  const lines = new LineCounter();
  const document = parseDocument(source.text, { lineCounter: lines, prettyErrors: false });
  const [error] = document.errors;
  const errorLine = error === undefined ? undefined : lines.linePos(error.pos[0]).line;
  const textLines = source.text.split(/\r\n?|\n/);
  const mistake = errorLine === undefined ? undefined : (tabIndentation(source.path, textLines, { from: 0, to: textLines.length - 1 }) ?? explainYamlMistake(source.path, textLines, { from: 0, to: errorLine - 1 }));
  return {
    file: source.path,
    document,
    lineOf: (node) => (node?.range ? lines.linePos(node.range[0]).line : undefined),
    syntaxError: errorLine === undefined ? undefined : { line: errorLine, reason: error?.message.split('\n')[0] ?? '' },
    mistake,
  };
}
