/**
 * A worker thread of the markdown pool: processes each batch of bodies it is
 * sent and stores every document in the build cache itself, so that only the
 * small facts travel back to the build's thread, never the HTML.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CacheStore } from '../store/index.ts';
import { processAndStore, type MarkdownJob, type PoolSettings } from './documents.ts';

/** Answers each batch with its bodies' facts; the thread's settings and cache come once, as its data. */
function serve({ settings, cacheDir }: PoolSettings): void {
  const translatedFigures = new Map(settings.translatedFigures.map(([language, figures]) => [language, new Map(figures)]));
  const runtime = { settings: { figures: new Map(settings.figures), translatedFigures, imageSizes: new Map(settings.imageSizes), words: settings.words }, store: new CacheStore(cacheDir) };
  parentPort?.on('message', ({ id, jobs }: { id: number; jobs: (MarkdownJob & { key: string })[] }) => {
    try {
      // Only the facts and where the document is cross to the build's thread, never the HTML.
      parentPort?.postMessage({ id, results: jobs.map((job) => ({ ...processAndStore(job, runtime), document: undefined })) });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

serve(workerData as PoolSettings);
