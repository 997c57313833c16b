/**
 * A worker thread for `npm run bench:choices`: processes the bodies it is
 * given as the markdown pool's workers do, and answers how long that took.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { processMarkdown } from '../../build/markdown/process.ts';

const settings = { figures: new Map<string, never>(), imageSizes: new Map<string, never>() };
const started = performance.now();
for (const body of workerData as string[]) processMarkdown(body, '/insights/x/', settings);
parentPort?.postMessage(performance.now() - started);
