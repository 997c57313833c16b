/**
 * The link check (DECISIONS.md "broken internal link"): every URL a
 * page links to or loads must be a page or file of out/, a `#fragment` an id
 * of its target, and no image may come from another website (the site makes
 * no third-party request, see CONTENT_SECURITY_POLICY). A link written in
 * markdown is reported at its line in the source file; any other names the
 * page. Handouts and images no page uses are reported as warnings.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { addressesOfFile } from '../host/addresses.ts';
import { sameButCapitals } from '../lib/other-capitals.ts';
import { isExternalUrl } from '../lib/relative-url.ts';
import { fileNameSlug } from '../lib/slug.ts';
import { publishedUrl, sourceLine, type DocumentFacts } from '../markdown/index.ts';
import { articleUrl } from '../model/index.ts';
import type { PageFacts } from './page-facts.ts';

/** A built page as the check sees it. */
export interface CheckedPage {
  url: string;
  file: string;
  kind: 'page' | 'redirect' | 'not-found';
  facts: Omit<PageFacts, 'text'>;
}

/** The markdown a page shows, so that a broken link is reported at its line in the source. */
export interface BodySource {
  file: string;
  bodyStartLine: number;
  /** The key of its processed document: the same key, the same links. */
  key: string;
  links: DocumentFacts['links'];
}

/** What checking one page found, apart from links to sections of other pages. */
export interface PageLinkCheck {
  diagnostics: ContentDiagnostic[];
  /** Links to a section of another page, checked once every page is known. */
  fragments: { url: string; file: string; fragment: string }[];
  /** The files of out/ it uses. */
  uses: string[];
}

/** Assets that some page must link to or show: a handout or image nobody reaches is reported. */
const LINKED_ASSET = /^(pdfs|images)\//;

/** Each address out/ serves, with the file that answers it. */
export function servedAddresses(paths: readonly string[]): Map<string, string> {
  const served = new Map<string, string>();
  for (const file of paths) for (const address of addressesOfFile(file)) served.set(address, file);
  return served;
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
  return { path: decoded(target.pathname), fragment: decoded(target.hash.slice(1)) };
}

/**
 * The link as the markdown the page shows wrote it, with its file and line;
 * undefined when a template wrote it. Compared decoded: the page carries the
 * address percent-encoded (`café` as `caf%C3%A9`, a backslash as `%5C`).
 */
function writtenLink(page: CheckedPage, url: string, body: BodySource | undefined) {
  const written = body?.links.find((link) => decoded(publishedUrl(link.url, page.url)) === decoded(url));
  return body === undefined || written === undefined ? undefined : { ...written, file: body.file, line: sourceLine(body.bodyStartLine, written.line) };
}

/** Why a link is broken, when more can be said than that it leads nowhere. */
type Missing = { sections: { target: string; ids: readonly string[] } } | { otherCapitals: string | undefined } | { articleFile: string };

/**
 * What more can be said of a link to no file: that it names an article's
 * markdown file (`part-d-2026.md`, as an editor completes it), which is not
 * published, while the address of its file name leads to the article (spec
 * §3) and stays when the title changes; or that an address differs only in
 * capitals.
 */
function whyMissing(target: { path: string; fragment: string }, served: ReadonlyMap<string, string>): Missing {
  const fileName = target.path.split('/').pop() ?? '';
  const address = /\.md$/i.test(fileName) ? articleUrl(fileNameSlug(fileName)) : undefined;
  if (address !== undefined && served.has(address)) return { articleFile: target.fragment === '' ? address : `${address}#${target.fragment}` };
  // The site's addresses are searched for one in other capitals only once a link is broken.
  return { otherCapitals: sameButCapitals(served.keys(), target.path) };
}

/** A broken link's diagnostic: at its line in the markdown when an article wrote it, else on the page. */
function brokenLinkProblem(page: CheckedPage, url: string, body: BodySource | undefined, missing: Missing): ContentDiagnostic {
  const written = writtenLink(page, url, body);
  if (written === undefined) return problem('templateLinkBroken', { file: page.file }, { page: page.url, url });
  const { file, line } = written;
  const sections = 'sections' in missing ? missing.sections : undefined;
  if ('articleFile' in missing && !written.image) return problem('linkToArticleFile', { file, line }, { url: written.url, address: missing.articleFile });
  const address = 'otherCapitals' in missing ? missing.otherCapitals : undefined;
  if (address !== undefined) return problem(written.image ? 'imageOtherCapitals' : 'linkOtherCapitals', { file, line }, { url: written.url, address });
  if (written.image && sections === undefined) return problem('imageBroken', { file, line }, { url: written.url });
  const named = sections?.ids.map((id) => `#${id}`).join(', ');
  if (sections !== undefined && sections.target.startsWith(articleUrl(''))) return problem('articleSectionMissing', { file, line }, { url: written.url, sections: named ?? '', target: sections.target });
  return problem('linkBroken', { file, line }, { url: written.url, sections: named, target: sections?.target ?? '' });
}

/** An image loaded from another website: at its line in the markdown when an article wrote it. */
function externalImageProblem(page: CheckedPage, url: string, body: BodySource | undefined): ContentDiagnostic {
  const written = writtenLink(page, url, body);
  return problem('externalImage', written === undefined ? { file: body?.file ?? page.file } : { file: written.file, line: written.line }, { url });
}

/**
 * @param page a built page and what it refers to
 * @param served every address of out/ and its file
 * @param body the markdown the page shows, if any
 * @param siteUrl the site's own address
 */
export function checkPageLinks(page: CheckedPage, served: ReadonlyMap<string, string>, body: BodySource | undefined, siteUrl: string): PageLinkCheck {
  const check: PageLinkCheck = { diagnostics: [], fragments: [], uses: [] };
  for (const { url, attribute } of page.facts.references) {
    const target = internalTarget(url, page.url, siteUrl);
    if (target === undefined) {
      // A link may leave the site; a resource the page loads may not (privacy, and the CSP's img-src 'self').
      if ((attribute === 'src' || attribute === 'srcset') && isExternalUrl(url)) check.diagnostics.push(externalImageProblem(page, url, body));
      continue;
    }
    const file = served.get(target.path);
    if (file === undefined) check.diagnostics.push(brokenLinkProblem(page, url, body, whyMissing(target, served)));
    else {
      check.uses.push(file);
      if (target.fragment !== '') check.fragments.push({ url, file, fragment: target.fragment });
    }
  }
  return check;
}

/**
 * A page's links to sections, against the ids of the pages they lead to.
 *
 * @param fragments the links, as the page's link check found them
 * @param targetOf the page at a file of out/, if it is one
 */
export function checkFragments(page: CheckedPage, fragments: PageLinkCheck['fragments'], targetOf: (file: string) => CheckedPage | undefined, body: BodySource | undefined): ContentDiagnostic[] {
  const diagnostics: ContentDiagnostic[] = [];
  for (const { url, file, fragment } of fragments) {
    const target = targetOf(file);
    if (target?.kind !== 'page' || target.facts.ids.includes(fragment)) continue;
    diagnostics.push(brokenLinkProblem(page, url, body, { sections: { target: target.url, ids: target.facts.headingIds } }));
  }
  return diagnostics;
}

/** A warning for each copied handout or image that no page uses. */
export function unusedAssets(assets: readonly { path: string; source: string }[], isUsed: (file: string) => boolean): ContentDiagnostic[] {
  return assets.filter((asset) => LINKED_ASSET.test(asset.path) && !isUsed(asset.path)).map((asset) => problem('unusedAsset', { file: asset.source }, { path: asset.path }));
}
