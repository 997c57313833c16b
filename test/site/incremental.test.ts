/**
 * The preview's builds after an edit: they read only the files the watcher
 * saw change and reuse all they made of the others (build/lib/memo.ts), so
 * whatever the edits, what they leave in out/ must be, byte for byte, what a
 * fresh build of the same content writes.
 */
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fg from 'fast-glob';
import { buildSite } from '../build/index.ts';
import { loadContent, reloadArticles } from '../build/load.ts';
import { Builder, type BuildOutcome } from '../build/preview/builder.ts';
import { writeSite } from '../build/write.ts';
import { article, makeSite, TEST_CACHE_DIR } from './helpers/sites.ts';

let site: Awaited<ReturnType<typeof makeSite>>;
let builder: Builder;
const file = (name: string) => path.join(site.contentDir, 'insights', name);

before(async () => {
  site = await makeSite({
    'content/insights/alpha.md': article({ title: 'Alpha', date: '2025-01-01', summary: 'The first.' }, 'Alpha body.\n\n## A section\n\nSee [the handouts](/education).'),
    'content/insights/beta.md': article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, long enough to be a sentence of its own.'),
    'content/insights/zeta.md': article({ title: 'Zeta draft', date: '2025-03-01', draft: true }, 'A draft that must never be published anywhere on the site.'),
  });
  builder = new Builder({ contentDir: site.contentDir, assetsDir: site.assetsDir, outDir: path.join(site.root, 'out'), cacheDir: path.join(site.root, 'cache'), includeDrafts: false, baseUrl: undefined });
  assert.ok((await builder.build()).ok, 'the first build reads everything');
});
after(async () => {
  await builder.close();
  await site.cleanup();
});

/** Every file of a folder, by path. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const names = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

/** Builds after an edit as the preview does, then asserts its out/ is what a fresh build writes. */
async function assertLikeFreshBuild(changed: string[]): Promise<BuildOutcome> {
  const outcome = await builder.build(changed);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.lines.join('\n'));
  const fresh = path.join(site.root, 'fresh');
  await rm(fresh, { recursive: true, force: true });
  const build = await buildSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR });
  await writeSite(fresh, build.files, [site.contentDir, site.assetsDir], undefined, undefined, build.finishImages);
  const [incremental, expected] = await Promise.all([filesOf(path.join(site.root, 'out')), filesOf(fresh)]);
  assert.deepEqual([...incremental.keys()], [...expected.keys()], 'the same files');
  for (const [name, bytes] of expected) assert.ok(bytes.equals(incremental.get(name) as Buffer), `${name} is the same`);
  return outcome;
}

test('an edited body rewrites its page, and out/ is what a fresh build writes', async () => {
  const previous = await builder.build([]);
  await writeFile(file('beta.md'), article({ title: 'Beta', date: '2025-02-01', summary: 'The second.' }, 'Beta body, now edited, with a [link](/about).'));
  const outcome = await assertLikeFreshBuild([file('beta.md')]);
  assert.ok(previous.ok && outcome.ok && outcome.files === previous.files && outcome.articles === previous.articles, 'lists as they were are not sent again: the builder hands back the arrays it has');
  assert.ok(outcome.ok && outcome.written.includes('insights/beta/index.html'));
  assert.ok(outcome.ok && !outcome.written.includes('insights/alpha/index.html'), 'a page that does not show the body is not rewritten');
  assert.ok(outcome.ok && !outcome.written.includes('insights/index.html') && !outcome.written.includes('index.html'), 'nor are the lists, which show its title and summary');
});

test("a new title moves the article and changes its neighbour's links", async () => {
  await writeFile(file('alpha.md'), article({ title: 'Alpha, renamed', date: '2025-01-01', summary: 'The first.' }, 'Alpha body.\n\n## A section\n\nSee [the handouts](/education).'));
  const outcome = await assertLikeFreshBuild([file('alpha.md')]);
  assert.ok(outcome.ok && outcome.written.includes('insights/beta/index.html'), 'the neighbour names the new title');
});

