import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import { flatMapByPlace, indexedBy, memoByIdentity, memoLastCall, patched, replacedPlaces, sameItems } from '../lib/memo.ts';
import type { OutputFile } from '../write.ts';
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

/** Assets that some page must link to or show: a handout or image nobody reaches is reported. */
const LINKED_ASSET = /^(pdfs|images)\//;

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

type Target = ReturnType<typeof internalTarget>;

/**
 * Where the URLs that lead to the same place from any page lead, by site and
 * URL: the menu's and the footer's links are on each of 19,000 pages at
 * 10,000 articles, and parsing each again was most of the link check.
 */
const targetsAnywhere = new Map<string, Map<string, Target>>();

function targetOf(url: string, pageUrl: string, siteUrl: string): Target {
  // Only a relative URL ("../a", "#section", "?q") depends on the page it is on.
  const anywhere = url.startsWith('/') || url === siteUrl || url.startsWith(`${siteUrl}/`) || isExternalUrl(url);
  if (!anywhere) return internalTarget(url, pageUrl, siteUrl);
  let known = targetsAnywhere.get(siteUrl);
  if (known === undefined) targetsAnywhere.set(siteUrl, (known = new Map<string, Target>()));
  if (!known.has(url)) known.set(url, internalTarget(url, pageUrl, siteUrl));
  return known.get(url);
}

/**
 * Where each of a page's references leads, in their order, worked out once
 * per page facts object: the preview's builds share the facts of every
 * unchanged page.
 */
const referenceTargets = memoByIdentity((facts: CheckedPage['facts'], pageUrl: string, siteUrl: string) => facts.references.map((reference) => targetOf(reference.url, pageUrl, siteUrl)));

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
 * @param files every file of out/ (pages, bundles, copied assets: those under pdfs/ and images/ must be used)
 * @param sources the markdown shown on each page that has some
 * @param siteUrl the site's absolute address, to recognise its own absolute URLs
 */
export function checkLinks(pages: readonly CheckedPage[], files: readonly OutputFile[], sources: readonly MarkdownSource[], siteUrl: string): ContentDiagnostic[] {
  const served = servedOf(files);
  const pageByFile = pagesByFile(pages);
  const sourceByPage = sourcesByPage(sources);
  const run: LinkRun = { pages, sources, served, siteUrl, checks: [], dependents: new Map(), placeByUrl: placesByUrl(pages) };
  const places = lastRun === undefined ? undefined : placesToCheck(lastRun, run);
  if (places !== undefined && lastRun !== undefined) run.dependents = lastRun.dependents;
  const checkAt = (place: number): PageCheck => {
    const page = pages[place] as CheckedPage;
    const source = sourceByPage.get(page.url);
    const last = lastChecks.get(page.file);
    const valid =
      last !== undefined &&
      last.facts === page.facts &&
      last.url === page.url &&
      last.kind === page.kind &&
      last.served === served &&
      last.siteUrl === siteUrl &&
      last.source === source &&
      targetsAsThey(last.targets, pageByFile);
    const check = valid ? last : checkPage(page, source, served, pageByFile, siteUrl);
    if (!valid) lastChecks.set(page.file, check);
    // A place that no longer depends costs only a needless look later; the table is made afresh whenever every place is looked at.
    for (const target of check.targets) {
      const dependents = run.dependents.get(target.file);
      if (dependents === undefined) run.dependents.set(target.file, new Set([place]));
      else dependents.add(place);
    }
    return check;
  };
  run.checks = places !== undefined && lastRun !== undefined ? patched(lastRun.checks, places.sort((a, b) => a - b), checkAt) : pages.map((_, place) => checkAt(place));
  lastRun = run;
  return [...diagnosticsOfChecks(run.checks), ...unusedAssets(linkedAssets(files), referencedSet(referencedOf(run.checks)))];
}

// What the checks found, joined, and taken as it was where the checks are (see flatMapByPlace).
const diagnosticsOfChecks = flatMapByPlace((check: PageCheck) => check.diagnostics);
const referencedOf = flatMapByPlace((check: PageCheck) => check.referencedAssets);
const referencedSet = memoLastCall((referenced: readonly string[]): ReadonlySet<string> => new Set(referenced));

/** A warning for each copied handout or image that no page uses. */
const unusedAssets = memoLastCall((assets: readonly Extract<OutputFile, { copyFrom: string }>[], referenced: ReadonlySet<string>) =>
  assets.flatMap((file) =>
    referenced.has(file.path) ? [] : [contentWarning(file.copyFrom, undefined, 'unused-asset', `No page links to /${file.path}.`, 'Link to it from an article or a topic, or delete it if it is no longer needed.')],
  ),
);

/** The link check's last call, by place: what an edit can have changed is worked out from it. */
interface LinkRun {
  pages: readonly CheckedPage[];
  sources: readonly MarkdownSource[];
  served: ServedFiles;
  siteUrl: string;
  checks: readonly PageCheck[];
  /** The places of the pages whose `#fragment` links name each file: their checks depend on its facts. */
  dependents: Map<string, Set<number>>;
  placeByUrl: ReadonlyMap<string, number>;
}

let lastRun: LinkRun | undefined;

/**
 * The places whose check an edit can have changed: those that hold a new
 * page, the pages that link to a section of one, and the pages of a new
 * source. `undefined` when every place must be looked at: the list of pages
 * or sources changed its shape, a page moved, or the files or the site's
 * address changed.
 */
