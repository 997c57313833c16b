/**
 * The preview's builds after each single edit of the content: one session,
 * one memory kept from build to build, told which files the edit wrote or
 * removed, as the preview's watcher reports them. The cases are those of
 * in-place.ts (content-edits.ts), in the same order, each over the site the
 * cases before it left. After each, out/ must be byte for byte what a fresh
 * build of the same content writes into an empty folder with an empty cache
 * and a memory of its own, and the warnings the preview shows what that
 * build warns of: a value the memory keeps under a key that misses something
 * it was made from leaves the preview showing a stale page or warning,
 * though `npm run build` is right, and fails here, naming the edit and what
 * was left stale. A part of the cases starts from a session that has built
 * the edits of the parts before it, one by one, so that its memory is the
 * one those cases left.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { PreviewSession, type BuildOutcome, type BuildRequest } from '../../build/preview/session.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { buildSite, casesOf, differing, FIRST_DAY, makeEditedSite, type CasePart, type Clock, type Site } from './content-edits.ts';
import { filesOf } from './folders.ts';

/** The site a part's cases edit, and the preview's session over it. */
class PreviewOfSite {
  /** The build's day, which the day's cases move on. */
  readonly clock: Clock = { today: FIRST_DAY };
  readonly out: string;
  /** The cache the session's builds share, as the preview shares .cache/. */
  readonly cache: string;
  session: PreviewSession;
  /** The warnings the preview shows: a build tells them when they change, and otherwise they stand as last told. */
  shownWarnings: readonly string[] = [];

  constructor(
    readonly site: Site,
    readonly generator: string,
  ) {
    this.out = path.join(site.root, 'out');
    this.cache = path.join(site.root, 'cache');
    this.session = this.newSession();
  }

  /** A session over out/, as the preview's build thread makes one, building on the clock's day rather than the machine's. */
  newSession(): PreviewSession {
    const clock = this.clock;
    const request: BuildRequest = {
      contentDir: this.site.contentDir,
      assetsDir: this.site.assetsDir,
      outDir: this.out,
      cacheDir: this.cache,
      includeDrafts: false,
      baseUrl: undefined,
      get today() {
        return clock.today;
      },
    };
    return new PreviewSession(request, this.generator);
  }

  /** Builds with the session, told the files an edit touched, and asserts that it succeeded, taking in the warnings it tells. */
  async build(touched: string[] | undefined, what: string): Promise<void> {
    const outcome: BuildOutcome = await this.session.build(touched);
    assert.ok(outcome.ok === true, outcome.ok === false ? `${what}: the preview's build stopped:\n${outcome.lines.join('\n')}` : `${what}: the build was superseded`);
    this.shownWarnings = outcome.warnings ?? this.shownWarnings;
  }

  /** Asserts that out/ and the warnings shown are what a fresh build writes and warns of, into an empty folder with an empty cache and a memory of its own. */
  async assertAsFresh(what: string): Promise<void> {
    const folder = await mkdtemp(path.join(tmpdir(), 'preview-edits-fresh-'));
    try {
      const outDir = path.join(folder, 'out');
      const warnings = await buildSite(this.site, { outDir, cacheDir: path.join(folder, 'cache'), today: this.clock.today, generator: this.generator });
      assert.deepEqual(differing(await filesOf(this.out), await filesOf(outDir)), [], `${what}: the files the preview's build left unlike a fresh build's`);
      assert.deepEqual(this.shownWarnings, warnings, `${what}: the warnings the preview shows unlike a fresh build's`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/** The edit of a case, then the preview's build, told the files the watcher reports; a day moved on is no file, and the build after it plans whole with the memory kept. */
async function editAndBuild(preview: PreviewOfSite, [name, edit]: ReturnType<typeof casesOf>['cases'][number]): Promise<void> {
  const touched = await edit(preview.site, preview.clock);
  await preview.build(touched.length > 0 ? touched : undefined, name);
}

/** A body edited on a later day than the preview's last build: the preview left running over New Year. */
async function checkLaterDay(preview: PreviewOfSite): Promise<void> {
  const beta = path.join(preview.site.root, 'content/insights/beta.md');
  await writeFile(beta, `${await readFile(beta, 'utf8')}\nA sentence added the next year.\n`);
  preview.clock.today = `${Number(preview.clock.today.slice(0, 4)) + 1}-01-02` as CalendarDay;
  await preview.build([beta], 'the edit');
  await preview.assertAsFresh("the files left as on the day before, the edited article's among them, and the warnings as on the new day");
}

/** The tests of one part of the cases, for the test file that calls it; after the last part's, the test of an edit on a later day. */
export function testPreviewBuilds(part: CasePart): void {
  const { earlier, cases, last } = casesOf(part);
  let preview: PreviewOfSite | undefined;
  const opened = () => {
    assert.ok(preview, 'the site was made and built');
    return preview;
  };
  before(async () => {
    preview = new PreviewOfSite(await makeEditedSite(), await generatorVersion());
    await preview.build(undefined, 'the first build');
    for (const edit of earlier) await editAndBuild(preview, edit);
  });
  after(() => preview?.site.cleanup());
  for (const edit of cases) {
    test(`${edit[0]}: the preview's build after it writes what a fresh build does`, async () => {
      const at = opened();
      try {
        await editAndBuild(at, edit);
        await at.assertAsFresh(edit[0]);
      } catch (error) {
        // A stale value kept in the memory would fail the cases after this one too: they go on from a new session, a new memory, over a new out/.
        await rm(at.out, { recursive: true, force: true });
        at.session = at.newSession();
        await at.build(undefined, `${edit[0]}: the build of a new session`);
        throw error;
      }
    });
  }
  if (last) test("a body edited on a later day than the preview's last build is built on the new day, the whole site with it", () => checkLaterDay(opened()));
}
