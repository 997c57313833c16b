/**
 * What the preview's session keeps between edits, against what happens to
 * out/ meanwhile: an out/ deleted while the preview runs is written whole
 * again at the next save, not patched with the edited pages alone; a build
 * run beside the preview finds every file the preview wrote in its marker,
 * and an out/ such a build replaced is written whole at the next save too.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { planSite } from '../../../build/pipeline.ts';
import { producePlan, writePlan } from '../../../build/produce/index.ts';
import { MARKER_FILE, readBuildFacts, readMarker } from '../../../build/write/index.ts';
import { filesOf } from '../../helpers/folders.ts';
import { startTestPreview } from '../../helpers/preview.ts';
import { copySampleSite, TEST_CACHE_DIR } from '../../helpers/sites.ts';

/** A copy of the sample site with its out/; the preview on it, telling its log to the function given; and the plan a build of it makes. */
async function sampleSiteCopy() {
  const copy = await copySampleSite();
  const { contentDir, assetsDir } = copy;
  const outDir = path.join(copy.root, 'out');
  const preview = (log: (line: string) => void = () => undefined) => startTestPreview({ contentDir, assetsDir, outDir }, { log, watchGenerator: false });
  const plan = () => planSite({ contentDir, assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR });
  return { ...copy, outDir, preview, plan, protectedDirs: [contentDir, assetsDir] };
}

test('out/ deleted while the preview runs is written whole at the next save, and later saves update it as usual', async () => {
  const site = await sampleSiteCopy();
  const { outDir, cleanup } = site;
  const article = path.join(site.contentDir, 'insights/part-d-2026.md');
  const edit = async (from: string, to: string) => writeFile(article, (await readFile(article, 'utf8')).replace(from, to));
  const preview = await site.preview();
  try {
    for (const [from, to] of [['## ', '## Edited: '], ['## Edited: ', '## Edited again: ']] as const) {
      await rm(outDir, { recursive: true, force: true });
      const rebuilt = preview.nextBuild();
      await edit(from, to);
      const outcome = await rebuilt;
      assert.ok(outcome.ok === true, `the save after out/ was deleted builds: ${JSON.stringify(outcome)}`);
      const expected = await producePlan(await site.plan());
      assert.deepEqual([...(await filesOf(outDir)).keys()], [...expected.keys()].sort(), 'every file of the site is back in out/');
      assert.ok(existsSync(path.join(outDir, MARKER_FILE)), 'with its marker');
      const page = await readFile(path.join(outDir, 'education/index.html'), 'utf8');
      assert.match(page, /<h1/, 'a page the edit did not touch is there too');
    }
    const rebuilt = preview.nextBuild();
    await edit('## Edited again: ', '## ');
    assert.equal((await rebuilt).ok, true, 'and a save with out/ in place updates it');
  } finally {
    await preview.close();
    await cleanup();
  }
});

test("a build run beside the preview just after a save that made a new page replaces out/, rather than take that page for a file put there by hand", async () => {
  const site = await sampleSiteCopy();
  const { outDir, cleanup } = site;
  const article = path.join(site.contentDir, 'insights/part-d-2026.md');
  const preview = await site.preview();
  try {
    const rebuilt = preview.nextBuild();
    await writeFile(article, (await readFile(article, 'utf8')).replace(/^title: .*$/m, 'title: "Part D in 2026"'));
    assert.equal((await rebuilt).ok, true);
    const page = 'insights/part-d-in-2026/index.html';
    for (let waited = 0; !(await readMarker(outDir))?.has(page) && waited < 5000; waited += 50) await sleep(50);
    assert.ok((await readMarker(outDir))?.has(page), 'the marker lists the new page at once, not after the preview has been idle a while');
    await writePlan(await site.plan(), { outDir, protectedDirs: site.protectedDirs });
    assert.ok(existsSync(path.join(outDir, page)));
  } finally {
    await preview.close();
    await cleanup();
  }
});

test('a preview whose out/ holds a file put there by hand keeps it, says which, and says that a save builds again once it is moved', async () => {
  const site = await sampleSiteCopy();
  const { outDir, cleanup } = site;
  await writePlan(await site.plan(), { outDir, protectedDirs: site.protectedDirs });
  await writeFile(path.join(outDir, 'google1234.html'), 'google-site-verification: google1234.html');
  const log: string[] = [];
  const preview = await site.preview((line) => log.push(line));
  try {
    assert.ok(log.some((line) => line.startsWith('The build failed: ') && line.includes('google1234.html')), log.join('\n'));
    assert.ok(log.includes('Still serving the last good build; once that is put right, save any file of the content to build again.'), 'not "fix the file": no file of the content is to blame');
    assert.equal(await readFile(path.join(outDir, 'google1234.html'), 'utf8'), 'google-site-verification: google1234.html');
    await rm(path.join(outDir, 'google1234.html'));
    const rebuilt = preview.nextBuild();
    const article = path.join(site.contentDir, 'insights/part-d-2026.md');
    await writeFile(article, await readFile(article, 'utf8'));
    assert.equal((await rebuilt).ok, true, 'once it is moved, a save builds');
  } finally {
    await preview.close();
    await cleanup();
  }
});

test('a build without drafts run beside a preview with them replaces out/: the next save writes the drafts site whole, marked as such, and the preview never writes its marker over that build', async () => {
  const site = await sampleSiteCopy();
  const { outDir, contentDir, assetsDir, cleanup } = site;
  const preview = await startTestPreview({ contentDir, assetsDir, outDir }, { includeDrafts: true, watchGenerator: false });
  const draft = path.join(contentDir, 'insights/article-template.md');
  const draftPage = 'insights/article-template/index.html';
  try {
    assert.equal((await readBuildFacts(outDir))?.drafts, true);
    await writePlan(await site.plan(), { outDir, protectedDirs: site.protectedDirs });
    assert.ok(!existsSync(path.join(outDir, draftPage)), 'the build beside the preview left the draft out');
    const rebuilt = preview.nextBuild();
    await writeFile(draft, `${await readFile(draft, 'utf8')}\nA sentence the author adds to the draft.\n`);
    assert.equal((await rebuilt).ok, true);
    const expected = await producePlan(await planSite({ contentDir, assetsDir, includeDrafts: true, cacheDir: TEST_CACHE_DIR }));
    assert.deepEqual([...(await filesOf(outDir)).keys()], [...expected.keys()].sort(), 'out/ holds the whole site with drafts, not the build without them and the draft page');
    assert.deepEqual((await readBuildFacts(outDir))?.drafts, true, 'the marker says drafts, so that the deploy refuses it');
    await writePlan(await site.plan(), { outDir, protectedDirs: site.protectedDirs });
  } finally {
    await preview.close();
  }
  try {
    assert.equal((await readBuildFacts(outDir))?.drafts, false, 'closing the preview left the marker of the build beside it');
    assert.deepEqual([...((await readMarker(outDir)) ?? new Map()).keys()].sort(), [...(await filesOf(outDir)).keys()], 'which lists the files out/ holds');
  } finally {
    await cleanup();
  }
});
