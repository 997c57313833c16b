/**
 * Runs builds for the preview server in a worker thread. A worker has its own
 * module graph: when a template or the generator changes, the preview starts
 * a new worker, which imports the new code; content changes reuse the warm
 * one, so a rebuild takes a tenth of a cold start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { memoByIdentity, sameData } from '../lib/memo.ts';
import type { ContentDiagnostic } from '../diagnostics.ts';
import { REPEATED_LISTS, type BuildOutcome, type BuildRequest, type SentOutcome } from './builder.ts';

// React picks its production build on first import; the build modules are imported only after this.
process.env.NODE_ENV ??= 'production';
const { buildSite } = await import('../index.ts');
const { updateSite, WriteMemory } = await import('../write.ts');
const { ContentErrors, UsageError, formatDiagnostic } = await import('../diagnostics.ts');
const { contentErrorLines } = await import('../cli-options.ts');
const { DEFAULT_CACHE_DIR } = await import('../config.ts');

const options = workerData as BuildRequest;
/** Each warning as a line, once per warning object: an unchanged article's warnings are the same objects from build to build. */
const formatted = memoByIdentity((warning: ContentDiagnostic) => formatDiagnostic(warning));
// The worker alone writes the preview's out/: what it wrote last time is known without reading out/ again.
const lastWrite = new WriteMemory();

/** Idle this long after a build, the worker writes what its checks learnt and what it wrote to the cache: between saves as one types, not during a rebuild. */
const SAVE_MEMO_AFTER_MS = 2000;
let memoTimer: NodeJS.Timeout | undefined;

async function build(changedPaths: string[] | undefined): Promise<BuildOutcome> {
  const started = performance.now();
  const milliseconds = () => Math.round(performance.now() - started);
  clearTimeout(memoTimer);
  try {
    const result = await buildSite({ ...options, changedPaths });
    const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
    const { written } = await updateSite(options.outDir, result.files, [options.contentDir, options.assetsDir], cacheDir, lastWrite);
    // A memo or record that could not be written costs the next process only some re-reading and rewriting.
    memoTimer = setTimeout(() => void Promise.all([result.saveMemo(), lastWrite.save(cacheDir)]).catch(() => undefined), SAVE_MEMO_AFTER_MS);
    return {
      ok: true,
      milliseconds: milliseconds(),
      files: result.files.map((file) => file.path),
      written,
      redirects: result.model.aliases.map((alias) => ({ from: alias.url, to: alias.article.url })),
      articles: result.model.articles.map((article) => ({ sourcePath: article.sourcePath, url: article.url })),
      warnings: result.warnings.map((warning) => formatted(warning)),
    };
  } catch (error) {
    if (error instanceof ContentErrors) return { ok: false, milliseconds: milliseconds(), lines: contentErrorLines(error) };
    const message = error instanceof UsageError || error instanceof Error ? error.message : String(error);
    return { ok: false, milliseconds: milliseconds(), lines: [`The build failed: ${message}`] };
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

parentPort?.on('message', ({ id, changedPaths }: { id: number; changedPaths: string[] | undefined }) => {
  void build(changedPaths).then((outcome) => parentPort?.postMessage({ id, outcome: toSend(outcome) }));
});
