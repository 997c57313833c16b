/**
 * `npm run build`: builds the site from content/ and assets/ into out/.
 * Exit codes: 0 built, 1 content errors (out/ untouched), 2 wrong usage.
 *
 * The build's thread starts first, on the generator as last compiled, so
 * that it loads while this command loads the rest of its modules through
 * tsx and works out the generator's version; the command keeps it only if
 * it was compiled from that version (see test/bench/README.md).
 */
import { THREAD_MODULES } from '../workers/modules.ts';
import { startEarlyThread, type ThreadSpec } from '../workers/thread.ts';

const BUILD_THREAD: ThreadSpec = {
  module: THREAD_MODULES.build,
  // Rendering and checking pages makes many short-lived strings: with V8's default young generation the thread collects them more often in a large build (see test/bench/README.md).
  options: { resourceLimits: { maxYoungGenerationSizeMb: 96 } },
};

/** Starts the build's thread, then loads the rest of the command, which takes the thread on. */
async function main(): Promise<void> {
  const early = startEarlyThread(BUILD_THREAD);
  const { buildCommand } = await import('./build-command.ts');
  buildCommand(BUILD_THREAD, early);
}

await main();
