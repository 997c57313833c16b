/**
 * Producing a planned site (build/produce/): in memory, into out/ as a whole,
 * or into the preview's out/ in place. Whichever way, the checks run first:
 * a site that fails them changes nothing, and what is published equals a
 * fresh build of the same content.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ContentErrors } from '../../../build/diagnostics/index.ts';
import { planSite } from '../../../build/pipeline.ts';
import { producePlan, updatePlan, writePlan } from '../../../build/produce/index.ts';
import { assertSameFiles, filesOf } from '../../helpers/folders.ts';
import { article, makeSite, TEST_CACHE_DIR } from '../../helpers/sites.ts';

const ALPHA = article({ title: 'Alpha', date: '2025-01-01', summary: 'The first.' }, 'Alpha body.');
const BETA = article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, which links to [Alpha](/insights/alpha).');
const BROKEN = article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, which links to [a page](/insights/nowhere).');

let site: Awaited<ReturnType<typeof makeSite>>;
const articleFile = (name: string) => path.join(site.contentDir, 'insights', name);
const plan = () => planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR, year: 2026 });
const target = (outDir: string) => ({ outDir, protectedDirs: [site.contentDir, site.assetsDir] });

before(async () => {
  site = await makeSite({ 'content/insights/alpha.md': ALPHA, 'content/insights/beta.md': BETA });
});
after(async () => {
  await site.cleanup();
});

/** Asserts that producing the plan stops with a broken link, and nothing else. */
async function assertStopsAtBrokenLink(producing: Promise<unknown>): Promise<void> {
  await assert.rejects(producing, (error: unknown) => error instanceof ContentErrors && error.diagnostics.filter((found) => found.severity === 'error').every((found) => found.ruleId === 'broken-link' && found.file.endsWith('beta.md')));
}

test('a site produced in memory holds every file the plan lists, is checked, and writes nothing', async () => {
  const planned = await plan();
  const files = await producePlan(planned);
  const listed = [...planned.outputs, ...(await planned.imageCopies)].map((output) => output.path).sort();
  assert.deepEqual([...files.keys()].sort(), listed);
  assert.match(String(files.get('insights/beta/index.html')), /links to <a href="\/insights\/alpha">Alpha<\/a>/);
  assert.deepEqual((await readdir(site.root)).sort(), ['assets', 'content'], 'no out/ and no staging folder');
  await writeFile(articleFile('beta.md'), BROKEN);
  try {
    await assertStopsAtBrokenLink(plan().then(producePlan));
  } finally {
    await writeFile(articleFile('beta.md'), BETA);
  }
});

test('a whole build publishes a checked site: one that fails its checks leaves out/ as the last build left it', async () => {
  const outDir = path.join(site.root, 'whole');
  const first = await writePlan(await plan(), target(outDir));
  assert.ok(first.written.includes('insights/alpha/index.html') && first.written.includes('og/beta.png'), 'every file is written the first time');
  const published = await filesOf(outDir);

  const again = await writePlan(await plan(), target(outDir));
  assert.deepEqual(again.written, [], 'the same site again writes nothing');
  assert.equal(again.kept, first.record.size, 'and keeps every file');

  await writeFile(articleFile('beta.md'), BROKEN);
  try {
    await assertStopsAtBrokenLink(plan().then((broken) => writePlan(broken, target(outDir))));
  } finally {
    await writeFile(articleFile('beta.md'), BETA);
  }
  assert.deepEqual(await filesOf(outDir), published, 'out/ byte for byte as before');
  assert.deepEqual((await readdir(site.root)).filter((name) => name.startsWith('.') || name.includes('whole')), ['whole'], 'no staging folder left beside out/');
  await rm(outDir, { recursive: true });
});

test("the preview's update in place writes what changed, removes what the site no longer has, and equals a fresh build", async () => {
  const outDir = path.join(site.root, 'preview');
  const fresh = path.join(site.root, 'fresh');
  const { record } = await writePlan(await plan(), target(outDir));
  await writeFile(articleFile('gamma.md'), article({ title: 'Gamma', date: '2025-03-01', summary: 'The third.' }));
  await rm(articleFile('alpha.md'));
  await writeFile(articleFile('beta.md'), article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, now on its own.'));
  try {
    const { written } = await updatePlan(await plan(), { ...target(outDir), record, checks: undefined });
    assert.ok(written.includes('insights/gamma/index.html') && written.includes('insights/beta/index.html'), 'the new and the edited pages are written');
    assert.ok(!existsSync(path.join(outDir, 'insights/alpha/index.html')) && !existsSync(path.join(outDir, 'og/alpha.png')), "the removed article's files are gone");
    await writePlan(await plan(), target(fresh));
    await assertSameFiles(outDir, fresh, 'after the update');

    await writeFile(articleFile('beta.md'), BROKEN);
    const updated = await filesOf(outDir);
    await assertStopsAtBrokenLink(plan().then((broken) => updatePlan(broken, { ...target(outDir), record, checks: undefined })));
    assert.deepEqual(await filesOf(outDir), updated, 'a site that fails its checks changes nothing in place either');
  } finally {
    await writeFile(articleFile('alpha.md'), ALPHA);
    await writeFile(articleFile('beta.md'), BETA);
    await rm(articleFile('gamma.md'), { force: true });
    await rm(outDir, { recursive: true, force: true });
    await rm(fresh, { recursive: true, force: true });
  }
});
