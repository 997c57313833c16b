/**
 * A build over the last out/, as a second `npm run build` runs it: a memory
 * of its own, the same cache, and out/ as the last build left it, from which
 * the write stage hard-links every file whose key is unchanged. After each
 * single edit of the content, one case each, out/ must be byte for byte what
 * a fresh build of the same content writes into an empty folder with an
 * empty cache: a file kept by its key must be one whose bytes have not
 * changed, so a key that misses something its file shows fails here, naming
 * the edit and the files left stale. The edits (content-edits.ts) follow one
 * another, each over the site the cases before it left; each must change
 * some file of out/ unless the case says it shows nowhere. A part of the
 * cases starts from the site the parts before it leave, built once: each
 * build keeps no memory, so out/ and the cache are then what those cases,
 * each checked against a fresh build, would have left.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { generatorVersion } from '../../build/store/generator.ts';
import { buildSite, casesOf, differing, FIRST_DAY, makeEditedSite, type CasePart, type Clock, type Site } from './content-edits.ts';
import { filesOf } from './folders.ts';

/** The site a part's cases edit, its out/ and the cache every build over out/ shares, as `npm run build` shares .cache/. */
interface Workspace {
  site: Site;
  out: string;
  cache: string;
  generator: string;
  /** The build's day, which the day's cases move on. */
  clock: Clock;
}

/** A build of the site into a folder, as `npm run build` runs it, on the clock's day. */
const build = (at: Workspace, outDir: string, cacheDir: string) => buildSite(at.site, { outDir, cacheDir, today: at.clock.today, generator: at.generator });

/** Checks one case: the build over out/ after the edit writes what a fresh build does; after a failure, out/ and the cache are the fresh build's, for the next case. */
async function checkCase(at: Workspace, [name, edit, shownNowhere]: ReturnType<typeof casesOf>['cases'][number]): Promise<void> {
  const earlier = await filesOf(at.out);
  await edit(at.site, at.clock);
  const fresh = path.join(at.site.root, 'fresh');
  const freshCache = await mkdtemp(path.join(tmpdir(), 'in-place-cache-'));
  try {
    await build(at, fresh, freshCache);
    await build(at, at.out, at.cache);
    const expected = await filesOf(fresh);
    assert.deepEqual(differing(await filesOf(at.out), expected), [], `${name}: the files a build over the last out/ left unlike a fresh build's`);
    assert.equal(differing(earlier, expected).length === 0, shownNowhere !== undefined, `${name}: ${shownNowhere === undefined ? 'the edit should change some file of out/' : 'no file of out/ should change'}`);
  } catch (error) {
    if (existsSync(fresh)) {
      await rm(at.out, { recursive: true, force: true });
      await rename(fresh, at.out);
      await rm(at.cache, { recursive: true, force: true });
      await rename(freshCache, at.cache);
    }
    throw error;
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(freshCache, { recursive: true, force: true });
  }
}

/** The tests of one part of the cases, for the test file that calls it. */
export function testBuildsOverLastOut(part: CasePart): void {
  const { earlier, cases } = casesOf(part);
  let workspace: Workspace | undefined;
  before(async () => {
    const site = await makeEditedSite();
    const at: Workspace = { site, out: path.join(site.root, 'out'), cache: path.join(site.root, 'cache'), generator: await generatorVersion(), clock: { today: FIRST_DAY } };
    for (const [, edit] of earlier) await edit(site, at.clock);
    await build(at, at.out, at.cache);
    workspace = at;
  });
  after(() => workspace?.site.cleanup());
  for (const edit of cases) {
    test(`${edit[0]}: a build over the last out/ writes what a fresh build does`, async () => {
      assert.ok(workspace, 'the site was made and built');
      await checkCase(workspace, edit);
    });
  }
}
