/**
 * The generator's modules that run on threads of their own, each compiled
 * into one file (compiled.ts). The commands start their threads from this
 * list, and `npm ci` compiles all of them ahead (prepare.ts).
 */
export const THREAD_MODULES = {
  /** The commands of `npm run build` and `npm run preview`, run compiled by cli/start.js on plain Node's main thread. */
  buildCommand: new URL('../cli/build.ts', import.meta.url),
  previewCommand: new URL('../preview/cli.ts', import.meta.url),
  /** The whole build of `npm run build` (cli/build.ts). */
  build: new URL('../cli/build-thread.ts', import.meta.url),
  /** Bodies' markdown to documents and facts (markdown/pool.ts). */
  markdown: new URL('../markdown/worker.ts', import.meta.url),
  /** The preview's builds (preview/builder.ts). */
  preview: new URL('../preview/worker.ts', import.meta.url),
} as const;
