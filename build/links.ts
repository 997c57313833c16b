import { contentError, type ContentDiagnostic } from './diagnostics.ts';
import { safeUrl } from './lib/url-safety.ts';
import type { MarkdownDocument } from './markdown/index.ts';
import type { SiteModel } from './types.ts';

/** A markdown body with where it is published and where it came from. */
interface LinkSource {
  document: MarkdownDocument;
  pageUrl: string;
  file: string;
  bodyStartLine: number;
}

const HAS_PROTOCOL = /^[a-z][a-z0-9+.-]*:/i;

/** Percent-decodes a URL part; a malformed escape is kept as written, and then matches nothing. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Checks every link written in markdown that stays on this site: the page or
 * file must exist in this build (so a link to a draft fails a production
 * build), and a link to an education section must name a real section.
 * Outside links are not fetched here.
 *
 * @param model the site as it will be published
 * @param publishedFiles root-relative paths of the assets copied to out/
 */
export function checkInternalLinks(model: SiteModel, publishedFiles: ReadonlySet<string>): ContentDiagnostic[] {
  const pages = new Set(['/', '/insights', '/education', '/about', ...model.articles.map((a) => a.url), ...model.aliases.map((a) => a.url)]);
  const anchors = new Map<string, Set<string>>([
    ['/education', new Set(model.systems.flatMap((system) => [system.anchor, ...system.subgroups.map((group) => group.anchor)]))],
  ]);
  const sources: LinkSource[] = [
    ...model.articles.map((article) => ({ document: article.body, pageUrl: article.url, file: article.sourcePath, bodyStartLine: article.bodyStartLine })),
    { document: model.site.biography, pageUrl: '/about', file: model.site.sourcePath, bodyStartLine: model.site.biographyStartLine },
  ];
  const diagnostics: ContentDiagnostic[] = [];
  for (const source of sources) {
    for (const link of source.document.links) {
      const url = safeUrl(link.url);
      if (url === '' || url.startsWith('#') || url.startsWith('//') || HAS_PROTOCOL.test(url)) continue;
      const target = new URL(url, `http://site.invalid${source.pageUrl}`);
      const path = decoded(target.pathname).replace(/(.)\/$/, '$1');
      const fragment = decoded(target.hash.slice(1));
      const line = link.line === undefined ? undefined : source.bodyStartLine + link.line - 1;
      if (!pages.has(path) && !publishedFiles.has(path)) {
        diagnostics.push(contentError(source.file, line, 'broken-link', `The link to ${url} leads to no page or file of this site.`, 'Check the address: articles are at /insights/{slug}, handouts at /pdfs/{file}.pdf; a draft article has no page in the published site.'));
      } else if (fragment !== '' && anchors.has(path) && !anchors.get(path)?.has(fragment)) {
        diagnostics.push(contentError(source.file, line, 'broken-link', `The link to ${url} names a section that ${path} does not have.`, `Use one of: ${[...(anchors.get(path) ?? [])].map((anchor) => `#${anchor}`).join(', ')}.`));
      }
    }
  }
  return diagnostics;
}
