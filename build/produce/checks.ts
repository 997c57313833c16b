/**
 * The checks of a planned site as the write stage produces it: every page
 * told to the site's checks (build/check), the draft-leak audit's
 * fingerprints and excuses, and the build's warnings put together.
 */
import { SiteChecks, draftFingerprints, freshnessWarnings, handoutsFreshnessWarnings, leaksInFile, plainPrint, sentences, squeeze, translationMismatches, translationPairs, type BodySource, type CheckedSite, type Fingerprints, type FoundPrint } from '../check/index.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from '../diagnostics/index.ts';
import { otherPageBodies, type Article, type SiteModel } from '../model/index.ts';
import type { PlannedPage } from '../pages/index.ts';
import type { BuildProblems, SitePlan } from '../pipeline.ts';
import type { Revision } from '../revise.ts';
import { entryKey } from '../store/index.ts';
import type { PageRecords } from './records.ts';

type ShownBody = { url: string; file: string; bodyStartLine: number };

/** The markdown bodies the published pages show, by page: every article's, then the other pages'. */
function shownBodies(model: SiteModel): ShownBody[] {
  const articles = model.articles.map((article) => ({ url: article.url, file: article.sourcePath, bodyStartLine: article.bodyStartLine }));
  return [...articles, ...otherPageBodies(model)];
}

/** The drafts' fingerprints, less what the published content says outside its bodies; undefined when there is nothing to audit. */
export async function fingerprints(plan: SitePlan): Promise<Fingerprints | undefined> {
  const { documents, memory, model } = plan;
  if (model.hiddenDrafts.length === 0) return undefined;
  const { sites, topics, articles } = model;
  // The identity and the topics in every language the site is written in: a draft may say what a translation of them says.
  const identities = [...sites.values()].flatMap((site) => [site.name, site.tagline, site.intro, site.affiliationDisclaimer]);
  const topicWords = topics.flatMap((topic) => [topic.title, topic.sourceTitle, ...Object.values(topic.translations).map((words) => words.title)]);
  const otherText = [...articles.flatMap((article) => [article.title, article.summary, article.author ?? '']), ...identities, ...topicWords];
  const addresses = new Set(articles.flatMap((article) => [article.slug, article.fileSlug]));
  const drafts = model.hiddenDrafts.flatMap((article) => [article.sourcePath, documents.keyOf(article.sourcePath), article.title, article.slug, article.fileSlug]);
  const otherBodies = otherPageBodies(model).map(({ file }) => file);
  // Made again only when a draft, a body other than an article's (the biography), the text outside the bodies or an address changes, not for an edit to a published article.
  const key = entryKey(...drafts, ...otherBodies.map((file) => documents.keyOf(file)), ...otherText, ...addresses);
  return memory.remember(`fingerprints:${key}`, async () => {
    const withText = await Promise.all(model.hiddenDrafts.map(async (article) => ({ article, textBlocks: await documents.textBlocks(article.sourcePath) })));
    const otherBlocks = (await Promise.all(otherBodies.map((file) => documents.textBlocks(file)))).flat();
    const said = new Set([...otherText, ...otherBlocks].flatMap((block) => [squeeze(block), ...sentences(block)]));
    return draftFingerprints(withText, { says: (text) => said.has(text), addresses });
  });
}

/**
 * Which of the drafts' sentences a published body says, kept in memory
 * under the body's key and the fingerprints', so that the preview, after an
 * edit, reads only the edited body.
 */
function bodySays(plan: SitePlan, prints: Fingerprints, file: string): Promise<string[]> {
  // The drafts' own strings are kept, not the body's: a sentence cut from a paragraph would keep the whole paragraph alive.
  const said = (sentence: string) => prints.texts.get(sentence)?.needle ?? [];
  return plan.memory.remember(`says:${plan.documents.keyOf(file)}:${prints.key}`, async () => (await plan.documents.textBlocks(file)).flatMap(sentences).flatMap(said));
}

/** Which of these sentences some published body says: asked only when a draft's sentence was found where no page's own body says it. */
async function saidByBodies(plan: SitePlan, prints: Fingerprints, found: readonly string[]): Promise<Set<string>> {
  const answers = await Promise.all(plan.model.articles.map((article) => bodySays(plan, prints, article.sourcePath)));
  const wanted = new Set(found);
  return new Set(answers.flat().filter((sentence) => wanted.has(sentence)));
}

/** The markdown each page shows, by the page's address, for link messages at their lines. */
async function bodySources(plan: SitePlan): Promise<Map<string, BodySource>> {
  const { documents } = plan;
  const sources = await Promise.all(shownBodies(plan.model).map(async ({ url, file, bodyStartLine }) => [url, { file, bodyStartLine, key: documents.keyOf(file), links: (await documents.facts(file)).shownLinks }] as const));
  return new Map(sources);
}

