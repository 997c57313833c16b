/**
 * The preview's folder watcher: a plain watcher per folder, so that a save is
 * reported at once (Node 20's recursive watcher on Linux is 15–20 ms late).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchFolderTree } from '../../../build/preview/watch.ts';

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
