/**
 * The preview's folder watcher: a plain watcher per folder, so that a save is
 * reported at once (Node 20's recursive watcher on Linux reports it late).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchFolderTree } from '../../../build/preview/watch.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

/** Resolves once `seen` holds `file`; fails after two seconds. */
async function reported(seen: readonly string[], file: string): Promise<void> {
  for (let waited = 0; !seen.includes(file); waited += 10) {
    if (waited > 2000) assert.fail(`${file} was not reported; seen: ${seen.join(', ')}`);
    await sleep(10);
  }
}

test('changes anywhere in the tree are reported, in folders made after the watch began too; ignored names are not', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'watch-'));
  await mkdir(path.join(root, 'insights'));
  const seen: string[] = [];
  const watch = watchFolderTree(root, (relative) => relative.endsWith('.swp'), (file) => seen.push(file));
  try {
    await writeFile(path.join(root, 'site.md'), 'identity');
    await reported(seen, path.join(root, 'site.md'));
    await writeFile(path.join(root, 'insights', 'a.md'), 'article');
    await reported(seen, path.join(root, 'insights', 'a.md'));
    await mkdir(path.join(root, 'images'));
    await reported(seen, path.join(root, 'images'));
    await writeFile(path.join(root, 'images', 'photo.png'), 'png');
    await reported(seen, path.join(root, 'images', 'photo.png'));
    await writeFile(path.join(root, 'insights', '.a.md.swp'), 'swap');
    await writeFile(path.join(root, 'insights', 'b.md'), 'another');
    await reported(seen, path.join(root, 'insights', 'b.md'));
    assert.ok(!seen.some((file) => file.endsWith('.swp')), 'an editor swap file is not a change');
    await rm(path.join(root, 'images'), { recursive: true });
    await mkdir(path.join(root, 'images'));
    await writeFile(path.join(root, 'images', 'again.png'), 'png');
    await reported(seen, path.join(root, 'images', 'again.png'));
  } finally {
    watch.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('a folder link is followed, as the build follows it; links that lead back round the tree are walked once, so the watch starts at once', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'watch-'));
  const shared = await mkdtemp(path.join(tmpdir(), 'watch-shared-'));
  await mkdir(path.join(root, 'insights'));
  await mkdir(path.join(root, '.hidden'));
  await symlink(shared, path.join(root, 'insights', 'shared'));
  // Each link leads back to the root: followed without end, the walk would branch at every turn.
  await symlink('..', path.join(root, 'insights', 'up'));
  await symlink('..', path.join(root, '.hidden', 'up'));
  // The watch starts synchronously, so a walk without end would hang this process rather than fail: it is first tried in a child with a time limit.
  const started = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import { watchFolderTree } from './build/preview/watch.ts'; watchFolderTree(${JSON.stringify(root)}, () => false, () => {}).close();`], { cwd: PROJECT_ROOT, timeout: 30_000, encoding: 'utf8' });
  assert.equal(started.status, 0, `the watch did not start within 30 s over two links back to the root: ${started.error?.message ?? started.stderr}`);
  const seen: string[] = [];
  const watch = watchFolderTree(root, (relative) => relative.split('/').some((part) => part.startsWith('.')), (file) => seen.push(file));
  try {
    await writeFile(path.join(shared, 'a.md'), 'article');
    await reported(seen, path.join(root, 'insights', 'shared', 'a.md'));
    await writeFile(path.join(root, 'insights', 'b.md'), 'another');
    await reported(seen, path.join(root, 'insights', 'b.md'));
  } finally {
    watch.close();
    await rm(root, { recursive: true, force: true });
    await rm(shared, { recursive: true, force: true });
  }
});