/** The site the checks run against: every file of out/, the assets and the drafts' fingerprints. */
async function checkedSite(plan: SitePlan, prints: Fingerprints | undefined): Promise<CheckedSite> {
  const paths = [...plan.outputs, ...(await plan.imageCopies)].map((output) => output.path);
  return { paths, siteUrl: plan.model.site.siteUrl, assets: plan.assets.map((asset) => ({ path: asset.relativePath, source: asset.absolutePath })), prints };
}

/**
 * The fingerprints a page gives away that no published body can excuse for
 * it: a sentence its own article's body says is said by a published body.
 *
 * @param articles the articles whose pages may be asked about: every one, or those a revision planned again
 */
export function ownBodyExcuse(plan: SitePlan, articles: Iterable<Article> = plan.model.articles): (page: PlannedPage, leaks: FoundPrint[], prints: Fingerprints | undefined) => Promise<FoundPrint[]> {
  let bodies: Map<string, string> | undefined;
  return async (page, leaks, prints) => {
    if (prints === undefined || !leaks.some((print) => print.text !== undefined)) return leaks;
    bodies ??= new Map([...articles].map((article) => [article.url, article.sourcePath]));
    const file = bodies.get(page.url);
    if (file === undefined) return leaks;
    const says = new Set(await bodySays(plan, prints, file));
    return leaks.filter((print) => print.text === undefined || !says.has(print.text));
  };
}

/** Tells the checks of every page and audited file they do not already know. */
async function checkPages(plan: SitePlan, records: PageRecords, checks: SiteChecks): Promise<void> {
  const bodies = await bodySources(plan);
  const { prints } = checks.site;
  for (const page of plan.pages) {
    const body = bodies.get(page.url);
    if (checks.knows(page, body)) continue;
    checks.setPage(page, await records.recordOf(page), body);
  }
  checks.keepPages(new Set(plan.pages.map((page) => page.file)));
  for (const file of plan.audited) {
    // Read again only when the file or the fingerprints change: an edit to a body leaves most of them as they were.
    const found = prints === undefined ? [] : await plan.memory.remember(`leaks-in:${file.key}:${prints.key}`, async () => leaksInFile(String(await file.contents()), prints).map(plainPrint));
    checks.setFile(file.path, found);
  }
}

/** The cache entry that holds what the checks found in the last build, under a key of everything they read. */
const FOUND_ENTRY = entryKey('site checks');

/**
 * A key of everything the checks read: every page (its address, file and
 * key, which covers its HTML), every file of out/, the assets, the bodies
 * (their files, first lines and processed documents), the files the audit
 * reads and the drafts' fingerprints.
 */
function foundKey(plan: SitePlan, site: CheckedSite, bodies: readonly string[]): string {
  // Each list hashed on its own: entryKey keeps its parts apart, but not where one list ends and the next begins.
  const group = (parts: readonly string[]) => entryKey(...parts);
  return entryKey(
    site.siteUrl,
    site.prints?.key ?? 'no drafts',
    group(plan.model.hiddenDrafts.map((draft) => draft.sourcePath)),
    group(plan.pages.flatMap((page) => [page.url, page.file, page.kind, page.key])),
    group(site.paths),
    group(site.assets.flatMap((asset) => [asset.path, asset.source])),
    group(bodies),
    group(plan.audited.map((file) => file.key)),
  );
}

/** Every problem of a build, in file order. */
function allProblems(problems: BuildProblems): ContentDiagnostic[] {
  return sortDiagnostics([...problems.model, ...problems.bodies, ...problems.checks, ...problems.freshness, ...problems.parity]);
}

/** Where the translations the build shows do not carry their originals' numbers, links and figures. */
async function parityWarnings(plan: SitePlan): Promise<ContentDiagnostic[]> {
  const withBody = async (article: Article) => ({ article, body: (await plan.documents.facts(article.sourcePath)).parity });
  const pairs = await Promise.all(translationPairs(plan.model.articles).map(async ({ original, translation }) => ({ original: await withBody(original), translation: await withBody(translation) })));
  return translationMismatches(pairs, plan.model);
}

/** How the checks run: on a fresh or kept state, and whether what the last build found may stand when nothing they read changed. */
export interface CheckMode {
  /** The checks of the last build of this site, when the caller kept them (the preview). */
  previous?: SiteChecks | undefined;
  /** True for a build whose checks are not kept: a warm build into an emptied out/ then reads no page record. */
  reuseFound: boolean;
}