test('a link in an unchanged article breaks when its target moves, and the build says so', async () => {
  await writeFile(file('gamma.md'), article({ title: 'Gamma', date: '2025-04-01' }, 'Read [the renamed one](/insights/alpha-renamed).'));
  await assertLikeFreshBuild([file('gamma.md')]);
  const alpha = await readFile(file('alpha.md'), 'utf8');
  await writeFile(file('alpha.md'), alpha.replace('Alpha, renamed', 'Alpha, moved again'));
  const broken = await builder.build([file('alpha.md')]);
  assert.ok(!broken.ok && broken.lines.some((line) => /gamma\.md:\d+ broken-link/.test(line)), broken.ok ? 'built' : broken.lines.join('\n'));
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
  const broken = await builder.build([file('beta.md')]);
  assert.ok(!broken.ok && broken.lines.some((line) => /gamma\.md:\d+ broken-link .*#user-content-fn-1/.test(line)), broken.ok ? 'built' : broken.lines.join('\n'));
  await writeFile(file('beta.md'), beta);
  await rm(file('gamma.md'));
  await assertLikeFreshBuild([file('beta.md'), file('gamma.md')]);
});

test('an added article, a deleted one and a new draft', async () => {
  await writeFile(file('gamma.md'), article({ title: 'Gamma', date: '2025-04-01' }, 'Gamma body.'));
  const added = await assertLikeFreshBuild([file('gamma.md')]);
  assert.ok(added.ok && added.files.includes('insights/gamma/index.html') && added.articles.some((one) => one.url === '/insights/gamma'), 'the lists follow the new article');
  await rm(file('gamma.md'));
  const deleted = await assertLikeFreshBuild([file('gamma.md')]);
  assert.ok(deleted.ok && !deleted.files.includes('insights/gamma/index.html'));
  await writeFile(file('beta.md'), article({ title: 'Beta', date: '2025-02-01', draft: true }, 'Beta body, now a draft.'));
  const outcome = await assertLikeFreshBuild([file('beta.md')]);
  assert.ok(outcome.ok && !outcome.files.includes('insights/beta/index.html'), 'the draft has no page');
});

test('a broken article stops the build with its message; fixed, the build goes on', async () => {
  await writeFile(file('alpha.md'), '---\ntitle: [unclosed\n---\nBody.\n');
  const broken = await builder.build([file('alpha.md')]);
  assert.ok(!broken.ok && broken.lines.some((line) => line.includes('alpha.md')), 'the message names the file');
  await writeFile(file('alpha.md'), article({ title: 'Alpha', date: '2025-01-01' }, 'Alpha body, fixed.'));
  await assertLikeFreshBuild([file('alpha.md')]);
});

test('a change outside the articles (the site identity) reads everything again', async () => {
  const identity = path.join(site.contentDir, 'site.md');
  await writeFile(identity, (await readFile(identity, 'utf8')).replace('A tagline.', 'A new tagline.'));
  const outcome = await assertLikeFreshBuild([identity]);
  assert.ok(outcome.ok && outcome.written.includes('index.html'));
});

test('reloading articles reads the changed files only, and reads like a full load', async () => {
  const { contentDir, assetsDir } = site;
  const insights = path.join(contentDir, 'insights');
  const before = await loadContent(contentDir, assetsDir);
  await writeFile(file('new.md'), article({ title: 'New', date: '2025-05-01' }));
  await writeFile(file('beta.md'), '\uFEFF---\ntitle: Beta again\n---\nBody.\n');
  await writeFile(file('broken.md'), Buffer.from([0xff, 0xfe, 0x00]));
  const changed = [file('new.md'), file('beta.md'), file('broken.md'), file('never-existed.md')];
  const reloaded = await reloadArticles(before, insights, changed);
  assert.ok(reloaded);
  const full = await loadContent(contentDir, assetsDir);
  assert.deepEqual(reloaded, full, 'the same sources in the same order, and the same problems');
  const unchanged = (load: typeof before) => load.content.insights.find((source) => source.path.endsWith('alpha.md'));
  assert.equal(unchanged(reloaded), unchanged(before), 'an unchanged file is the very same object');
  assert.equal(reloaded.content.assets, before.content.assets, 'assets are not read again');
  await rm(file('new.md'));
  await rm(file('broken.md'));
  const removed = await reloadArticles(reloaded, insights, [file('new.md'), file('broken.md')]);
  assert.deepEqual(removed, await loadContent(contentDir, assetsDir), 'deleted files are gone, with their problems');
  for (const outside of [path.join(contentDir, 'site.md'), path.join(insights, 'notes.txt'), path.join(insights, 'nested', 'a.md'), insights]) {
    assert.equal(await reloadArticles(before, insights, [outside]), undefined, `${outside}: everything must be read again`);
  }
});
