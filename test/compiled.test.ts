/**
 * The generator compiled to one file per version (build/compiled.ts), which
 * `npm run build` runs on a thread without tsx. The CLI's own tests
 * (cli.test.ts) build through it; these check the compiling itself.
 */
import assert from 'node:assert/strict';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type * as cacheModule from '../build/cache.ts';
import { generatorVersion, PROJECT_ROOT } from '../build/cache.ts';
import { COMPILED_DIR, compiledModule } from '../build/compiled.ts';

test('a compiled module keeps the address of its source, so it finds the files beside it', async () => {
  // cache.ts hashes the files under its own folder's parent: from anywhere else, it would find none.
  const compiled = await compiledModule(path.join(PROJECT_ROOT, 'build', 'cache.ts'));
  assert.equal(compiled, path.join(COMPILED_DIR, `generator-${(await generatorVersion()).slice(0, 16)}`, 'build-cache.mjs'));
  const fromCompiled = (await import(pathToFileURL(compiled).href)) as typeof cacheModule;
  assert.equal(fromCompiled.PROJECT_ROOT, PROJECT_ROOT);
  assert.equal(await fromCompiled.generatorVersion(), await generatorVersion());
});

test('a module is compiled once per version of the generator, and earlier versions are removed', async () => {
  const source = path.join(PROJECT_ROOT, 'build', 'lib', 'slug.ts');
  const stale = path.join(COMPILED_DIR, 'generator-0000000000000000');
  await mkdir(stale, { recursive: true });
  await writeFile(path.join(stale, 'old.mjs'), 'export {};\n');
  await rm(path.join(COMPILED_DIR, `generator-${(await generatorVersion()).slice(0, 16)}`, 'build-lib-slug.mjs'), { force: true });

  const compiled = await compiledModule(source);
  await assert.rejects(stat(stale), { code: 'ENOENT' }, 'the other version is gone');
  const made = (await stat(compiled)).mtimeMs;
  assert.equal(await compiledModule(source), compiled);
  assert.equal((await stat(compiled)).mtimeMs, made, 'not compiled again');
});

test('only the generator\u2019s own modules are compiled: the version that names the file covers nothing else', async () => {
  await assert.rejects(compiledModule(path.join(PROJECT_ROOT, 'test', 'compiled.test.ts')), /Only the generator's own modules \(in build\/\) are compiled/);
});