/** What the checks find, and the state they leave; none when what the last build found stands. */
async function runChecks(plan: SitePlan, records: PageRecords, mode: CheckMode): Promise<{ found: ContentDiagnostic[]; checks: SiteChecks | undefined }> {
  const site = await checkedSite(plan, await records.prints);
  const bodies = shownBodies(plan.model).flatMap(({ url, file, bodyStartLine }) => [url, file, String(bodyStartLine), plan.documents.keyOf(file)]);
  const key = mode.reuseFound ? foundKey(plan, site, bodies) : '';
  const stored = mode.reuseFound ? plan.store.getJson<{ key: string; found: ContentDiagnostic[] }>('site-check', FOUND_ENTRY) : undefined;
  if (stored?.key === key && Array.isArray(stored.found)) return { found: stored.found, checks: undefined };
  const checks = mode.previous?.isFor(site) === true ? mode.previous : new SiteChecks(site);
  await checkPages(plan, records, checks);
  const { prints } = site;
  const found = await checks.findings(plan.pages, (sentences) => (prints === undefined ? Promise.resolve(new Set<string>()) : saidByBodies(plan, prints, sentences)));
  if (mode.reuseFound) plan.store.putJson('site-check', FOUND_ENTRY, { key, found });
  return { found, checks };
}

/**
 * Runs the checks over the whole site, once every body is processed; throws
 * every problem when any is an error, and adds the warnings to the plan's.
 */
export async function checkPlan(plan: SitePlan, records: PageRecords, mode: CheckMode): Promise<SiteChecks | undefined> {
  const bodies = await plan.documents.finished;
  if (hasErrors(bodies)) throw new ContentErrors(sortDiagnostics([...plan.warnings, ...bodies]));
  const articles = await Promise.all(plan.model.articles.map((article) => plan.withBody(article)));
  const { found, checks } = await runChecks(plan, records, mode);
  const { site } = plan.model;
  const freshness = [...freshnessWarnings(articles.filter((article) => !article.draft), site.reviewMaxAgeMonths, plan.today), ...handoutsFreshnessWarnings(site, plan.today)];
  plan.problems = { model: plan.problems.model, bodies, checks: found, freshness, parity: await parityWarnings(plan) };
  plan.warnings = allProblems(plan.problems);
  if (hasErrors(found)) throw new ContentErrors(plan.warnings);
  return checks;
}

/** The freshness warnings after edits to these articles' bodies, which may quote other figures. */
async function revisedFreshness(plan: SitePlan, before: readonly ContentDiagnostic[], edited: ReadonlyMap<string, Article>): Promise<ContentDiagnostic[]> {
  const shown = await Promise.all([...edited.values()].filter((article) => !article.draft).map((article) => plan.withBody(article)));
  return [...before.filter((warning) => !edited.has(warning.file)), ...freshnessWarnings(shown, plan.model.site.reviewMaxAgeMonths, plan.today)];
}

/** True when the checks and the translations' comparison found what they found before, and the edited articles have the same body and freshness warnings. */
function sameProblems(before: BuildProblems, after: BuildProblems, edited: ReadonlyMap<string, Article>): boolean {
  const ofEdited = (list: readonly ContentDiagnostic[]) => JSON.stringify(list.filter((warning) => edited.has(warning.file)));
  const same = (list: keyof BuildProblems) => JSON.stringify(before[list]) === JSON.stringify(after[list]);
  return same('checks') && same('parity') && ofEdited(before.bodies) === ofEdited(after.bodies) && ofEdited(before.freshness) === ofEdited(after.freshness);
}

/**
 * Checks again what a revision changed, with what the checks knew of the
 * rest of the site, and puts the build's warnings together: made anew only
 * when the edited articles' or the checks' findings changed.
 */
export async function recheckRevision(revision: Revision, records: PageRecords, checks: SiteChecks): Promise<void> {
  const { plan, changed } = revision;
  const { prints } = checks.site;
  const byUrl = new Map([...revision.articles.values()].map((article) => [article.url, article]));
  for (const page of revision.pages) {
    const article = byUrl.get(page.url) as Article;
    const body = { file: article.sourcePath, bodyStartLine: article.bodyStartLine, key: plan.documents.keyOf(article.sourcePath), links: (await plan.documents.facts(article.sourcePath)).shownLinks };
    checks.setPage(page, await records.recordOf(page), body);
  }
  for (const file of plan.audited.filter((one) => changed.includes(one))) checks.setFile(file.path, prints === undefined ? [] : leaksInFile(String(await file.contents()), prints).map(plainPrint));
  const found = await checks.findings(plan.pages, (sentences) => (prints === undefined ? Promise.resolve(new Set<string>()) : saidByBodies(plan, prints, sentences)));
  const before = plan.problems;
  // An edited body found nothing (one that did is planned whole), so what it found before is gone.
  const bodies = before.bodies.filter((warning) => !revision.editedBodies.has(warning.file));
  plan.problems = { ...before, bodies, checks: found, freshness: await revisedFreshness(plan, before.freshness, revision.articles), parity: await parityWarnings(plan) };
  if (!sameProblems(before, plan.problems, revision.articles)) plan.warnings = allProblems(plan.problems);
  if (hasErrors(found)) throw new ContentErrors(plan.warnings);
}

