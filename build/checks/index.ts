/**
 * The checks run on every build after the pages are rendered, on the output
 * itself rather than on the content, so that nothing a template or a plugin
 * adds escapes them: internal links and anchors, unused assets, and (for a
 * production build) the draft-leak audit.
 */
import type { ContentDiagnostic } from '../diagnostics.ts';
import type { Article, SiteModel } from '../types.ts';
import type { OutputFile } from '../write.ts';
import { DraftLeakAudit } from './draft-leaks.ts';
import { checkLinks, type CheckedPage, type MarkdownSource } from './links.ts';
import { readPage } from './page-facts.ts';

/** Everything the published content says, in which a draft's words are no leak. */
function publishedText(model: SiteModel): string {
  const { site } = model;
  return [
    ...model.articles.flatMap((article) => [article.title, article.summary, article.author ?? '']),
    site.name,
    site.tagline,
    site.intro,
    site.affiliationDisclaimer,
    site.biography.plainText,
    ...model.topics.flatMap((topic) => [topic.title, topic.sourceTitle]),
  ].join('\n');
}

/**
 * Reads each page once, as it is rendered, for the link check (which keeps
 * only its ids and references) and the leak audit (which keeps nothing), so
 * that no page's HTML stays in memory.
 *
 * @param model the site as built
 * @param pages the built pages, each rendered when its HTML is read
 * @param files every file of out/
 * @param drafts the draft articles, audited when the build excludes them
 * @param includeDrafts true for a `--drafts` build, which has nothing to audit
 */
export function checkBuiltSite(
  model: SiteModel,
  pages: readonly (Omit<CheckedPage, 'facts'> & { html: string })[],
  files: readonly OutputFile[],
  drafts: readonly Article[],
  includeDrafts: boolean,
): ContentDiagnostic[] {
  const audit = new DraftLeakAudit(includeDrafts ? [] : drafts, { articles: model.articles, text: publishedText(model) });
  const checked = pages.map((page): CheckedPage => {
    const { text, ...facts } = readPage(page.html);
    audit.read({ file: page.file, text, isPage: true });
    return { url: page.url, file: page.file, kind: page.kind, facts };
  });
  for (const file of files) {
    if ('contents' in file && /\.(xml|json|txt|js|css)$/.test(file.path)) audit.read({ file: file.path, text: Buffer.from(file.contents).toString('utf8'), isPage: false });
  }
  const sources: MarkdownSource[] = [
    ...model.articles.map((article) => ({ pageUrl: article.url, file: article.sourcePath, bodyStartLine: article.bodyStartLine, document: article.body })),
    { pageUrl: '/about', file: model.site.sourcePath, bodyStartLine: model.site.biographyStartLine, document: model.site.biography },
  ];
  const copies = new Map(files.flatMap((file) => ('copyFrom' in file ? [[file.path, file.copyFrom] as const] : [])));
  const diagnostics = checkLinks(checked, files.map((file) => file.path), sources, model.site.siteUrl, copies);
  diagnostics.push(...audit.findings());
  return diagnostics;
}
