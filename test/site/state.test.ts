/**
 * A build keeps nothing at module level: what it may reuse from an earlier
 * build of the same process is the Memory passed to it (build/README.md,
 * "Keys, the cache and memory"). Site A, then site B, then A again, built in
 * this one process, must each write out/ byte for byte as a fresh process
 * writes it, whether each build has a memory of its own (as `npm run build`)
 * or all three share one (as the preview's session).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildTime } from '../../build/cli/build-time.ts';
import { calendarDayOf } from '../../build/lib/calendar-day.ts';
import { Memory } from '../../build/memory.ts';
import { planSite } from '../../build/pipeline.ts';
import { writePlan } from '../../build/produce/index.ts';
import { runBuildCommand } from '../helpers/command.ts';
import { assertSameFiles } from '../helpers/folders.ts';
import { article, makeSite, samplePdf, SITE_MD } from '../helpers/sites.ts';

/** Both kinds of build run on the same day, which decides the copyright year and the review warnings. */
const SOURCE_DATE_EPOCH = '1761955200'; // 2025-11-01
const TODAY = calendarDayOf(buildTime(SOURCE_DATE_EPOCH, new Date()));

type Site = Awaited<ReturnType<typeof makeSite>>;
let root: string;
let siteA: Site;
let siteB: Site;
/** What a fresh process writes for each site. */
const fresh = new Map<Site, string>();

before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'state-test-'));
  siteA = await makeSite({
    'content/insights/alpha.md': article({ title: 'Alpha Article', date: '2025-01-01', summary: 'The first of A.' }, 'Alpha body, with a picture.\n\n![A picture](/images/social-default.png)\n\n## A section\n\nSee [the handouts](/education#back).'),
    'content/insights/beta.md': article({ title: 'Beta Article', date: '2025-02-01', summary: 'The second of A.' }, 'Beta body, which links to [alpha](/insights/alpha-article).'),
    'content/insights/draft.md': article({ title: 'Unfinished Thoughts', date: '2025-03-01', draft: true }, 'A draft sentence that never reaches the published site.'),
  });
  siteB = await makeSite({
    'content/site.md': SITE_MD.replace('Dr. Test Person', 'Dr. Other Doctor').replace('https://test.example', 'https://other.example').replace('A tagline.', 'Another tagline.').replace('A short biography.', 'Another biography, longer than the first.'),
    'content/education-topics.yaml': '- title: Low Back Pain\n  system: Spine\n  subgroup: Lumbar\n  pdf: low-back-pain\n',
    'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 2),
    'assets/pdfs/rotator-cuff-tears.pdf': null,
    'content/insights/gamma.md': article({ title: 'Gamma Article', date: '2024-06-01', summary: 'Only in B.', author: 'Dr. Guest' }, 'Gamma body.\n\n| a | b |\n|---|---|\n| 1 | 2 |'),
  });
  await Promise.all(
    [siteA, siteB].map(async (site, index) => {
      const out = path.join(root, `fresh-${index}`);
      const result = await runBuildCommand(['--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', path.join(root, `fresh-cache-${index}`)], { SOURCE_DATE_EPOCH });
      assert.equal(result.code, 0, result.stderr);
      fresh.set(site, out);
    }),
  );
});
after(async () => {
  await Promise.all([siteA?.cleanup(), siteB?.cleanup(), rm(root, { recursive: true, force: true })]);
});

/** Builds a site in this process into `outDir`, as the command does. */
async function buildHere(site: Site, outDir: string, memory?: Memory): Promise<void> {
  const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: path.join(root, 'cache-here'), today: TODAY }, memory);
  await writePlan(plan, { outDir, protectedDirs: [site.contentDir, site.assetsDir] });
  memory?.settle(true);
}

test('the two sites differ, so that a build showing the other one would be seen', async () => {
  await assert.rejects(assertSameFiles(fresh.get(siteA) as string, fresh.get(siteB) as string), assert.AssertionError);
});

test('A, then B, then A again in one process: each out/ is byte for byte what a fresh process writes', async () => {
  const order = [siteA, siteB, siteA];
  for (const [index, site] of order.entries()) {
    const out = path.join(root, `here-${index}`);
    await buildHere(site, out);
    await assertSameFiles(out, fresh.get(site) as string, `build ${index + 1} (site ${site === siteA ? 'A' : 'B'})`);
  }
});

test('the same with one memory shared by the three builds, as the preview shares its own, into one out/', async () => {
  const memory = new Memory();
  const out = path.join(root, 'shared');
  for (const [index, site] of [siteA, siteB, siteA].entries()) {
    await buildHere(site, out, memory);
    await assertSameFiles(out, fresh.get(site) as string, `build ${index + 1} (site ${site === siteA ? 'A' : 'B'})`);
  }
});
