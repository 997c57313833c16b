/**
 * `npm ci` compiles the generator's threads ahead (build/workers/prepare.ts):
 * afterwards each thread the commands start is there, compiled for the
 * generator's version, so that the first build starts it at once.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { generatorVersion } from '../../../build/store/generator.ts';
import { lastCompiled, versionFolder } from '../../../build/workers/compiled.ts';
import { THREAD_MODULES } from '../../../build/workers/modules.ts';
import { prepareThreads } from '../../../build/workers/prepare.ts';
import { temporaryFolder } from '../../helpers/folders.ts';

test('after preparing, every thread the commands start is compiled for the generator as it is', async () => {
  const compiledDir = path.join(await temporaryFolder('prepare-test'), 'compiled');
  for (const module of Object.values(THREAD_MODULES)) assert.equal(lastCompiled(module, compiledDir), undefined);
  await prepareThreads(compiledDir);
  const version = versionFolder(await generatorVersion());
  for (const [name, module] of Object.entries(THREAD_MODULES)) assert.equal(lastCompiled(module, compiledDir)?.version, version, `the ${name} thread`);
});
