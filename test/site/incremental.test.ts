/**
 * The preview's builds after an edit: one session, one memory, told which
 * files the watcher saw change, reads and remakes only what those files
 * touch. Whatever the edit, what it leaves in out/ must be, byte for byte,
 * what a fresh build of the same content writes, and what it rewrites must
 * be the pages that show the change.
 */
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic, ContentErrors, inTellingOrder } from '../../build/diagnostics/index.ts';
import { planSite } from '../../build/pipeline.ts';
import { PreviewSession, type BuildOutcome } from '../../build/preview/session.ts';
import { writePlan } from '../../build/produce/index.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { assertSameFiles } from '../helpers/folders.ts';
import { article, makeSite, TEST_CACHE_DIR } from '../helpers/sites.ts';

type Success = Extract<BuildOutcome, { ok: true }>;

let site: Awaited<ReturnType<typeof makeSite>>;
let session: PreviewSession;
let outDir: string;
const file = (name: string) => path.join(site.contentDir, 'insights', name);

const ALPHA = article({ title: 'Alpha', date: '2025-01-01', summary: 'The first.' }, 'Alpha body.\n\n## A section\n\nSee [the handouts](/education).');
const BETA = article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, long enough to be a sentence of its own.');

before(async () => {
  site = await makeSite({
    'content/insights/alpha.md': ALPHA,
    'content/insights/beta.md': BETA,
    'content/insights/zeta.md': article({ title: 'Zeta draft', date: '2025-03-01', draft: true }, 'A draft that must never be published anywhere on the site.'),
  });
  outDir = path.join(site.root, 'out');
  session = new PreviewSession({ contentDir: site.contentDir, assetsDir: site.assetsDir, outDir, cacheDir: path.join(site.root, 'cache'), includeDrafts: false, baseUrl: undefined }, await generatorVersion());
  const first = await session.build(undefined);
  assert.equal(first.ok, true, 'the first build reads everything');
});
after(async () => {
  await site.cleanup();
});

/** Builds a fresh copy of the site, with a memory of its own, into a folder beside out/. */
async function freshBuild(): Promise<string> {
  const fresh = path.join(site.root, 'fresh');
  await rm(fresh, { recursive: true, force: true });
  const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR });
  await writePlan(plan, { outDir: fresh, protectedDirs: [site.contentDir, site.assetsDir] });
  return fresh;
}

/** Builds after an edit as the preview does, then asserts its out/ is what a fresh build writes. */
async function assertLikeFreshBuild(changed: string[]): Promise<Success> {
  const outcome = await session.build(changed);
  assert.ok(outcome.ok === true, outcome.ok === false ? outcome.lines.join('\n') : String(outcome.ok));
  await assertSameFiles(outDir, await freshBuild(), `after ${changed.map((one) => path.basename(one)).join(', ')} changed`);
  return outcome;
}

/** The lines a failed build shows. */
function failure(outcome: BuildOutcome): string[] {
  assert.ok(outcome.ok === false, 'the build should have failed');
  return outcome.lines;
}

