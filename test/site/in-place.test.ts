/**
 * A build over the last out/, as a second `npm run build` runs it: a memory
 * of its own, the same cache, and out/ as the last build left it, from which
 * the write stage hard-links every file whose key is unchanged. After each
 * single edit of the content, one case each, out/ must be byte for byte what
 * a fresh build of the same content writes into an empty folder with an
 * empty cache: a file kept by its key must be one whose bytes have not
 * changed, so a key that misses something its file shows fails here, naming
 * the edit and the files left stale. The edits (test/helpers/content-edits.ts)
 * follow one another, each over the site the cases before it left; each must
 * change some file of out/ unless the case says it shows nowhere.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { generatorVersion } from '../../build/store/generator.ts';
import { buildSite, CASES, differing, FIRST_DAY, makeEditedSite, type Clock, type Site } from '../helpers/content-edits.ts';
import { filesOf } from '../helpers/folders.ts';

const GENERATOR = await generatorVersion();
/** The build's day, which the day's cases move on. */
const clock: Clock = { today: FIRST_DAY };

let site: Site;
let out: string;
/** The cache every build over out/ shares, as `npm run build` shares .cache/. */
let cache: string;

/** A build of the site into a folder, as `npm run build` runs it, on the clock's day. */
const build = (outDir: string, cacheDir: string) => buildSite(site, { outDir, cacheDir, today: clock.today, generator: GENERATOR });

before(async () => {
  site = await makeEditedSite();
  out = path.join(site.root, 'out');
  cache = path.join(site.root, 'cache');
  await build(out, cache);
});
after(() => site.cleanup());

for (const [name, edit, shownNowhere] of CASES) {
  test(`${name}: a build over the last out/ writes what a fresh build does`, async () => {
    const earlier = await filesOf(out);
    await edit(site, clock);
    const fresh = path.join(site.root, 'fresh');
    const freshCache = await mkdtemp(path.join(tmpdir(), 'in-place-cache-'));
    try {
      await build(fresh, freshCache);
      await build(out, cache);
      const expected = await filesOf(fresh);
      assert.deepEqual(differing(await filesOf(out), expected), [], `${name}: the files a build over the last out/ left unlike a fresh build's`);
      assert.equal(differing(earlier, expected).length === 0, shownNowhere !== undefined, `${name}: ${shownNowhere === undefined ? 'the edit should change some file of out/' : 'no file of out/ should change'}`);
    } catch (error) {
      // The next case starts from an out/ and a cache as they should be.
      if (existsSync(fresh)) {
        await rm(out, { recursive: true, force: true });
        await rename(fresh, out);
        await rm(cache, { recursive: true, force: true });
        await rename(freshCache, cache);
      }
      throw error;
    } finally {
      await rm(fresh, { recursive: true, force: true });
      await rm(freshCache, { recursive: true, force: true });
    }
  });
}
