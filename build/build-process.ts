/**
 * The process that `npm run build` (build/cli.ts) starts once it has found
 * that something changed, with the V8 flags and malloc settings of
 * `BUILD_PROCESS` (build/workers/start.ts): it runs the build itself, the
 * compiled build-command.ts, on a thread with a large young generation,
 * which a process-wide flag would give the pool's workers too.
 *
 * Arguments: the compiled build command's file, then its `BuildCommandData`
 * as JSON. The CLI compiles it: this process runs compiled code only, whose
 * compiler would not work compiled (see `sourceLocations` in compiled.ts).
 */
import type { BuildCommandData } from './build-command.ts';
import { runCommand } from './cli-options.ts';
import { BUILD_THREAD_LIMITS, exitCodeOf, startCompiledFile } from './workers/start.ts';

runCommand('build', async () => {
  const [buildCommand, data] = process.argv.slice(2);
  if (buildCommand === undefined || data === undefined) throw new Error('build-process.ts expects the compiled build command and its data');
  const workerData = JSON.parse(data) as BuildCommandData;
  return exitCodeOf(startCompiledFile(buildCommand, { workerData, resourceLimits: BUILD_THREAD_LIMITS }));
});
