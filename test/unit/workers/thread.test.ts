/**
 * Threads on the generator's compiled modules (build/workers/): a thread
 * started early, on its module as last compiled, is kept only when that was
 * the generator's version; otherwise the code as it is now runs, compiled
 * again, and the stale compile is removed. Either way the thread gets its
 * data as its first message.
 */
import assert from 'node:assert/strict';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { confirmThread, startEarlyThread, type ThreadSpec } from '../../../build/workers/thread.ts';
import { temporaryFolder } from '../../helpers/folders.ts';

/** A thread module that answers its first message with what it was sent and which edition of its code it is. */
async function threadModule(folder: string, edition: string): Promise<URL> {
  const file = path.join(folder, 'echo-thread.ts');
  const source = `import { parentPort } from 'node:worker_threads';\nparentPort?.once('message', (data: unknown) => parentPort?.postMessage({ edition: ${JSON.stringify(edition)}, data }));\n`;
  await writeFile(file, source);
  return pathToFileURL(file);
}

async function freshSpec(): Promise<{ folder: string; spec: (module: URL) => ThreadSpec }> {
  const folder = await temporaryFolder('thread-test');
  return { folder, spec: (module) => ({ module, compiledDir: path.join(folder, 'compiled') }) };
}

function answer(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const VERSION_A = 'a'.repeat(64);
const VERSION_B = 'b'.repeat(64);

test('with nothing compiled yet there is no early thread; the confirmed thread runs the code compiled now and gets its data', async () => {
  const { folder, spec } = await freshSpec();
  const module = await threadModule(folder, 'first');
  assert.equal(startEarlyThread(spec(module)), undefined);
  const worker = await confirmThread(undefined, spec(module), { generator: VERSION_A, data: { pages: 3 } });
  assert.deepEqual(await answer(worker), { edition: 'first', data: { pages: 3 } });
  await worker.terminate();
});

test('an early thread compiled from this version is the one kept', async () => {
  const { folder, spec } = await freshSpec();
  const module = await threadModule(folder, 'first');
  await (await confirmThread(undefined, spec(module), { generator: VERSION_A, data: 'compile' })).terminate();
  const early = startEarlyThread(spec(module));
  assert.ok(early !== undefined);
  assert.equal(early.version, VERSION_A.slice(0, 16));
  const worker = await confirmThread(early, spec(module), { generator: VERSION_A, data: 'build' });
  assert.equal(worker, early.worker);
  assert.deepEqual(await answer(worker), { edition: 'first', data: 'build' });
  await worker.terminate();
});

test('an early thread compiled from another version is ended: the code as it is now runs, and the stale compile is removed', async () => {
  const { folder, spec } = await freshSpec();
  const module = await threadModule(folder, 'old');
  await (await confirmThread(undefined, spec(module), { generator: VERSION_A, data: 'compile' })).terminate();
  await threadModule(folder, 'new');
  const early = startEarlyThread(spec(module));
  assert.ok(early !== undefined);
  const ended = new Promise((resolve) => early.worker.once('exit', resolve));
  const worker = await confirmThread(early, spec(module), { generator: VERSION_B, data: 'build' });
  assert.notEqual(worker, early.worker);
  await ended;
  assert.deepEqual(await answer(worker), { edition: 'new', data: 'build' });
  assert.deepEqual(await readdir(path.join(folder, 'compiled')), [VERSION_B.slice(0, 16)]);
  await worker.terminate();
});

test('an early thread that failed to load is replaced, not handed on', async () => {
  const { folder, spec } = await freshSpec();
  const module = await threadModule(folder, 'first');
  await (await confirmThread(undefined, spec(module), { generator: VERSION_A, data: 'compile' })).terminate();
  const [version] = await readdir(path.join(folder, 'compiled'));
  const [compiledFile] = await readdir(path.join(folder, 'compiled', version as string));
  await writeFile(path.join(folder, 'compiled', version as string, compiledFile as string), 'this is not JavaScript (');
  const early = startEarlyThread(spec(module));
  assert.ok(early !== undefined);
  // Unconfirmed, it does not keep the process alive; this test waits for it.
  early.worker.ref();
  await new Promise((resolve) => early.worker.once('exit', resolve));
  assert.equal(early.failed, true);
  // Compiled again (its file had gone meanwhile, say): the new thread is the one that runs.
  await rm(path.join(folder, 'compiled', version as string), { recursive: true });
  const worker = await confirmThread(early, spec(module), { generator: VERSION_A, data: 'build' });
  assert.deepEqual(await answer(worker), { edition: 'first', data: 'build' });
  await worker.terminate();
});
