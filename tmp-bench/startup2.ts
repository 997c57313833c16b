import { Worker } from 'node:worker_threads';
const t0 = performance.now();
const w = new Worker(`import(${JSON.stringify('file:///work/wt-redesign/node_modules/.cache/physician-site/' + process.argv[2] + '/build-cli-run-build.mjs')}).then(() => require('node:worker_threads').parentPort.postMessage('loaded'))`, { eval: true, execArgv: [] });
w.on('message', () => { console.log('loaded in worker', (performance.now() - t0).toFixed(0)); void w.terminate(); });
w.on('error', (e) => console.log(e));
