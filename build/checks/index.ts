/**
 * The checks run on every build after the pages are rendered, on the output
 * itself rather than on the content, so that nothing a template or a plugin
 * adds escapes them: internal links and anchors, unused assets, and (for a
 * production build) the draft-leak audit.
 */
import { CacheFolder, generatorVersion } from '../cache.ts';
import { joinedByPlace, mapByPlace, memoByIdentity, memoLastCall, replacedPlaces, sameItems, withReplacedPlaces } from '../lib/memo.ts';
import type { ContentDiagnostic } from '../diagnostics.ts';
import type { Article, SiteModel } from '../types.ts';
import { contentDigest, type OutputFile } from '../write.ts';
import { DraftFingerprints, DraftLeakAudit } from './draft-leaks.ts';
import { checkLinks, type CheckedPage, type MarkdownSource } from './links.ts';
import { pageReference, readPage } from './page-facts.ts';

/** What an article says outside its body, once per article object. */
const articleHeadText = memoByIdentity((article: Article) => [article.title, article.summary, article.author ?? ''].join('\n'));

/** What the articles say outside their bodies: the same string as last time while their titles, summaries and authors are. */
const articlesHeadText = memoLastCall(
  (articles: readonly Article[]) => articles.map((article) => articleHeadText(article)).join('\n'),
  sameItems((a: Article, b: Article) => a.title === b.title && a.summary === b.summary && a.author === b.author),
);

/** Everything the published content says, in which a draft's words are no leak: the same string while it does not change, so that the drafts' fingerprints are not looked for in it again. */
function publishedText(model: SiteModel): string {
  return publishedTextOf(articlesHeadText(model.articles), model.site, model.topics);
}

const publishedTextOf = memoLastCall((articlesText: string, site: SiteModel['site'], topics: SiteModel['topics']) =>
  [articlesText, site.name, site.tagline, site.intro, site.affiliationDisclaimer, ...site.biography.textBlocks, ...topics.flatMap((topic) => [topic.title, topic.sourceTitle])].join('\n'),
);

/**
 * What the checks learnt of each page, by the hash of its HTML, kept between
 * builds: a page whose HTML is unchanged is not read again, and if the
 * drafts' fingerprints are unchanged too (`auditKey`), not audited again,
 * since it passed the audit when it was recorded. Bound to the generator
 * that read the pages.
 */
export interface PageMemo {
  generator: string;
  auditKey: string;
  /** Facts by the hash of a page's HTML. */
  pages: Record<string, CheckedPage['facts']>;
  /** The hash of a page's HTML by its key (template and props): a page found here is not even rendered. */
  keys: Record<string, string>;
  /** The hashes of the other generated files (feeds, sitemap, scripts) audited clean against `auditKey`. */
  files: string[];
}

const memoFile = (cacheDir: string) => new CacheFolder(cacheDir, 'checks', '.json');

/** The memo this process saved last: the preview's next build takes it as it is, without reading it back. */
let kept: { cacheDir: string; memo: PageMemo } | undefined;

const emptyMemo = (generator: string): PageMemo => ({ generator, auditKey: '', pages: {}, keys: {}, files: [] });

/**
 * The memo as stored: each string once, in a table, and each page's facts as
 * indexes into it, since most of a page's links are the menu's and the
 * footer's, which every page shares. At 10,000 articles this is a tenth of
 * the facts written out in full, and as much quicker to write and read.
 */
interface StoredMemo extends Omit<PageMemo, 'pages'> {
  strings: string[];
  /** By the hash of a page's HTML: its ids, its heading ids, and its references as pairs of URL and attribute. */
  pages: Record<string, [ids: number[], headingIds: number[], references: number[]]>;
}

function storedMemo(memo: PageMemo): StoredMemo {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const index = (value: string): number => {
    let found = indexes.get(value);
    if (found === undefined) {
      found = strings.push(value) - 1;
      indexes.set(value, found);
    }
    return found;
  };
  const pages: StoredMemo['pages'] = {};
  for (const [digest, facts] of Object.entries(memo.pages)) {
    pages[digest] = [[...facts.ids].map(index), facts.headingIds.map(index), facts.references.flatMap((reference) => [index(reference.url), index(reference.attribute)])];
  }
  return { ...memo, strings, pages };
}

