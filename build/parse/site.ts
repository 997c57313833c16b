/**
 * The site identity file (`content/site.md`), split as every markdown file is
 * and its front matter parsed once more with the `yaml` package, which keeps
 * the line and the written text of every value inside a group or a list (the
 * practice's address, its office hours): front-matter gives values only, and
 * reads an unquoted 17:00 as the number 1020 (YAML 1.1's base 60).
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { SourceFile } from '../load/index.ts';
import { parseFrontMatter, type ParsedSource } from './front-matter.ts';
import { parseYaml, type YamlFile } from './yaml.ts';

/** The identity file: its fields and body, and its front matter as a YAML document whose lines are the file's. */
export interface SiteSource extends ParsedSource {
  yaml: YamlFile;
}

export function parseSiteFile(source: SourceFile): { parsed: SiteSource } | { diagnostic: ContentDiagnostic } {
  const result = parseFrontMatter(source);
  if (!('parsed' in result)) return result;
  const lines = source.text.replace(/\r\n?/g, '\n').split('\n');
  const fence = /^---[ \t]*$/;
  const opened = fence.test(lines[0] ?? '');
  // Without its opening line every field would be told missing, one by one, though each is there.
  if (!opened && source.text.trim() !== '') return { diagnostic: problem('siteNoFrontMatter', { file: source.path, line: 1 }) };
  const closing = opened ? lines.findIndex((line, index) => index > 0 && fence.test(line)) : 0;
  // The opening '---' starts the YAML document, so its lines are the file's lines.
  const yaml = parseYaml({ ...source, text: lines.slice(0, Math.max(closing, 0)).join('\n') });
  return { parsed: { ...result.parsed, yaml } };
}