test('an edited body rewrites its page and the feeds that carry it, nothing else; out/ is what a fresh build writes', async () => {
  await writeFile(file('beta.md'), article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, now edited, with a [link](/about).'));
  const outcome = await assertLikeFreshBuild([file('beta.md')]);
  assert.deepEqual(outcome.written, ['atom.xml', 'feed.json', 'feed.xml', 'insights/beta/index.html']);
  assert.equal(outcome.files, undefined, 'the list of files is not sent again when it is the same');
});

test('an edit that changes nothing rewrites nothing', async () => {
  const outcome = await assertLikeFreshBuild([file('beta.md')]);
  assert.deepEqual(outcome.written, []);
});

test("a new title moves the article, and its neighbour's and the lists' links follow", async () => {
  await writeFile(file('alpha.md'), ALPHA.replace('title: Alpha', 'title: Alpha, renamed'));
  const outcome = await assertLikeFreshBuild([file('alpha.md')]);
  for (const page of ['insights/alpha-renamed/index.html', 'insights/beta/index.html', 'insights/index.html', 'index.html']) assert.ok(outcome.written.includes(page), page);
  assert.ok(outcome.files?.includes('insights/alpha-renamed/index.html') && !outcome.files.includes('insights/alpha-renamed-again/index.html'));
  assert.deepEqual(outcome.articles?.map((one) => one.url), ['/insights/beta', '/insights/alpha-renamed']);
  assert.ok(outcome.redirects?.some((redirect) => redirect.from === '/insights/alpha' && redirect.to === '/insights/alpha-renamed'), 'the file name still leads to it');
});

test('a link in an unchanged article breaks when its target moves, and the build says so at its line', async () => {
  await writeFile(file('gamma.md'), article({ title: 'Gamma', date: '2025-04-01' }, 'Read [the renamed one](/insights/alpha-renamed).'));
  await assertLikeFreshBuild([file('gamma.md')]);
  const alpha = await readFile(file('alpha.md'), 'utf8');
  await writeFile(file('alpha.md'), alpha.replace('Alpha, renamed', 'Alpha, moved again'));
  const lines = failure(await session.build([file('alpha.md')]));
  assert.ok(lines.some((line) => /gamma\.md:6 error broken-link /.test(line)), lines.join('\n'));
  await writeFile(file('alpha.md'), alpha);
  await rm(file('gamma.md'));
  await assertLikeFreshBuild([file('alpha.md'), file('gamma.md')]);
});

test("a link to a section breaks when an edit to its target's body takes the section away", async () => {
  const beta = await readFile(file('beta.md'), 'utf8');
  await writeFile(file('beta.md'), `${beta}\nA claim.[^1]\n\n[^1]: Its source.\n`);
  await writeFile(file('gamma.md'), article({ title: 'Gamma', date: '2025-04-01' }, 'Read [the source of the claim](/insights/beta#user-content-fn-1).'));
  await assertLikeFreshBuild([file('beta.md'), file('gamma.md')]);
  await writeFile(file('beta.md'), `${beta}\nA claim without its source.\n`);
  const lines = failure(await session.build([file('beta.md')]));
  assert.ok(lines.some((line) => /gamma\.md:\d+ error broken-link .*#user-content-fn-1/.test(line)), lines.join('\n'));
  await writeFile(file('beta.md'), beta);
  await rm(file('gamma.md'));
  await assertLikeFreshBuild([file('beta.md'), file('gamma.md')]);
});

test('an added article, a deleted one and an article made a draft each leave out/ as a fresh build does', async () => {
  await writeFile(file('gamma.md'), article({ title: 'Gamma', date: '2025-04-01' }, 'Gamma body.'));
  const added = await assertLikeFreshBuild([file('gamma.md')]);
  assert.ok(added.files?.includes('insights/gamma/index.html') && added.files.includes('og/gamma.png'), 'its page and its sharing card');
  assert.ok(added.written.includes('insights/index.html') && added.written.includes('index.html'), 'the lists follow the new article');
  await rm(file('gamma.md'));
  const deleted = await assertLikeFreshBuild([file('gamma.md')]);
  assert.ok(deleted.files !== undefined && !deleted.files.includes('insights/gamma/index.html') && !deleted.files.includes('og/gamma.png'));
  await writeFile(file('beta.md'), article({ title: 'Beta', date: '2025-02-01', draft: true }, 'Beta body, now a draft.'));
  const drafted = await assertLikeFreshBuild([file('beta.md')]);
  assert.ok(drafted.files !== undefined && !drafted.files.includes('insights/beta/index.html'), 'the draft has no page');
  await writeFile(file('beta.md'), BETA);
  await assertLikeFreshBuild([file('beta.md')]);
});

test('a broken article stops the build with its message, out/ as it was; fixed, the build goes on', async () => {
  await writeFile(file('alpha.md'), '---\ntitle: [unclosed\n---\nBody.\n');
  const lines = failure(await session.build([file('alpha.md')]));
  assert.ok(lines.some((line) => /alpha\.md:\d+ error invalid-front-matter /.test(line)), lines.join('\n'));
  assert.match(lines.at(-1) ?? '', /^The build stopped: 1 problem to fix in the content\./);
  await writeFile(file('alpha.md'), ALPHA);
  await assertLikeFreshBuild([file('alpha.md')]);
});

test('files that cannot be read, or that never existed, are reported as a full build reports them', async () => {
  await writeFile(file('broken.md'), Buffer.from([0xff, 0xfe, 0x00]));
  await writeFile(file('notes.txt'), 'not an article');
  const outcome = await session.build([file('broken.md'), file('notes.txt'), file('never-existed.md')]);
  const lines = failure(outcome);
  const full = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR }).then(
    () => assert.fail('a full build should fail too'),
    (error: unknown) => {
      assert.ok(error instanceof ContentErrors);
      const { warnings, errors } = inTellingOrder(error.diagnostics);
      return { warnings: warnings.map((diagnostic) => formatDiagnostic(diagnostic)), errors: errors.map((diagnostic) => formatDiagnostic(diagnostic)) };
    },
  );
  assert.deepEqual({ warnings: outcome.ok === false ? outcome.warnings : [], errors: lines.slice(0, -1) }, full);
  assert.ok(full.errors.some((line) => /broken\.md error invalid-encoding/.test(line)) && full.warnings.some((line) => /notes\.txt warning ignored-file/.test(line)), JSON.stringify(full));
  await rm(file('broken.md'));
  await rm(file('notes.txt'));
  await assertLikeFreshBuild([file('broken.md'), file('notes.txt')]);
});

test('a change outside the articles (the site identity) reads everything again', async () => {
  const identity = path.join(site.contentDir, 'site.md');
  await writeFile(identity, (await readFile(identity, 'utf8')).replace('A tagline.', 'A new tagline.'));
  const outcome = await assertLikeFreshBuild([identity]);
  assert.ok(outcome.written.includes('index.html'));
});

test("a figure's new year or source, its value the same, reaches the page that quotes it", async () => {
  const figures = path.join(site.contentDir, 'medicare-figures.yaml');
  const figure = (year: number, source: string) => `partDCap:\n  value: "$2,100"\n  year: ${year}\n  about: "The cap"\n  source:\n    title: "${source}"\n    url: "https://www.medicare.gov/"\n`;
  await writeFile(figures, figure(2025, 'Medicare.gov'));
  await writeFile(file('alpha.md'), ALPHA.replace('Alpha body.', 'Alpha body: the cap is {{partDCap}}.'));
  await assertLikeFreshBuild([figures, file('alpha.md')]);
  for (const [year, source] of [[2026, 'Medicare.gov'], [2026, 'Medicare.gov, costs in 2026']] as const) {
    await writeFile(figures, figure(year, source));
    const outcome = await assertLikeFreshBuild([figures]);
    assert.ok(outcome.written.includes('insights/alpha/index.html'), `the page is written again for ${year}, ${source}`);
  }
});