function memoFromStored(stored: StoredMemo): PageMemo['pages'] {
  const { strings } = stored;
  const text = (index: number): string => strings[index] as string;
  const pages: PageMemo['pages'] = {};
  for (const [digest, [ids, headingIds, references]] of Object.entries(stored.pages)) {
    const pairs: CheckedPage['facts']['references'] = [];
    for (let at = 0; at < references.length; at += 2) pairs.push(pageReference(text(references[at] as number), text(references[at + 1] as number)));
    pages[digest] = { ids: new Set(ids.map(text)), headingIds: headingIds.map(text), references: pairs };
  }
  return pages;
}

/** The memo of the last build that passed its checks with this generator; an empty one when there is none. */
export async function loadPageMemo(cacheDir: string): Promise<PageMemo> {
  const generator = await generatorVersion();
  if (kept?.cacheDir === cacheDir && kept.memo.generator === generator) return kept.memo;
  try {
    const stored = JSON.parse((await memoFile(cacheDir).read('pages'))?.toString('utf8') ?? '{}') as Partial<StoredMemo>;
    if (stored.generator === generator && stored.pages && stored.strings && stored.keys && stored.files && typeof stored.auditKey === 'string') {
      return { generator, auditKey: stored.auditKey, pages: memoFromStored(stored as StoredMemo), keys: stored.keys, files: stored.files };
    }
  } catch {
    // unreadable: every page is read again
  }
  return emptyMemo(generator);
}

/** Keeps the memo of a build whose checks passed, for the next build of this process. */
export function keepPageMemo(cacheDir: string, memo: PageMemo): void {
  kept = { cacheDir, memo };
}

/**
 * Writes a memo to the cache folder, for the builds of other processes: only
 * what it knows of the pages given, since it grows with every build of a
 * process (see checkBuiltSite).
 *
 * @param pages the pages of the build, each with its key and digest known
 */
export async function savePageMemo(cacheDir: string, memo: PageMemo, pages: readonly { key: string; digest: string }[]): Promise<void> {
  const current: PageMemo = { ...memo, pages: {}, keys: {} };
  for (const { key, digest } of pages) {
    const facts = memo.pages[digest];
    if (facts === undefined) continue;
    current.pages[digest] = facts;
    current.keys[key] = digest;
  }
  await memoFile(cacheDir).write('pages', JSON.stringify(storedMemo(current)));
}

// The same objects as last time for unchanged pages and files, which the link check then knows at a glance.
const checkedPageOf = memoByIdentity((page: Omit<CheckedPage, 'facts'>, facts: CheckedPage['facts']): CheckedPage => ({ url: page.url, file: page.file, kind: page.kind, facts }));

// The markdown each page shows, the same object for the same article or identity.
const articleSources = mapByPlace(memoByIdentity((article: Article): MarkdownSource => ({ pageUrl: article.url, file: article.sourcePath, bodyStartLine: article.bodyStartLine, document: article.body })));
const biographySource = memoByIdentity((site: SiteModel['site']): MarkdownSource => ({ pageUrl: '/about', file: site.sourcePath, bodyStartLine: site.biographyStartLine, document: site.biography }));
const joinedSources = joinedByPlace<MarkdownSource>();

/**
 * The last list of pages that passed its audit, and each one's checked page,
 * by place. A build makes a page's object anew whenever its props change, so
 * the very same object at the same place has the same HTML: the preview's
 * next build knows it at a glance, without looking up its key, at 19,000
 * pages. A page that moved is found by its key in the memo.
 */
let lastChecked: { auditKey: string; pages: readonly object[]; checked: readonly CheckedPage[] } | undefined;

/** Where the generated files other than pages are (feeds, sitemap, scripts), which the audit reads as they are: the same places while the files keep theirs. */
const auditedPlaces = memoLastCall(
  (files: readonly OutputFile[]) => files.flatMap((file, place) => ('contents' in file && /\.(xml|json|txt|js|css)$/.test(file.path) ? [place] : [])),
  sameItems((a: OutputFile, b: OutputFile) => a.path === b.path && 'contents' in a === 'contents' in b),
);

/** The hash of a generated file's contents, once per file object: the feeds and the sitemap are the same objects while they do not change. */
const digestOf = memoByIdentity((file: Extract<OutputFile, { contents: unknown }>) => file.digest ?? contentDigest(file.contents));

