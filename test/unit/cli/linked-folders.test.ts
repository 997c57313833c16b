/**
 * The folders of a build compared by where they lead: an --out or --cache
 * whose path passes through a link (its last part, or any folder above it)
 * into the content, the assets or out/ is refused as if it were written
 * there, in one line with exit code 2, before anything is made. The same
 * refusals of paths as written are in build-usage.test.ts; the preview's in
 * preview/command.test.ts.
 */
import assert from 'node:assert/strict';
import { readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { assertOneLine, run, runReport } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { makeSite, SAMPLE_SITE } from '../../helpers/sites.ts';

/** A small site, and beside it (not in it, where a listing would follow them round) links to its assets and to the folder holding its content and assets, and the place of a cache that overlaps none of them. */
async function linkedSite() {
  const site = await makeSite();
  const links = await temporaryFolder('linked-folders-test');
  await symlink(site.assetsDir, path.join(links, 'to-assets'));
  await symlink(site.root, path.join(links, 'to-site'));
  const everything = async () => [...(await readdir(site.root, { recursive: true })).sort(), ...(await readdir(links)).sort()];
  return { ...site, links, out: path.join(site.root, 'out'), cache: path.join(links, 'cache'), before: await everything(), everything };
}

test('an --out whose parent folder, or itself, is a link into the assets or the content is refused, and neither out/ nor the cache is made', async () => {
  const site = await linkedSite();
  try {
    for (const [out, folder] of [
      [path.join(site.links, 'to-assets', 'sub'), site.assetsDir],
      [path.join(site.links, 'to-site', 'content', 'out'), site.contentDir],
      [path.join(site.links, 'to-assets'), site.assetsDir],
      [path.join(site.links, 'to-site'), site.contentDir],
    ] as const) {
      const { code, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', site.cache);
      assertOneLine(stderr);
      assert.deepEqual([code, stderr], [2, `error The output folder ${out} overlaps ${path.relative(SAMPLE_SITE, folder)}; choose a separate folder such as out/.\n`]);
      assert.deepEqual(await site.everything(), site.before, `${out}: nothing was made`);
    }
  } finally {
    await site.cleanup();
  }
});

test('a --cache whose path leads through a link into the content, the assets or out/ is refused before it is made, by the build and by the report', async () => {
  const site = await linkedSite();
  try {
    for (const [cache, flag, folder] of [
      [path.join(site.links, 'to-assets', 'cache'), '--assets', site.assetsDir],
      [path.join(site.links, 'to-site', 'content', 'cache'), '--content', site.contentDir],
      [path.join(site.links, 'to-site', 'out', 'cache'), '--out', site.out],
    ] as const) {
      const expected = `error The --cache folder ${cache} overlaps the ${flag} folder ${folder}; keep the cache in a folder of its own, such as .cache.\n`;
      const built = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', site.out, '--cache', cache);
      assert.deepEqual([built.code, built.stderr], [2, expected]);
      if (flag !== '--out') {
        const reported = runReport('--content', site.contentDir, '--assets', site.assetsDir, '--cache', cache);
        assert.deepEqual([reported.status, reported.stderr], [2, expected]);
      }
      assert.deepEqual(await site.everything(), site.before, `${cache}: nothing was made`);
    }
  } finally {
    await site.cleanup();
  }
});
