import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { compiledModule } from '../compiled.ts';

/**
 * For a thread that runs a whole build: a young generation of 192 MB (64 MB
 * semi-spaces), with which a build spends about 15 % less time collecting
 * garbage than with Node's default. Only that thread gets it: given to the
 * whole process (`--max-semi-space-size=64`), it also grew the pool's
 * workers, and at 1,000 articles a cold build then peaked 200 MB higher in
 * no less time.
 */
export const BUILD_THREAD_LIMITS = { maxYoungGenerationSizeMb: 192 } as const;

/**
 * How `npm run build` starts the process for a build that uses the worker
 * pool (build/build-process.ts): V8 flags and malloc settings, which must be
 * set before a process starts.
 *
 * - `--heap-growing-percent=50`: no heap grows past half as much again as it
 *   kept alive at its last full collection. V8's own rule allows up to four
 *   times that: at 10,000 articles the build's thread keeps about 400 MB
 *   alive, and its heap reached 0.6 GB in one cold build and 1 GB in another.
 * - `--initial-old-space-size=64`: every heap starts with room for 64 MB
 *   before its first full collection, so that the pool's workers, which keep
 *   a few dozen MB alive, are not collected after every few MB.
 * - `--single-threaded-gc`: each thread collects its own garbage. V8's helper
 *   threads only took cores from the pool's workers, which keep every core
 *   busy: a cold build of 10,000 articles took 5 % less time and 9 % less CPU
 *   (three runs each).
 * - `MALLOC_ARENA_MAX=2`, `MALLOC_TRIM_THRESHOLD_=1048576` (glibc; other C
 *   libraries ignore them): every thread had a malloc arena of its own, and
 *   what zlib, libvips and the workers that come and go freed stayed in them.
 *   A cold build of 10,000 articles peaked at 1.03–1.05 GB without them,
 *   0.89–0.91 GB with them. A value the user set is kept.
 *
 * The preview keeps V8's defaults: its builds are small after the first, and
 * parallel collection shortens the pause an edit waits for.
 */
export const BUILD_PROCESS = {
  flags: ['--heap-growing-percent=50', '--initial-old-space-size=64', '--single-threaded-gc'],
  env: { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '1048576' },
} as const;

/**
 * Starts a worker thread on a TypeScript module. Node 20 does not pass tsx's
 * loader on to a worker's entry module, so the worker starts as a line of
 * JavaScript that registers tsx and then imports the module.
 *
 * @param moduleUrl the worker's module, e.g. `new URL('./worker.ts', import.meta.url)`
 * @param options passed to the Worker (workerData, resource limits)
 */
export function startTypeScriptWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(moduleUrl.href)});
});`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Starts a worker thread on a module of the generator compiled to one file
 * (build/compiled.ts), on plain Node: none of tsx's work per module.
 *
 * @param moduleUrl the worker's module, in build/
 * @param options passed to the Worker (workerData, resource limits)
 */
export async function startCompiledWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Promise<Worker> {
  return startCompiledFile(await compiledModule(fileURLToPath(moduleUrl)), options);
}

/**
 * Starts a worker thread on a file that {@link compiledModule} made, for a
 * caller that compiled it once and starts several threads on it.
 */
export function startCompiledFile(compiledFile: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  // Not the process's flags (tsx's loader among them): the file is plain JavaScript.
  return new Worker(compiledFile, { ...options, execArgv: [] });
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs a module of the generator compiled, in a process of its own that
 * shares this one's standard streams, as {@link BUILD_PROCESS} says.
 *
 * @param moduleUrl the module, in build/
 * @param args its arguments
 * @returns the process's exit code; 1 when a signal stopped it
 */
export async function runCompiledProcess(moduleUrl: URL, args: readonly string[]): Promise<number> {
  const file = await compiledModule(fileURLToPath(moduleUrl));
  const child = spawn(process.execPath, [...BUILD_PROCESS.flags, file, ...args], { stdio: 'inherit', env: { ...BUILD_PROCESS.env, ...process.env } });
  // Stopping this process stops the build too, as when it ran on a thread of this one.
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  return new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  }).finally(() => {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  });
}

/** Resolves with the worker's exit code; rejects with what it threw, if it did not catch it. */
export function exitCodeOf(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
}
