import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import { memoByIdentity } from '../lib/memo.ts';
import { isExternalUrl } from '../lib/relative-url.ts';
import type { MarkdownDocument } from '../markdown/index.ts';
import { publishedUrl } from '../markdown/index.ts';
import type { PageFacts } from './page-facts.ts';

/** A built page, as the link check sees it. */
export interface CheckedPage {
  url: string;
  file: string;
  kind: 'page' | 'redirect' | 'not-found';
  /** Its facts, but for its text, which only the leak audit reads. */
  facts: Omit<PageFacts, 'text'>;
}

/** The markdown a page shows, so that a broken link is reported at its line in the source. */
export interface MarkdownSource {
  pageUrl: string;
  file: string;
  bodyStartLine: number;
  document: MarkdownDocument;
}

/** The paths at which a static host serves a file of out/: `a/index.html` answers `/a`, `/a/` and `/a/index.html`. */
function servedPaths(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) return [`/${file.slice(0, -'/index.html'.length)}`, `/${file}`];
  return [`/${file}`];
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The path and fragment an internal URL leads to, or `undefined` for a URL
 * that leaves the site. Absolute URLs on the site's own address (canonical,
 * sharing image) count as internal: they must resolve too.
 */
function internalTarget(url: string, pageUrl: string, siteUrl: string): { path: string; fragment: string } | undefined {
  let local = url;
  if (url.startsWith(`${siteUrl}/`) || url === siteUrl) local = url.slice(siteUrl.length) || '/';
  else if (isExternalUrl(url)) return undefined;
  const target = new URL(local, `http://site.invalid${pageUrl}`);
  const path = decoded(target.pathname);
  return { path: path.length > 1 ? path.replace(/\/$/, '') : path, fragment: decoded(target.hash.slice(1)) };
}

/**
 * A page's references with where each leads, worked out once per page facts
 * object: the preview's builds share the facts of every unchanged page.
 */
const resolvedReferences = memoByIdentity((facts: CheckedPage['facts'], pageUrl: string, siteUrl: string) =>
  facts.references.map((reference) => ({ ...reference, target: internalTarget(reference.url, pageUrl, siteUrl) })),
);

/**
 * Checks every internal link and resource of every built page (DECISIONS.md
 * "broken internal link"; issue 7): the page or file must be in out/, and a
 * `#fragment` must be an id of the target page. A link written in markdown is
 * reported at its line in the source file; any other names the page. An
 * image from another website is an error too: the site makes no third-party
 * request (see CONTENT_SECURITY_POLICY). Assets
 * under pdfs/ and images/ that no page refers to are reported as warnings.
 *
 * @param pages every built page, read
 * @param files every path of out/ (pages, bundles, copied assets)
 * @param sources the markdown shown on each page that has some
 * @param siteUrl the site's absolute address, to recognise its own absolute URLs
 * @param assetFiles copied assets: path in out/ → source file, for unused-asset warnings
 */
export function checkLinks(
  pages: readonly CheckedPage[],
  files: readonly string[],
  sources: readonly MarkdownSource[],
  siteUrl: string,
  assetFiles: ReadonlyMap<string, string>,
): ContentDiagnostic[] {
  const served = new Map<string, string>();
  for (const file of files) for (const path of servedPaths(file)) served.set(path, file);
  const pageByFile = new Map(pages.map((page) => [page.file, page]));
  const sourceByPage = new Map(sources.map((source) => [source.pageUrl, source]));
  const referenced = new Set<string>();
  const diagnostics: ContentDiagnostic[] = [];

  const report = (page: CheckedPage, url: string, ruleId: 'broken-link' | 'external-resource', problem: string, hint: string) => {
    const source = sourceByPage.get(page.url);
    const written = source?.document.links.find((link) => publishedUrl(link.url, page.url) === url);
    if (source && written) {
      const line = written.line === undefined ? undefined : source.bodyStartLine + written.line - 1;
      diagnostics.push(contentError(source.file, line, ruleId, `The link to ${written.url} ${problem}.`, hint));
    } else {
      diagnostics.push(contentError(page.file, undefined, ruleId, `The page ${page.url} refers to ${url}, which ${problem}.`, `This reference comes from a template or the site identity file, not from an article: correct it there. ${hint}`));
    }
  };

  for (const page of pages) {
    for (const { url, attribute, target } of resolvedReferences(page.facts, page.url, siteUrl)) {
      if (!target) {
        // A link may leave the site; a resource the page loads may not (privacy, and the CSP's img-src 'self').
        if ((attribute === 'src' || attribute === 'srcset') && isExternalUrl(url)) {
          report(page, url, 'external-resource', 'would be loaded from another website', 'Save the image in assets/images/ and link it as /images/{file}.');
        }
        continue;
      }
      const file = served.get(target.path);
      if (file) referenced.add(file);
      const targetPage = file === undefined ? undefined : pageByFile.get(file);
      const missingFragment = target.fragment !== '' && targetPage?.kind === 'page' && !targetPage.facts.ids.has(target.fragment);
      if (file !== undefined && !missingFragment) continue;
      const problem = file === undefined ? `leads to no page or file of this site` : `names a section (#${target.fragment}) that ${target.path} does not have`;
      const hint =
        file === undefined
          ? 'Check the address: articles are at /insights/{slug}, handouts at /pdfs/{file}.pdf, sections at /education#{anchor}; a draft has no page in the published site.'
          : `The sections of ${target.path} are: ${targetPage?.facts.headingIds.map((id) => `#${id}`).join(', ') || 'none'}.`;
      report(page, url, 'broken-link', problem, hint);
    }
  }
  for (const [path, sourceFile] of assetFiles) {
    if (/^(pdfs|images)\//.test(path) && !referenced.has(path)) {
      diagnostics.push(contentWarning(sourceFile, undefined, 'unused-asset', `No page links to /${path}.`, 'Link to it from an article or a topic, or delete it if it is no longer needed.'));
    }
  }
  return diagnostics;
}
