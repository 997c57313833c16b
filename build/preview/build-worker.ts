/**
 * Runs builds for the preview server in a worker thread. A worker has its own
 * module graph: when a template or the generator changes, the preview starts
 * a new worker, which imports the new code; content changes reuse the warm
 * one, so a rebuild takes a tenth of a cold start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BuildOutcome, BuildRequest } from './builder.ts';

// React picks its production build on first import; the build modules are imported only after this.
process.env.NODE_ENV ??= 'production';
const { buildSite } = await import('../index.ts');
const { updateSite } = await import('../write.ts');
const { ContentErrors, UsageError, formatDiagnostic } = await import('../diagnostics.ts');
const { contentErrorLines } = await import('../cli-options.ts');
const { DEFAULT_CACHE_DIR } = await import('../config.ts');

const options = workerData as BuildRequest;

async function build(): Promise<BuildOutcome> {
  const started = performance.now();
  const milliseconds = () => Math.round(performance.now() - started);
  try {
    const result = await buildSite(options);
    const { written } = await updateSite(options.outDir, result.files, [options.contentDir, options.assetsDir], options.cacheDir ?? DEFAULT_CACHE_DIR);
    return {
      ok: true,
      milliseconds: milliseconds(),
      files: result.files.map((file) => file.path),
      written,
      redirects: result.model.aliases.map((alias) => ({ from: alias.url, to: alias.article.url })),
      articles: result.model.articles.map((article) => ({ sourcePath: article.sourcePath, url: article.url })),
      warnings: result.warnings.map((warning) => formatDiagnostic(warning)),
    };
  } catch (error) {
    if (error instanceof ContentErrors) return { ok: false, milliseconds: milliseconds(), lines: contentErrorLines(error) };
    const message = error instanceof UsageError || error instanceof Error ? error.message : String(error);
    return { ok: false, milliseconds: milliseconds(), lines: [`The build failed: ${message}`] };
  }
}

parentPort?.on('message', (id: number) => {
  void build().then((outcome) => parentPort?.postMessage({ id, outcome }));
});
