import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the generator's modules. A TypeScript
 * module starts as a line of JavaScript that registers tsx and then imports
 * it, since Node 20 does not pass tsx's loader on to a worker's entry module.
 *
 * @param moduleUrl the worker's module, e.g. `new URL('./worker.ts', import.meta.url)`
 * @param options passed to the Worker (workerData, resource limits)
 */
export function startWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, options);
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(moduleUrl.href)});
});`;
  return new Worker(bootstrap, { ...options, eval: true });
}
