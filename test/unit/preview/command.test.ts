/**
 * The preview's command line: each mistake in how it is started (an unknown
 * option, a bad or busy port, an output folder the build would refuse) is one
 * line and exit code 2, told before anything is built or served.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { copySampleSite, PROJECT_ROOT, TEST_CACHE_DIR } from '../../helpers/sites.ts';

test('the command refuses unknown options and a bad port with one line and exit code 2', () => {
  for (const args of [['--bogus'], ['--port', 'many'], ['--port', '70000'], ['--content', 'no/such/folder']]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    assert.equal(result.status, 2, args.join(' '));
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
});

test('a port already in use is one line and exit code 2, told before anything is built, so out/ stays as the preview on that port left it', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as AddressInfo;
  const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
  const outDir = path.join(root, 'out');
  try {
    const args = ['--port', String(port), '--content', contentDir, '--assets', assetsDir, '--out', outDir, '--cache', TEST_CACHE_DIR];
    // A preview that kept running after telling would be stopped here, and fail on its exit code.
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.trim(), `error Port ${port} on 127.0.0.1 is in use; pass --port with another number.`);
    assert.equal(existsSync(outDir), false, 'nothing was built');
  } finally {
    taken.close();
    await cleanup();
  }
});

test('a --host that is not an address of this computer is one line and exit code 2, told before anything is built', async () => {
  const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
  const outDir = path.join(root, 'out');
  try {
    for (const host of ['999.1.1.1', 'no-such-host.invalid']) {
      const args = ['--host', host, '--port', '0', '--content', contentDir, '--assets', assetsDir, '--out', outDir, '--cache', TEST_CACHE_DIR];
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stderr.trim(), `error --host ${host} is not an address of this computer; leave it out, or pass 0.0.0.0 to be seen on the local network.`);
      assert.equal(existsSync(outDir), false, 'nothing was built');
    }
  } finally {
    await cleanup();
  }
});

test('an --out folder holding files the build did not make is one line and exit code 2, and none of its files is served', async () => {
  const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
  const outDir = path.join(root, 'not-a-build');
  try {
    await mkdir(outDir);
    await writeFile(path.join(outDir, 'notes.txt'), 'private notes');
    const args = ['--port', '0', '--content', contentDir, '--assets', assetsDir, '--out', outDir, '--cache', TEST_CACHE_DIR];
    // A preview that kept running, serving the folder, would be stopped here, and fail on its exit code.
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr.trim(), /^error The output folder .*not-a-build holds files this build did not make/);
    assert.equal(await readFile(path.join(outDir, 'notes.txt'), 'utf8'), 'private notes');
  } finally {
    await cleanup();
  }
});

test('an --out whose parent folder is a link into the assets is one line and exit code 2, and nothing is written there', async () => {
  const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
  const outDir = path.join(root, 'to-assets', 'sub');
  try {
    await symlink(assetsDir, path.join(root, 'to-assets'));
    const before = await readdir(assetsDir);
    const args = ['--port', '0', '--content', contentDir, '--assets', assetsDir, '--out', outDir, '--cache', TEST_CACHE_DIR];
    // A preview that kept running, writing the site into the assets, would be stopped here, and fail on its exit code.
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr, `error The output folder ${outDir} overlaps ${path.relative(PROJECT_ROOT, assetsDir)}; choose a separate folder such as out/.\n`);
    assert.deepEqual(await readdir(assetsDir), before, 'no sub/ in the assets');
  } finally {
    await cleanup();
  }
});
