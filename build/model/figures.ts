/**
 * The year-bound figures (`content/medicare-figures.yaml`): amounts and dates
 * that hold for one year, written once and quoted in articles by name.
 */
import { isMap, type Node as YamlNode } from 'yaml';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { YamlFile } from '../parse/index.ts';
import { TRANSLATED_LANGUAGES } from '../lib/languages.ts';
import { nestedText, scalarText } from './fields.ts';
import type { Figure } from './types.ts';

/** The names articles may quote: letters and digits, starting with a letter. */
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

type Report = (diagnostic: ContentDiagnostic) => void;

/** The first of a figure's printed fields that is a list or a group of fields, which no article could print. */
function fieldNotText(fields: Record<string, unknown> | undefined, source: Record<string, unknown>): string | undefined {
  const printed: [string, unknown][] = [['value', fields?.value], ['about', fields?.about], ['source title', source.title], ['source url', source.url]];
  return printed.find(([, value]) => typeof value === 'object' && value !== null && !(value instanceof Date))?.[0];
}

/** A figure's groups named by a language's code: its value and its source's title in that language, each empty where the group does not give it. */
function figureTranslations(fields: Record<string, unknown> | undefined): Figure['translations'] {
  const translations: Figure['translations'] = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const group = fields?.[language];
    if (typeof group !== 'object' || group === null) continue;
    const { value, source } = group as Record<string, unknown>;
    const title = typeof source === 'object' && source !== null ? (source as Record<string, unknown>).title : undefined;
    translations[language] = { value: nestedText(value), sourceTitle: nestedText(title) };
  }
  return translations;
}

function readFigure(name: string, value: YamlNode | null, at: { file: string; line: number | undefined }, report: Report): Figure | undefined {
  const fields = (value as { toJSON?: () => unknown } | null)?.toJSON?.() as Record<string, unknown> | undefined;
  const source = (typeof fields?.source === 'object' && fields.source !== null ? fields.source : {}) as Record<string, unknown>;
  const year = Number(fields?.year);
  const [title, url] = [nestedText(source.title), nestedText(source.url)];
  const notText = fieldNotText(fields, source);
  if (!NAME.test(name)) report(problem('figureName', at, { name }));
  else if (notText !== undefined) report(problem('figureNotText', at, { name, field: notText }));
  else if (nestedText(fields?.value) === '' || !Number.isInteger(year) || year < 1965 || year > 2200) report(problem('figureValue', at, { name }));
  else if (title === '' || !/^https?:\/\/\S+$/i.test(url)) report(problem('figureSource', at, { name }));
  else return { name, value: nestedText(fields?.value), year, about: nestedText(fields?.about), source: { title, url }, translations: figureTranslations(fields) };
  return undefined;
}

/**
 * @param yaml the parsed figures file; a site without one quotes no figures
 * @param report where problems go
 */
export function modelFigures(yaml: YamlFile | undefined, report: Report): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  if (yaml === undefined) return figures;
  if (yaml.syntaxError) {
    report(yaml.mistake ?? problem('figuresYaml', { file: yaml.file, line: yaml.syntaxError.line }, { reason: yaml.syntaxError.reason }));
    return figures;
  }
  const contents = yaml.document.contents;
  if (contents === null) return figures;
  if (!isMap(contents)) {
    report(problem('figuresNotMap', { file: yaml.file, line: yaml.lineOf(contents) }));
    return figures;
  }
  for (const pair of contents.items) {
    const name = scalarText((pair.key as { value?: unknown } | null)?.value ?? '');
    const figure = readFigure(name, pair.value as YamlNode | null, { file: yaml.file, line: yaml.lineOf(pair.key as YamlNode) }, report);
    if (figure !== undefined) figures.set(name, figure);
  }
  return figures;
}
