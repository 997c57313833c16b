/**
 * The preview's builds after each single edit of the content: one session,
 * one memory kept from build to build, told which files the edit wrote or
 * removed, as the preview's watcher reports them. The cases are those of
 * in-place.test.ts (test/helpers/content-edits.ts), in the same order, each
 * over the site the cases before it left. After each, out/ must be byte for
 * byte what a fresh build of the same content writes into an empty folder
 * with an empty cache and a memory of its own, and the warnings the preview
 * shows what that build warns of: a value the memory keeps under a key that
 * misses something it was made from leaves the preview showing a stale page
 * or warning, though `npm run build` is right, and fails here, naming the
 * edit and what was left stale.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { PreviewSession, type BuildOutcome, type BuildRequest } from '../../build/preview/session.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { buildSite, CASES, differing, FIRST_DAY, makeEditedSite, type Clock, type Site } from '../helpers/content-edits.ts';
import { filesOf } from '../helpers/folders.ts';

const GENERATOR = await generatorVersion();
/** The build's day, which the day's cases move on. */
const clock: Clock = { today: FIRST_DAY };

let site: Site;
let out: string;
/** The cache the session's builds share, as the preview shares .cache/. */
let cache: string;
let session: PreviewSession;

/** A session over out/, as the preview's build thread makes one, building on the test's clock's day rather than the machine's. */
function newSession(): PreviewSession {
  const request: BuildRequest = {
    contentDir: site.contentDir,
    assetsDir: site.assetsDir,
    outDir: out,
    cacheDir: cache,
    includeDrafts: false,
    baseUrl: undefined,
    get today() {
      return clock.today;
    },
  };
  return new PreviewSession(request, GENERATOR);
}

/** The warnings the preview shows: a build tells them when they change, and otherwise they stand as last told. */
let shownWarnings: readonly string[] = [];

/** Asserts that a preview build succeeded, with the lines that stopped it when it did not, and takes in the warnings it tells. */
function assertBuilt(outcome: BuildOutcome, what: string): void {
  assert.ok(outcome.ok === true, outcome.ok === false ? `${what}: the preview's build stopped:\n${outcome.lines.join('\n')}` : `${what}: the build was superseded`);
  shownWarnings = outcome.warnings ?? shownWarnings;
}

/** What a fresh build of the site writes and warns of, into an empty folder with an empty cache and a memory of its own. */
async function freshBuild(): Promise<{ files: Map<string, Buffer>; warnings: string[] }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'preview-edits-fresh-'));
  try {
    const outDir = path.join(folder, 'out');
    const warnings = await buildSite(site, { outDir, cacheDir: path.join(folder, 'cache'), today: clock.today, generator: GENERATOR });
    return { files: await filesOf(outDir), warnings };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

before(async () => {
  site = await makeEditedSite();
  out = path.join(site.root, 'out');
  cache = path.join(site.root, 'cache');
  session = newSession();
  assertBuilt(await session.build(undefined), 'the first build');
});
after(() => site.cleanup());

for (const [name, edit] of CASES) {
  test(`${name}: the preview's build after it writes what a fresh build does`, async () => {
    const touched = await edit(site, clock);
    try {
      // The files the watcher reports; a day moved on is no file, and the build after it plans whole with the memory kept.
      assertBuilt(await session.build(touched.length > 0 ? touched : undefined), name);
      const fresh = await freshBuild();
      assert.deepEqual(differing(await filesOf(out), fresh.files), [], `${name}: the files the preview's build left unlike a fresh build's`);
      assert.deepEqual(shownWarnings, fresh.warnings, `${name}: the warnings the preview shows unlike a fresh build's`);
    } catch (error) {
      // A stale value kept in the memory would fail the cases after this one too: they go on from a new session, a new memory, over a new out/.
      await rm(out, { recursive: true, force: true });
      session = newSession();
      assertBuilt(await session.build(undefined), `${name}: the build of a new session`);
      throw error;
    }
  });
}

test("a body edited on a later day than the preview's last build is built on the new day, the whole site with it", async () => {
  const beta = path.join(site.root, 'content/insights/beta.md');
  await writeFile(beta, `${await readFile(beta, 'utf8')}\nA sentence added the next year.\n`);
  // The preview left running over New Year: its last build was on the clock's day before.
  clock.today = `${Number(clock.today.slice(0, 4)) + 1}-01-02` as CalendarDay;
  assertBuilt(await session.build([beta]), 'the edit');
  const fresh = await freshBuild();
  assert.deepEqual(differing(await filesOf(out), fresh.files), [], "the files left as on the day before, the edited article's among them");
  assert.deepEqual(shownWarnings, fresh.warnings, 'the warnings as on the new day');
});