function placesToCheck(before: LinkRun, now: LinkRun): number[] | undefined {
  const newPages = replacedPlaces(before.pages, now.pages, (page, was) => page.file === was.file && page.url === was.url);
  const newSources = replacedPlaces(before.sources, now.sources, () => true);
  if (newPages === undefined || newSources === undefined || before.served !== now.served || before.siteUrl !== now.siteUrl) return undefined;
  const places = new Set<number>();
  for (const place of newPages) {
    places.add(place);
    for (const dependent of before.dependents.get((now.pages[place] as CheckedPage).file) ?? []) places.add(dependent);
  }
  for (const at of newSources) {
    for (const url of [(now.sources[at] as MarkdownSource).pageUrl, (before.sources[at] as MarkdownSource).pageUrl]) {
      const place = now.placeByUrl.get(url);
      if (place !== undefined) places.add(place);
    }
  }
  return [...places];
}

/** The place of each page by its address, the same Map while the pages keep their places. */
const placesByUrl = memoLastCall(
  (pages: readonly CheckedPage[]): ReadonlyMap<string, number> => new Map(pages.map((page, place) => [page.url, place])),
  sameItems((a: CheckedPage, b: CheckedPage) => a.url === b.url),
);

/** The copied handouts and images, which some page must use: the same list while the files keep their places and sources. */
const linkedAssets = memoLastCall(
  (files: readonly OutputFile[]) => files.filter((file): file is Extract<OutputFile, { copyFrom: string }> => 'copyFrom' in file && LINKED_ASSET.test(file.path)),
  sameItems((a: OutputFile, b: OutputFile) => a.path === b.path && ('copyFrom' in a ? 'copyFrom' in b && a.copyFrom === b.copyFrom : !('copyFrom' in b))),
);

/** True when the pages a check's `#fragment` links name still have the facts it saw. */
function targetsAsThey(targets: PageCheck['targets'], pageByFile: ReadonlyMap<string, CheckedPage>): boolean {
  for (const target of targets) if (pageByFile.get(target.file)?.facts !== target.facts) return false;
  return true;
}

/** What checking one page found, and everything that finding depends on. */
interface PageCheck {
  facts: CheckedPage['facts'];
  url: string;
  kind: CheckedPage['kind'];
  served: ServedFiles;
  siteUrl: string;
  source: MarkdownSource | undefined;
  /** The pages whose sections its `#fragment` links name, with their facts as they were. */
  targets: { file: string; facts: CheckedPage['facts'] }[];
  diagnostics: ContentDiagnostic[];
  /** The handouts and images it links to or shows. */
  referencedAssets: string[];
}

/**
 * Each page's latest check, by file: the preview's next build keeps those
 * whose inputs are the same objects. A markdown source is the same object
 * for the same article (see checks/index.ts).
 */
const lastChecks = new Map<string, PageCheck>();

const pagesByFile = indexedBy((page: CheckedPage) => page.file);
const sourcesByPage = indexedBy((source: MarkdownSource) => source.pageUrl);

/** The paths at which out/ serves each file, as one object for as long as the list of files is the same. */
type ServedFiles = ReadonlyMap<string, string>;
const servedOf = memoLastCall(
  (files: readonly OutputFile[]): ServedFiles => {
    const served = new Map<string, string>();
    for (const { path: file } of files) for (const path of servedPaths(file)) served.set(path, file);
    return served;
  },
  sameItems((a: OutputFile, b: OutputFile) => a.path === b.path),
);

function checkPage(page: CheckedPage, source: MarkdownSource | undefined, served: ServedFiles, pageByFile: ReadonlyMap<string, CheckedPage>, siteUrl: string): PageCheck {
  const check: PageCheck = { facts: page.facts, url: page.url, kind: page.kind, served, siteUrl, source, targets: [], diagnostics: [], referencedAssets: [] };
  const report = (url: string, ruleId: 'broken-link' | 'external-resource', problem: string, hint: string) => {
    const written = source?.document.links.find((link) => publishedUrl(link.url, page.url) === url);
    if (source && written) {
      const line = written.line === undefined ? undefined : source.bodyStartLine + written.line - 1;
      check.diagnostics.push(contentError(source.file, line, ruleId, `The link to ${written.url} ${problem}.`, hint));
    } else {
      check.diagnostics.push(contentError(page.file, undefined, ruleId, `The page ${page.url} refers to ${url}, which ${problem}.`, `This reference comes from a template or the site identity file, not from an article: correct it there. ${hint}`));
    }
  };
  const targets = referenceTargets(page.facts, page.url, siteUrl);
  for (const [index, { url, attribute }] of page.facts.references.entries()) {
    const target = targets[index];
    if (!target) {
      // A link may leave the site; a resource the page loads may not (privacy, and the CSP's img-src 'self').
      if ((attribute === 'src' || attribute === 'srcset') && isExternalUrl(url)) {
        report(url, 'external-resource', 'would be loaded from another website', 'Save the image in assets/images/ and link it as /images/{file}.');
      }
      continue;
    }
    const file = served.get(target.path);
    if (file !== undefined && LINKED_ASSET.test(file)) check.referencedAssets.push(file);
    const targetPage = file === undefined ? undefined : pageByFile.get(file);
    if (target.fragment !== '' && targetPage !== undefined) check.targets.push({ file: targetPage.file, facts: targetPage.facts });
    const missingFragment = target.fragment !== '' && targetPage?.kind === 'page' && !targetPage.facts.ids.has(target.fragment);
    if (file !== undefined && !missingFragment) continue;
    const problem = file === undefined ? `leads to no page or file of this site` : `names a section (#${target.fragment}) that ${target.path} does not have`;
    const hint =
      file === undefined
        ? 'Check the address: articles are at /insights/{slug}, handouts at /pdfs/{file}.pdf, sections at /education#{anchor}; a draft has no page in the published site.'
        : `The sections of ${target.path} are: ${targetPage?.facts.headingIds.map((id) => `#${id}`).join(', ') || 'none'}.`;
    report(url, 'broken-link', problem, hint);
  }
  return check;
}
