/**
 * A YAML data file (the topics, the figures) parsed with the `yaml` package,
 * which gives every node its place in the file, so that a message about one
 * topic or figure names its line.
 */
import { LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { SourceFile } from '../load/index.ts';

export interface YamlFile {
  file: string;
  /** The parsed document; `contents` is null for an empty file. */
  document: Document;
  /** The 1-based line a node starts on. */
  lineOf(node: YamlNode | null | undefined): number | undefined;
  /** The first syntax error, with its line. */
  syntaxError: { line: number; reason: string } | undefined;
}

export function parseYaml(source: SourceFile): YamlFile {
  const lines = new LineCounter();
  const document = parseDocument(source.text, { lineCounter: lines, prettyErrors: false });
  const [error] = document.errors;
  return {
    file: source.path,
    document,
    lineOf: (node) => (node?.range ? lines.linePos(node.range[0]).line : undefined),
    syntaxError: error === undefined ? undefined : { line: lines.linePos(error.pos[0]).line, reason: error.message.split('\n')[0] ?? '' },
  };
}
