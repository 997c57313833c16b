/**
 * The browser bundles (build/outputs/bundles.ts) are named after their content: the same
 * sources give the same names and bytes whichever folder the build runs from, so a build
 * run from elsewhere gives a deploy nothing new to upload.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { bundleClientAssets, cachedClientAssets, type BundledFile } from '../../../build/outputs/bundles.ts';
import { CacheStore } from '../../../build/store/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

/** Each bundle's path in out/ and a digest of its bytes. */
const fingerprint = (files: BundledFile[]) => files.map((file) => [file.path, createHash('sha256').update(file.contents).digest('hex')]);

/** The same, from a process of its own started in `folder`. */
function fingerprintFrom(folder: string): unknown {
  const bundles = pathToFileURL(`${PROJECT_ROOT}build/outputs/bundles.ts`).href;
  const script = `import { createHash } from 'node:crypto';
const { bundleClientAssets } = await import(${JSON.stringify(bundles)});
const { script, stylesheet } = await bundleClientAssets();
console.log(JSON.stringify([script, stylesheet].map((file) => [file.path, createHash('sha256').update(file.contents).digest('hex')])));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script], { cwd: folder, encoding: 'utf8' }));
}

test('the widget script and the stylesheet get the same names and bytes when the build runs from another folder', async () => {
  const { script, stylesheet } = await bundleClientAssets();
  assert.match(script.path, /^assets\/widgets\.[A-Z0-9]{8}\.js$/);
  assert.deepEqual(fingerprintFrom(await temporaryFolder('bundles-elsewhere')), fingerprint([script, stylesheet]));
});

test('the bundles kept in the cache are the ones esbuild makes, names and bytes, and are made again for another version of the generator', async () => {
  const made = await bundleClientAssets();
  const folder = await temporaryFolder('bundles-cached');
  const first = await cachedClientAssets({ store: new CacheStore(folder), generator: 'a' });
  const kept = new CacheStore(folder);
  const again = await cachedClientAssets({ store: kept, generator: 'a' });
  for (const bundles of [first, again]) assert.deepEqual(fingerprint([bundles.script, bundles.stylesheet]), fingerprint([made.script, made.stylesheet]));
  assert.deepEqual([again.script.url, again.stylesheet.url], [made.script.url, made.stylesheet.url]);
  await cachedClientAssets({ store: kept, generator: 'b' });
  assert.equal(new CacheStore(folder).entries().filter((entry) => entry.kind === 'bundle').length, 2, 'another version makes its own');
});
