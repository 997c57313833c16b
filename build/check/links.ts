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
import { addressLanguage, fileLanguage } from '../lib/languages.ts';
import { sameButCapitals } from '../lib/other-capitals.ts';
import { isExternalUrl } from '../lib/relative-url.ts';
import { fileNameSlug } from '../lib/slug.ts';
import { sourceLine, type DocumentFacts } from '../markdown/index.ts';
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
  /** The links and images its HTML carries, with the addresses the page has. */
  links: DocumentFacts['shownLinks'];
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

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A fragment percent-decoded as a browser decodes it: escapes to bytes, read as UTF-8, any byte that is no character read as U+FFFD. */
function percentDecoded(fragment: string): string {
  return fragment.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => UTF8.decode(Uint8Array.from(escapes.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))));
}

/**
 * True when a browser following a link with this fragment finds where to go
 * (HTML's "select the indicated part"): an id equal to the fragment as the
 * URL carries it (percent-encoded, as footnotes' ids are), else to its
 * percent-decoded text, else the top of the page for `top`.
 */
function findsFragment(ids: readonly string[], fragment: string): boolean {
  if (fragment === '' || ids.includes(fragment)) return true;
  const text = percentDecoded(fragment);
  return ids.includes(text) || text.toLowerCase() === 'top';
}

/**
 * The path and fragment an internal URL leads to, or `undefined` for a URL
 * that leaves the site. Absolute URLs on the site's own address (canonical,
 * sharing image) count as internal: they must resolve too.
 */
export function internalTarget(url: string, pageUrl: string, siteUrl: string): { path: string; fragment: string } | undefined {
  let local = url;
  if (url.startsWith(`${siteUrl}/`) || url === siteUrl) local = url.slice(siteUrl.length) || '/';
  else if (isExternalUrl(url)) return undefined;
  const target = new URL(local, `http://site.invalid${pageUrl}`);
  // The fragment stays as the URL carries it, as a browser first compares it with the ids.
  return { path: decoded(target.pathname), fragment: target.hash.slice(1) };
}

/** Where a broken address of a page was written: a link or image of its markdown, at its line, or a template. */
type Source = { url: string; image: boolean; file: string; line: number | undefined } | 'template';

/**
 * Where each time a page carries an address was written: the n-th time is
 * the n-th link or image of its markdown with that address, each at its own
 * line; past those a template wrote it, told once (undefined after).
 */
function sourcesOf(body: BodySource | undefined): (url: string) => Source | undefined {
  const seen = new Map<string, number>();
  return (url) => {
    const before = seen.get(url) ?? 0;
    seen.set(url, before + 1);
    const written = body?.links.filter((link) => link.address === url) ?? [];
    const link = written[before];
    if (body !== undefined && link !== undefined) return { url: link.url, image: link.image, file: body.file, line: sourceLine(body.bodyStartLine, link.line) };
    return before === written.length ? 'template' : undefined;
  };
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
  // A translation's file (otro.es.md) is at the address of its original's name, under its language's folder.
  const { language, original } = fileLanguage(fileName);
  const address = /\.md$/i.test(fileName) ? articleUrl(fileNameSlug(original), language) : undefined;
  if (address !== undefined && served.has(address)) return { articleFile: target.fragment === '' ? address : `${address}#${target.fragment}` };
  // The site's addresses are searched for one in other capitals only once a link is broken.
  return { otherCapitals: sameButCapitals(served.keys(), target.path) };
}

/** A broken link's diagnostic: at its line in the markdown when an article wrote it, else on the page. */
function brokenLinkProblem(page: CheckedPage, url: string, written: Source, missing: Missing): ContentDiagnostic {
  if (written === 'template') return problem('templateLinkBroken', { file: page.file }, { page: page.url, url });
  const { file, line } = written;
  const sections = 'sections' in missing ? missing.sections : undefined;
  if ('articleFile' in missing && !written.image) return problem('linkToArticleFile', { file, line }, { url: written.url, address: missing.articleFile });
  const address = 'otherCapitals' in missing ? missing.otherCapitals : undefined;
  if (address !== undefined) return problem(written.image ? 'imageOtherCapitals' : 'linkOtherCapitals', { file, line }, { url: written.url, address });
  if (written.image && sections === undefined) return problem('imageBroken', { file, line }, { url: written.url });
  const named = sections?.ids.map((id) => `#${id}`).join(', ');
  if (sections !== undefined && sections.target.startsWith(articleUrl('', addressLanguage(sections.target)))) return problem('articleSectionMissing', { file, line }, { url: written.url, sections: named ?? '', target: sections.target });
  return problem('linkBroken', { file, line }, { url: written.url, sections: named, target: sections?.target ?? '' });
}

/** An image loaded from another website: at its line in the markdown when an article wrote it. */
function externalImageProblem(page: CheckedPage, url: string, body: BodySource | undefined, written: Source): ContentDiagnostic {
  return problem('externalImage', written === 'template' ? { file: body?.file ?? page.file } : { file: written.file, line: written.line }, { url });
}

/**
 * @param page a built page and what it refers to
 * @param served every address of out/ and its file
 * @param body the markdown the page shows, if any
 * @param siteUrl the site's own address
 */
export function checkPageLinks(page: CheckedPage, served: ReadonlyMap<string, string>, body: BodySource | undefined, siteUrl: string): PageLinkCheck {
  const check: PageLinkCheck = { diagnostics: [], fragments: [], uses: [] };
  const sourceOf = sourcesOf(body);
  for (const { url, attribute } of page.facts.references) {
    const target = internalTarget(url, page.url, siteUrl);
    const file = target === undefined ? undefined : served.get(target.path);
    if (target !== undefined && file !== undefined) {
      check.uses.push(file);
      if (target.fragment !== '') check.fragments.push({ url, file, fragment: target.fragment });
      continue;
    }
    // A link may leave the site; a resource the page loads may not (privacy, and the CSP's img-src 'self').
    if (target === undefined && !((attribute === 'src' || attribute === 'srcset') && isExternalUrl(url))) continue;
    const source = sourceOf(url);
    if (source === undefined) continue;
    check.diagnostics.push(target === undefined ? externalImageProblem(page, url, body, source) : brokenLinkProblem(page, url, source, whyMissing(target, served)));
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
  const sourceOf = sourcesOf(body);
  for (const { url, file, fragment } of fragments) {
    const target = targetOf(file);
    if (target?.kind !== 'page' || findsFragment(target.facts.ids, fragment)) continue;
    const source = sourceOf(url);
    if (source !== undefined) diagnostics.push(brokenLinkProblem(page, url, source, { sections: { target: target.url, ids: target.facts.headingIds } }));
  }
  return diagnostics;
}

/** A warning for each copied handout or image that no page uses. */
export function unusedAssets(assets: readonly { path: string; source: string }[], isUsed: (file: string) => boolean): ContentDiagnostic[] {
  return assets.filter((asset) => LINKED_ASSET.test(asset.path) && !isUsed(asset.path)).map((asset) => problem('unusedAsset', { file: asset.source }, { path: asset.path }));
}
