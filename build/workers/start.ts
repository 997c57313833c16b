import { Worker, type WorkerOptions } from 'node:worker_threads';

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
