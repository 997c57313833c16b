/**
 * The parse stage: each markdown file split into front matter and body, and
 * the YAML data files parsed with the place of every node. A file that
 * cannot be parsed is left out with a diagnostic naming it.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { LoadedContent, SourceFile } from '../load/index.ts';
import type { Memory } from '../memory.ts';
import { parseFrontMatter, type ParsedSource } from './front-matter.ts';
import { parseSiteFile, type SiteSource } from './site.ts';
import { parseYaml, type YamlFile } from './yaml.ts';

export type { ParsedSource } from './front-matter.ts';
export type { SiteSource } from './site.ts';
export type { YamlFile } from './yaml.ts';

export interface ParsedContent {
  site: SiteSource | undefined;
  /** The translations of site.md that could be read. */
  siteTranslations: ParsedSource[];
  topics: YamlFile | undefined;
  figures: YamlFile | undefined;
  articles: ParsedSource[];
  diagnostics: ContentDiagnostic[];
}

type ArticleParse = { parsed: ParsedSource } | { diagnostic: ContentDiagnostic };

/** An article file parsed; an empty one is refused rather than published as "Untitled" of 1970. */
function parseArticle(source: SourceFile): ArticleParse {
  if (source.text.trim() === '') return { diagnostic: problem('emptyArticle', { file: source.path }) };
  return parseFrontMatter(source);
}

/**
 * An article file parsed again after an edit that left the text before its
 * body as it was: what the preview may take as an edit to the body alone.
 * Undefined for any other edit, or a file that cannot be parsed.
 */
export function bodyEdit(before: SourceFile, after: SourceFile): ParsedSource | undefined {
  const [old, edited] = [parseArticle(before), parseArticle(after)];
  if (!('parsed' in old) || !('parsed' in edited)) return undefined;
  return old.parsed.head === edited.parsed.head ? edited.parsed : undefined;
}

/**
 * @param loaded the files the load stage read
 * @param memory what earlier builds of this process parsed, by file digest
 */
export function parseContent(loaded: LoadedContent, memory: Memory): ParsedContent {
  const diagnostics: ContentDiagnostic[] = [];
  const articles: ParsedSource[] = [];
  for (const source of loaded.articles) {
    const result = memory.remember(`parse:${source.path}:${source.digest}`, () => parseArticle(source));
    if ('parsed' in result) articles.push(result.parsed);
    else diagnostics.push(result.diagnostic);
  }
  const site = loaded.site === undefined ? undefined : parseSiteFile(loaded.site);
  if (site !== undefined && 'diagnostic' in site) diagnostics.push(site.diagnostic);
  const siteTranslations = loaded.siteTranslations.map(parseFrontMatter);
  for (const translation of siteTranslations) if ('diagnostic' in translation) diagnostics.push(translation.diagnostic);
  return {
    site: site !== undefined && 'parsed' in site ? site.parsed : undefined,
    siteTranslations: siteTranslations.flatMap((translation) => ('parsed' in translation ? [translation.parsed] : [])),
    topics: loaded.topics === undefined ? undefined : parseYaml(loaded.topics),
    figures: loaded.figures === undefined ? undefined : parseYaml(loaded.figures),
    articles,
    diagnostics,
  };
}