/** Pages rendered between two turns of the event loop: each takes 1–3 ms to render and read, while one known from the memo takes microseconds and never waits for a turn. */
const RENDERS_BETWEEN_YIELDS = 16;

/**
 * Reads each page once, as it is rendered, for the link check (which keeps
 * only its ids and references) and the leak audit (which keeps nothing), so
 * that no page's HTML stays in memory; a page known from the memo is not
 * read at all.
 *
 * @param model the site as built
 * @param pages the built pages, each rendered when its HTML is read
 * @param files every file of out/
 * @param drafts the draft articles, audited when the build excludes them
 * @param includeDrafts true for a `--drafts` build, which has nothing to audit
 * @param memo what the last build learnt of its pages
 * @returns the problems found, and the memo for the next build
 */
export async function checkBuiltSite(
  model: SiteModel,
  pages: readonly (Omit<CheckedPage, 'facts'> & { html: string; digest: string; key: string; knownDigest(digest: string): void })[],
  files: readonly OutputFile[],
  drafts: readonly Article[],
  includeDrafts: boolean,
  memo: PageMemo = emptyMemo(''),
): Promise<{ diagnostics: ContentDiagnostic[]; memo: PageMemo }> {
  const prints = DraftFingerprints.of(includeDrafts ? [] : drafts, { articles: model.articles, text: publishedText(model) });
  const audit = new DraftLeakAudit(prints);
  const sameAudit = memo.auditKey === prints.key;
  // Under the same audit what was learnt of earlier pages stays true, so the memo grows in place; savePageMemo keeps the current pages' part.
  const next: PageMemo = { generator: memo.generator, auditKey: prints.key, pages: sameAudit ? memo.pages : {}, keys: sameAudit ? memo.keys : {}, files: [] };
  const learnt: string[] = [];
  let rendered = 0;
  const lastList = lastChecked?.auditKey === prints.key ? lastChecked : undefined;
  // Only the places where the list holds new page objects, when it keeps its shape: at 19,000 pages an edit changes one or two.
  const replaced = lastList === undefined ? undefined : replacedPlaces(lastList.pages, pages, () => true);
  const checked = lastList !== undefined && replaced !== undefined ? lastList.checked.slice() : [];
  for (const place of replaced ?? pages.keys()) {
    const page = pages[place] as (typeof pages)[number];
    // A list of another shape still holds most pages at their places.
    if (replaced === undefined && lastList !== undefined && lastList.pages[place] === page) {
      checked[place] = lastList.checked[place] as CheckedPage;
      continue;
    }
    let html: string | undefined;
    const seen = next.keys[page.key];
    // Same template, same props: the same HTML as last time, so it is not rendered.
    if (seen !== undefined && next.pages[seen]) page.knownDigest(seen);
    else {
      // Now and then the worker pool's messages are let in, so that it is handed its next batch while this thread renders.
      if (++rendered % RENDERS_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
      html = page.html;
    }
    let facts = next.pages[page.digest];
    if (facts === undefined) {
      // Not known, so not seen either: the page was rendered just above.
      const { text, ...found } = readPage(html as string);
      audit.read({ file: page.file, text, isPage: true });
      facts = found;
      learnt.push(page.digest);
    }
    next.pages[page.digest] = facts;
    next.keys[page.key] = page.digest;
    checked[place] = checkedPageOf(page, facts);
  }
  if (lastList !== undefined && replaced !== undefined) withReplacedPlaces(checked, lastList.checked, replaced);
  const auditedFiles = new Set(sameAudit ? memo.files : []);
  for (const place of auditedPlaces(files)) {
    const file = files[place] as Extract<OutputFile, { contents: unknown }>;
    const digest = digestOf(file);
    next.files.push(digest);
    if (!auditedFiles.has(digest)) audit.read({ file: file.path, text: Buffer.from(file.contents).toString('utf8'), isPage: false });
  }
  const leaks = audit.findings();
  // A leak names the draft and the first file that gives it away, not every one: what this build read is forgotten, to be read and audited again.
  if (leaks.length > 0) for (const digest of learnt) delete next.pages[digest];
  lastChecked = leaks.length > 0 ? undefined : { auditKey: prints.key, pages, checked };
  const sources = joinedSources([articleSources(model.articles), [biographySource(model.site)]]);
  const diagnostics = checkLinks(checked, files, sources, model.site.siteUrl);
  diagnostics.push(...leaks);
  return { diagnostics, memo: next };
}
