/**
 * Runs builds for the preview server in a worker thread. A worker has its own
 * module graph: when a template or the generator changes, the preview starts
 * a new worker, which imports the new code; content changes reuse the warm
 * one, so a rebuild takes a tenth of a cold start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mapByPlace, memoByIdentity, sameData } from '../lib/memo.ts';
import type { Redirect } from '../host.ts';
import type { Article, ArticleAlias } from '../types.ts';
import type { OutputFile } from '../write.ts';
import type { ContentDiagnostic } from '../diagnostics.ts';
import { REPEATED_LISTS, type BuildOutcome, type BuildRequest, type SentOutcome } from './builder.ts';

// React picks its production build on first import; the build modules are imported only after this.
process.env.NODE_ENV ??= 'production';
const { buildSite, prepareArticle, rehearseMarkdown } = await import('../index.ts');
const { updateSite, WriteMemory } = await import('../write.ts');
const { ContentErrors, UsageError, formatDiagnostic } = await import('../diagnostics.ts');
const { contentErrorLines } = await import('../cli-options.ts');
const { DEFAULT_CACHE_DIR } = await import('../config.ts');

const options = workerData as BuildRequest;
// The lists of an outcome, made by place from the build's (28,000 files at 10,000 articles): unchanged, they are the same lists as last time, which toSend knows at a glance.
const filePaths = mapByPlace((file: OutputFile) => file.path);
const redirectsOf = mapByPlace(memoByIdentity((alias: ArticleAlias): Redirect => ({ from: alias.url, to: alias.article.url })));
const articleAddresses = mapByPlace(memoByIdentity((article: Article) => ({ sourcePath: article.sourcePath, url: article.url })));
/** Each warning as a line, once per warning object: an unchanged article's warnings are the same objects from build to build. */
const formattedWarnings = mapByPlace(memoByIdentity((warning: ContentDiagnostic) => formatDiagnostic(warning)));
// The worker alone writes the preview's out/: what it wrote last time is known without reading out/ again.
const lastWrite = new WriteMemory();

/**
 * Idle this long after a build, the worker writes what its checks learnt and
 * what it wrote to the cache, for the next process; and when the preview
 * closes. At 10,000 articles that takes half a second, which an edit saved
 * meanwhile would wait for: so not in every pause between saves as one
 * types, only in a long one.
 */
const SAVE_MEMO_AFTER_MS = 30_000;
let memoTimer: NodeJS.Timeout | undefined;
/** Writes what the last successful build learnt, once. */
let unsaved: (() => Promise<void>) | undefined;

function save(): Promise<void> {
  clearTimeout(memoTimer);
  const saving = unsaved;
  unsaved = undefined;
  // A memo or record that could not be written costs the next process only some re-reading and rewriting.
  return saving === undefined ? Promise.resolve() : saving().catch(() => undefined);
}

/** A body being processed ahead of its build (see prepareArticle), which the build waits for rather than doing the same work. */
let preparing: Promise<void> = Promise.resolve();
let building = false;
/** A save was seen and its build has not run yet: rehearsals wait, so as not to hold up its body's processing. */
let savePending = false;

/**
 * Bodies processed and dropped while nothing else is asked, after the first
 * builds: V8 optimises the markdown code it runs often, and this thread has
 * run none of it when every body came from the cache or the pool.
 */
const REHEARSALS = 30;
let rehearsed = 0;
/** The rehearsal under way, which a second call joins rather than starting another. */
let rehearsal: Promise<void> | undefined;
/**
 * An article of the first build, rebuilt once as if it had been saved
 * unchanged, before the bodies are rehearsed: the first edit was the first
 * time this thread ran the code of an edit (reloading one file, the lists
 * by place, the pages around it, the write of what changed), and its build
 * took 35–60 ms at 10,000 articles where later ones took 6–15. Its pages come
 * out the same, so nothing is written and no page reloads.
 */
let editToRehearse: string | undefined;

function rehearse(): Promise<void> {
  rehearsal ??= rehearseInTurns().finally(() => {
    rehearsal = undefined;
  });
  return rehearsal;
}

