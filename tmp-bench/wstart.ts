import { startWorker } from '../build/workers/thread.ts';
const t = performance.now();
const w = startWorker(new URL('../build/markdown/worker.ts', import.meta.url), { workerData: { settings: { figures: [], imageSizes: [] }, cacheDir: '/tmp/wcache' } });
w.on('online', () => console.log('online', (performance.now() - t).toFixed(0)));
w.on('message', () => { console.log('first answer', (performance.now() - t).toFixed(0)); void w.terminate(); });
w.postMessage({ id: 1, jobs: [{ file: 'x', bodyStartLine: 1, body: '# hi', bodyDigest: 'd', pageUrl: '/x', key: 'k' }] });
