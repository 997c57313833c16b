/** A worker thread of the build's pool: runs each task it is sent and answers with its result or its error. */
import { parentPort } from 'node:worker_threads';
import type { WorkerTask } from './tasks.ts';

// React picks its production build on first import; the build modules are imported only after this.
process.env.NODE_ENV ??= 'production';
const { runTask } = await import('./tasks.ts');

parentPort?.on('message', ({ id, task }: { id: number; task: WorkerTask }) => {
  runTask(task).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
