import { isMap, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import type { SourceFile } from '../load.ts';
import type { Article, ArticleSource } from '../types.ts';
import { nestedText, scalarText } from './fields.ts';

/** An amount or date that holds for one year, quoted in articles by name (`{{name}}`). */
export interface Figure {
  name: string;
  value: string;
  year: number;
  about: string;
  source: ArticleSource;
}

/** The names articles may quote: letters and digits, starting with a letter. */
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Each figure's value by name: what a `{{name}}` in markdown becomes. */
export function figureValues(figures: ReadonlyMap<string, Figure>): Map<string, string> {
  return new Map([...figures].map(([name, figure]) => [name, figure.value]));
}

/**
 * Reads the year-bound figures file (`content/medicare-figures.yaml`): a
 * mapping from name to value, year, what it is, and its source.
 *
 * @param file the figures file; a site without one quotes no figures
 */
export function modelFigures(file: SourceFile | undefined): { figures: Map<string, Figure>; diagnostics: ContentDiagnostic[] } {
  const figures = new Map<string, Figure>();
  const diagnostics: ContentDiagnostic[] = [];
  if (!file) return { figures, diagnostics };
  const lines = new LineCounter();
  const document = parseDocument(file.text, { lineCounter: lines, prettyErrors: false });
  const lineOf = (node: YamlNode | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : undefined);
  const problem = (line: number | undefined, message: string) =>
    diagnostics.push(contentError(file.path, line, 'invalid-figure', message, 'Each figure is a name followed by indented value:, year:, about: and source: (with title: and url:), as in the figures already there.'));
  const [syntaxError] = document.errors;
  if (syntaxError) {
    problem(lines.linePos(syntaxError.pos[0]).line, `The figures file is not valid YAML: ${syntaxError.message.split('\n')[0] ?? ''}.`);
    return { figures, diagnostics };
  }
  if (document.contents === null) return { figures, diagnostics };
  if (!isMap(document.contents)) {
    problem(lineOf(document.contents), 'The figures file must be a list of named figures.');
    return { figures, diagnostics };
  }
  for (const pair of document.contents.items) {
    const name = scalarText((pair.key as { value?: unknown } | null)?.value ?? '');
    const line = lineOf(pair.key);
    const fields = (pair.value as { toJSON?: () => unknown } | null)?.toJSON?.() as Record<string, unknown> | undefined;
    const source = (typeof fields?.source === 'object' && fields.source !== null ? fields.source : {}) as Record<string, unknown>;
    const value = nestedText(fields?.value);
    const year = Number(fields?.year);
    const title = nestedText(source.title);
    const url = nestedText(source.url);
    if (!NAME.test(name)) problem(line, `"${name}" is not a usable figure name: use letters and digits only, starting with a letter.`);
    else if (value === '' || !Number.isInteger(year) || year < 1965 || year > 2200) problem(line, `The figure ${name} needs a value and the year it applies to.`);
    else if (title === '' || !/^https?:\/\/\S+$/i.test(url)) problem(line, `The figure ${name} needs a source with a title and a web address.`);
    else figures.set(name, { name, value, year, about: nestedText(fields?.about), source: { title, url } });
  }
  return { figures, diagnostics };
}

/**
 * Warns about an article that quotes a figure whose year is over: the amount
 * may have changed, and the article should be reviewed.
 *
 * @param article an article being published
 * @param year the build's year
 */
export function expiredFigures(article: Article, year: number): ContentDiagnostic | undefined {
  const expired = article.figures.filter((figure) => figure.year < year);
  if (expired.length === 0) return undefined;
  const list = expired.map((figure) => `${figure.name} (${figure.value}, ${figure.year})`).join(', ');
  return contentWarning(article.sourcePath, undefined, 'figure-year-over', `This article quotes figures for a year that is over: ${list}.`, 'Check the current amounts, add them to content/medicare-figures.yaml with this year, and update the article.');
}
