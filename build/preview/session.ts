/**
 * The preview's builds, one after another in one process: the one object
 * that keeps what the preview reuses between edits (the memory of every
 * stage, what its out/ holds and its last build), made by the preview's build
 * thread (worker.ts), which hands it each batch of changed files. It passes
 * its `Memory` to every plan. The first build writes out/ whole; each later
 * one updates it in place, writing only what changed, unless out/ has been
 * deleted or replaced by another build meanwhile, when it is written whole
 * again.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ContentErrors, UsageError, formatDiagnostic, groupWarnings, inTellingOrder } from '../diagnostics/index.ts';
import { stoppedLine } from '../cli/options.ts';
import type { Redirect } from '../host/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { Memory } from '../memory.ts';
import { buildDay, pagesInput, planSite, type SitePlan } from '../pipeline.ts';
import { updatePlan, updateRevision, writePlan } from '../produce/index.ts';
import { planPositions, reviseBodies, type PlanPositions } from '../revise.ts';
import { recordPage, type Fingerprints, type SiteChecks } from '../check/index.ts';
import { processMarkdown } from '../markdown/index.ts';
import type { BuildFacts } from '../output.ts';
import { planArticlePage } from '../pages/index.ts';
import { entryKey } from '../store/index.ts';
import { MARKER_FILE, sourceFolders, writeMarker, type OutputRecord } from '../write/index.ts';

/** What a preview build is asked to do. */
export interface BuildRequest {
  contentDir: string;
  insightsDir?: string | undefined;
  assetsDir: string;
  outDir: string;
  cacheDir?: string | undefined;
  includeDrafts: boolean;
  baseUrl: string | undefined;
  /** The GitHub repository the browser editor commits to. */
  repository?: string | undefined;
  /** The day to build on; the clock's at each build when not given. */
  today?: CalendarDay | undefined;
}

/** What came of one build: the site's files and redirects, or the messages that stopped it. */
export type BuildOutcome =
  | {
      ok: true;
      milliseconds: number;
      /** Every file of out/; left out when it is the same list as the last outcome's. */
      files: readonly string[] | undefined;
      /** The files this build wrote: those that changed. */
      written: string[];
      /** The file-name addresses and where they lead; left out after a revision, which cannot change them. */
      redirects: readonly Redirect[] | undefined;
      /** Each article's file and address; left out after a revision, which cannot change them. */
      articles: readonly { sourcePath: string; url: string }[] | undefined;
      /** Every warning, as printed (many of a kind as one); left out when the same as the last outcome's. */
      warnings: readonly string[] | undefined;
    }
  | {
      ok: false;
      milliseconds: number;
      /** What stopped the build: the errors, and the line that counts them and the warnings. */
      lines: string[];
      /** The content's warnings, as printed (many of a kind as one), to tell before the errors. */
      warnings: readonly string[];
      /** How many warnings there were, each of a group counted. */
      warningCount: number;
      /** True when the content is to blame, and saving the fixed file builds again; false for anything else (out/ refused, a fault). */
      inContent: boolean;
    }
  /** A file changed again while it was built: the build that change starts will show it. */
  | { ok: 'superseded'; milliseconds: number };

/** A build's content problems as the preview tells them: the warnings apart from the errors, which alone show over the page. */
function toldFailure(error: ContentErrors): Pick<Extract<BuildOutcome, { ok: false }>, 'lines' | 'warnings' | 'warningCount'> {
  const { warnings, errors } = inTellingOrder(error.diagnostics);
  const lines = [...errors.map((diagnostic) => formatDiagnostic(diagnostic)), stoppedLine(error)];
  return { lines, warnings: warnings.map((warning) => formatDiagnostic(warning)), warningCount: error.diagnostics.length - errors.length };
}

/** A saved file counts as written once it has not changed for this long: an editor that saves in pieces is waited for. */
const STABLE_MS = 40;

/** Thrown to stop publishing a build whose input changed while it was built. */
class Superseded extends Error {}

/** Waits until no changed file has been modified for STABLE_MS, then checks that each is as the build read it. */
async function settledAsRead(files: readonly string[], readAt: number): Promise<void> {
  for (const file of files) {
    const info = await stat(file).catch(() => undefined);
    if (info === undefined) continue;
    const age = Date.now() - info.mtimeMs;
    if (age < STABLE_MS) await sleep(STABLE_MS - age);
    const now = await stat(file).catch(() => undefined);
    // readAt is whole milliseconds: a save in the millisecond the build began, before it read, is not a later one.
    if (now === undefined || now.mtimeMs !== info.mtimeMs || now.size !== info.size || Math.floor(now.mtimeMs) > readAt) throw new Superseded();
  }
}