async function rehearseInTurns(): Promise<void> {
  const unchangedArticle = editToRehearse;
  editToRehearse = undefined;
  if (unchangedArticle !== undefined) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!building && !savePending) await buildInTurn([unchangedArticle]);
  }
  while (rehearsed < REHEARSALS) {
    // One body at a time, letting messages in between: a build asked for pauses the rehearsal until it is done.
    await new Promise((resolve) => setImmediate(resolve));
    if (building || savePending || !(await rehearseMarkdown(rehearsed))) return;
    rehearsed++;
  }
}

/** Builds run one after another: the preview asks for one at a time, and the rehearsal of an edit is one too. */
let lastBuild: Promise<unknown> = Promise.resolve();

function buildInTurn(changedPaths: string[] | undefined): Promise<BuildOutcome> {
  const next = lastBuild.then(() => build(changedPaths));
  lastBuild = next;
  return next;
}

let firstBuildDone = false;
/**
 * Whether the worker has rehearsed after its first successful build. That
 * build's outcome is sent only then: the preview starts watching once it has
 * it, so no save meets code that has not run hot. When a save met the
 * rehearsal instead, it waited for the rehearsed edit and was then processed
 * by code not yet optimised: 67–103 ms from the save at 10,000 articles,
 * where later saves took 24–40 ms.
 */
let warm = false;

async function build(changedPaths: string[] | undefined): Promise<BuildOutcome> {
  const started = performance.now();
  const milliseconds = () => Math.round(performance.now() - started);
  clearTimeout(memoTimer);
  building = true;
  savePending = false;
  try {
    await preparing;
    const result = await buildSite({ ...options, changedPaths });
    const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
    const { written } = await updateSite(options.outDir, result.files, [options.contentDir, options.assetsDir], cacheDir, lastWrite, result.finishImages);
    unsaved = async () => {
      await Promise.all([result.saveMemo(), lastWrite.save(cacheDir)]);
    };
    memoTimer = setTimeout(() => void save(), SAVE_MEMO_AFTER_MS);
    if (!firstBuildDone) editToRehearse = result.model.articles[0]?.sourcePath;
    firstBuildDone = true;
    return {
      ok: true,
      milliseconds: milliseconds(),
      files: filePaths(result.files),
      written,
      redirects: redirectsOf(result.model.aliases),
      articles: articleAddresses(result.model.articles),
      warnings: formattedWarnings(result.warnings),
    };
  } catch (error) {
    if (error instanceof ContentErrors) return { ok: false, milliseconds: milliseconds(), lines: contentErrorLines(error) };
    const message = error instanceof UsageError || error instanceof Error ? error.message : String(error);
    return { ok: false, milliseconds: milliseconds(), lines: [`The build failed: ${message}`] };
  } finally {
    building = false;
    void rehearse();
  }
}

/** The lists of the last successful outcome sent, to leave out those that are the same (see REPEATED_LISTS). */
let sentLists: Partial<Record<(typeof REPEATED_LISTS)[number], unknown>> = {};

function toSend(outcome: BuildOutcome): SentOutcome {
  if (!outcome.ok) return outcome;
  const sent: SentOutcome = { ...outcome };
  for (const name of REPEATED_LISTS) if (sameData(sentLists[name], outcome[name])) delete sent[name];
  sentLists = Object.fromEntries(REPEATED_LISTS.map((name) => [name, outcome[name]]));
  return sent;
}

parentPort?.on('message', (message: { id: number; changedPaths: string[] | undefined } | { save: true } | { prepare: string }) => {
  if ('save' in message) void save().then(() => parentPort?.postMessage({ saved: true }));
  else if ('prepare' in message) {
    savePending = true;
    // A body that cannot be prepared is left to the build, which reports what is wrong with it.
    preparing = building ? preparing : preparing.then(() => prepareArticle(message.prepare)).catch(() => undefined);
  } else void buildInTurn(message.changedPaths).then(async (outcome) => {
    if (outcome.ok && !warm) {
      await rehearse();
      warm = true;
    }
    parentPort?.postMessage({ id: message.id, outcome: toSend(outcome) });
  });
});