/**
 * Which marker out/ holds: another build that replaces out/, or deletes it,
 * leaves another marker or none. Undefined when there is none.
 */
function markerStamp(outDir: string): string | undefined {
  const info = statSync(path.join(outDir, MARKER_FILE), { throwIfNoEntry: false, bigint: true });
  return info === undefined ? undefined : `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

/** What the session keeps of its last build that succeeded, to revise it after an edit to bodies alone. */
interface LastBuild {
  plan: SitePlan;
  /** What out/ holds, as this session last wrote it. */
  record: OutputRecord;
  /** What the checks know of the site in out/, so that an edit checks again only the pages it changed. */
  checks: SiteChecks;
  /** Where things are in the lists of the last plan made whole, and so of every revision of it. */
  positions: PlanPositions;
}

/**
 * How many bodies the preview processes, and drops, after its first build:
 * enough different ones (tables, lists, links, footnotes) for the JIT to
 * compile what an edit runs.
 */
const REHEARSED_BODIES = 30;

/**
 * Runs what an edit to a body runs (processing bodies, rendering a page,
 * reading it for the checks), writing nothing, so that the first edit after
 * the preview starts runs code the JIT has compiled already: the first
 * build takes its bodies from the cache or the pool's threads and may render
 * no page, which would leave that code cold (see test/bench/README.md).
 */
async function rehearseEdit(plan: SitePlan, prints: Fingerprints | undefined): Promise<void> {
  const articles = plan.model.articles.slice(0, REHEARSED_BODIES);
  for (const article of articles) processMarkdown(article.body, article.url, plan.settings);
  const [first] = articles;
  if (first === undefined) return;
  const input = pagesInput(plan, first.language);
  recordPage(await planArticlePage(input, input.articles.indexOf(first)).render(), prints);
}

export class PreviewSession {
  private readonly memory = new Memory();
  /** What out/ holds, as this session last wrote it; none before the first build. */
  private record: OutputRecord | undefined;
  /** The last build, while nothing has failed since. */
  private last: LastBuild | undefined;
  /** Whether the last build was a first one, which a rehearsal follows (`rehearse`). */
  private rehearsalDue = false;
  /** What the last build was made from (drafts, sample content), kept in the marker for the deploy. */
  private facts: BuildFacts | undefined;
  private sentFiles = '';
  /** Files written since the marker was saved that it does not list: a build run meanwhile would take them for files put there by hand. */
  private unlisted = false;
  /** The marker this session last wrote; out/ holds what `record` says only while it is still there. */
  private marker: string | undefined;

  /** @param generator the generator's version, worked out once as the worker starts */
  constructor(
    private readonly request: BuildRequest,
    private readonly generator: string,
  ) {}

  /**
   * Plans the site and brings out/ up to date: after an edit to article
   * bodies alone, by revising the last build; otherwise whole.
   *
   * @param beforeWriting last step before out/ changes: what it throws stops the build
   */
  private async planAndWrite(changedPaths: readonly string[] | undefined, beforeWriting: () => Promise<void>): Promise<{ plan: SitePlan; written: string[]; revised: boolean }> {
    const target = { outDir: this.request.outDir, protectedDirs: sourceFolders(this.request) };
    // out/ was deleted, or another build replaced it, since this session wrote it: patching what is no longer there would leave a site of the edited pages alone, or (a build without drafts beside a preview with them) a draft's page under a marker that says there is none.
    if (this.record !== undefined && markerStamp(target.outDir) !== this.marker) this.forgetOutput();
    const { last } = this;
    this.last = undefined;
    // A revision keeps its plan's day: once the day has changed (a preview left running overnight), the site is planned whole on the new one.
    const revision = last !== undefined && changedPaths !== undefined && buildDay(this.request) === last.plan.today ? await reviseBodies(last.plan, changedPaths, last.positions) : undefined;
    if (last !== undefined && revision !== undefined) {
      const { written } = await updateRevision(revision, { ...target, record: last.record, checks: last.checks, beforeWriting });
      this.last = { ...last, plan: revision.plan };
      return { plan: revision.plan, written, revised: true };
    }
    const plan = await planSite({ ...this.request, generator: this.generator, changedPaths }, this.memory);
    const { record } = this;
    const listed = new Set(record?.keys());
    const written = record === undefined ? await writePlan(plan, { ...target, keepChecks: true }) : { ...(await updatePlan(plan, { ...target, record, checks: last?.checks, beforeWriting })), record };
    if (record === undefined) this.marker = markerStamp(target.outDir);
    this.unlisted ||= record !== undefined && written.written.some((file) => !listed.has(file));
    this.record = written.record;
    this.last = { plan, record: written.record, checks: written.checks as SiteChecks, positions: planPositions(plan) };
    return { plan, written: written.written, revised: false };
  }

  async build(changedPaths: readonly string[] | undefined): Promise<BuildOutcome> {
    const started = performance.now();
    const milliseconds = () => Math.round(performance.now() - started);
    const readAt = Date.now();
    const lastWarnings = this.last?.plan.warnings;
    const first = this.record === undefined;
    try {
      const { plan, written, revised } = await this.planAndWrite(changedPaths, () => settledAsRead(changedPaths ?? [], readAt));
      // A revision used only a part of what the memory holds: the rest is still the site's.
      this.memory.settle(!revised);
      this.rehearsalDue = first;
      this.facts = plan.facts;
      const same = revised ? { files: undefined, redirects: undefined, articles: undefined } : await this.siteLists(plan);
      const warnings = plan.warnings === lastWarnings ? undefined : groupWarnings(plan.warnings).map((warning) => formatDiagnostic(warning));
      return { ok: true, milliseconds: milliseconds(), written, ...same, warnings };
    } catch (error) {
      this.memory.settle(false);
      if (error instanceof Superseded) return { ok: 'superseded', milliseconds: milliseconds() };
      if (error instanceof ContentErrors) return { ok: false, milliseconds: milliseconds(), ...toldFailure(error), inContent: true };
      const message = error instanceof UsageError || error instanceof Error ? error.message : String(error);
      return { ok: false, milliseconds: milliseconds(), lines: [`The build failed: ${message}`], warnings: [], warningCount: 0, inContent: false };
    }
  }

  /**
   * Runs once, after the first build, what an edit runs, so that the first
   * edit after the preview starts runs code the JIT has compiled (see
   * test/bench/README.md): bodies processed and a page rendered and read
   * (rehearseEdit), then the build revised as if its first article had been
   * saved unchanged, which writes nothing. The thread runs it once the first
   * build has answered, before anything else: the first page need not wait for it.
   */
  async rehearse(): Promise<void> {
    const { last } = this;
    const article = last?.plan.model.articles[0];
    if (!this.rehearsalDue || last === undefined || article === undefined) return;
    this.rehearsalDue = false;
    await rehearseEdit(last.plan, last.checks.site.prints);
    const readAt = Date.now();
    try {
      await this.planAndWrite([article.sourcePath], () => settledAsRead([article.sourcePath], readAt));
    } catch {
      // A rehearsal that cannot finish (the file changed meanwhile) leaves the next build to plan the whole site.
    }
    this.memory.settle(false);
  }

  /** The site's files (left out when the same as last sent), redirects and articles, after a build planned whole. */
  private async siteLists(plan: SitePlan): Promise<Pick<Extract<BuildOutcome, { ok: true }>, 'files' | 'redirects' | 'articles'>> {
    // The images' smaller copies are files of out/ too, which the pages' <picture> sources ask for.
    const files = [...plan.outputs, ...(await plan.imageCopies)].map((output) => output.path);
    const filesKey = entryKey(...files);
    const changedList = filesKey !== this.sentFiles;
    this.sentFiles = filesKey;
    const articles = plan.model.articles.map(({ sourcePath, url }) => ({ sourcePath, url }));
    return { files: changedList ? files : undefined, redirects: plan.facts.redirects, articles };
  }

  /** Makes the next build write out/ whole, from what its marker says. */
  private forgetOutput(): void {
    this.record = undefined;
    this.last = undefined;
  }

  /** True when out/ holds files its marker does not list yet (a new article's page), which a build would refuse. */
  get hasUnlistedFiles(): boolean {
    return this.unlisted;
  }

  /** Records what out/ holds in its marker, for the next process: done at once when a build added files, else when the preview is idle, and when it closes. */
  save(): void {
    if (this.record === undefined) return;
    // A marker another build left describes the out/ it wrote: this session's record would describe files no longer there.
    if (markerStamp(this.request.outDir) !== this.marker) return this.forgetOutput();
    try {
      writeMarker(this.request.outDir, this.record, this.facts);
      this.marker = markerStamp(this.request.outDir);
      this.unlisted = false;
    } catch {
      // A marker that cannot be written costs the next process only time: it writes again the files it cannot match to a record.
    }
  }
}
