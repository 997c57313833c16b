/**
 * The load stage: which files of the insights folder are articles (folder
 * links followed, loops refused once), each file read as UTF-8 text or
 * reported by name, and a later load brought up to date after an edit. What
 * the load says of each asset is in assets.test.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { MAX_ARTICLE_BYTES } from '../../../build/config.ts';
import { ContentErrors, sortDiagnostics, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { loadContent, reloadContent, type LoadedContent } from '../../../build/load/index.ts';
import { CacheStore } from '../../../build/store/index.ts';
import { article, buildInMemory, makeSite, TEST_CACHE_DIR, type SiteFiles } from '../../helpers/sites.ts';

type Site = Awaited<ReturnType<typeof makeSite>>;
const sites: Site[] = [];
after(async () => {
  await Promise.all(sites.map((site) => site.cleanup()));
});

/** A small site of its own for one test. */
async function siteWith(files: SiteFiles = {}): Promise<Site & { insights: string }> {
  const site = await makeSite(files);
  sites.push(site);
  return { ...site, insights: path.join(site.contentDir, 'insights') };
}

const store = new CacheStore(TEST_CACHE_DIR);
const load = (site: Site) => loadContent({ contentDir: site.contentDir, assetsDir: site.assetsDir }, store);

/** The rule, file (from the site's folder) and severity of each problem. */
const problems = (site: Site, diagnostics: readonly ContentDiagnostic[]) => sortDiagnostics(diagnostics).map((d) => [d.ruleId, path.relative(site.root, d.file), d.severity]);
const articlePaths = (site: Site, loaded: LoadedContent) => loaded.articles.map((source) => path.relative(site.root, source.path));

/** What `npm run build` reports about a site, or none when it builds. */
async function buildProblems(site: Site): Promise<readonly ContentDiagnostic[]> {
  try {
    const build = await buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false });
    return build.warnings;
  } catch (error) {
    if (error instanceof ContentErrors) return error.diagnostics;
    throw error;
  }
}

const TWO_ARTICLES: SiteFiles = {
  'content/insights/knee.md': article({ title: 'Knee Pain', date: '2025-01-01' }),
  'content/insights/sub/hip.md': article({ title: 'Hip Pain', date: '2025-02-01' }),
};

test('every .md file of the insights folder and its subfolders is an article, in order of path', async () => {
  const site = await siteWith(TWO_ARTICLES);
  const loaded = await load(site);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md']);
  assert.deepEqual(loaded.diagnostics, []);
  assert.match(loaded.articles[0]?.text ?? '', /^---\ntitle: Knee Pain\n/);
});

for (const [where, target] of [
  ['the insights folder itself', '.'],
  ['the content folder, which holds it', '..'],
  ['the folder the link is in', 'SUB'],
] as const) {
  test(`a folder link back to ${where} is one folder-loop error naming the link, and no flood of duplicate slugs`, async () => {
    const site = await siteWith(TWO_ARTICLES);
    const link = path.join(site.insights, 'sub', 'loop');
    await symlink(target === 'SUB' ? path.join(site.insights, 'sub') : path.resolve(site.insights, target), link, 'dir');
    const loaded = await load(site);
    assert.deepEqual(problems(site, loaded.diagnostics), [['folder-loop', 'content/insights/sub/loop', 'error']]);
    assert.match(loaded.diagnostics[0]?.message ?? '', /^This folder link leads back to .+, which holds it/);
    assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md'], 'each article read once');
    assert.deepEqual(problems(site, await buildProblems(site)), [['folder-loop', 'content/insights/sub/loop', 'error']], 'the build stops with that one error');
  });
}

test('a folder link to a folder outside the insights folder is followed, and its articles load', async () => {
  const site = await siteWith({ ...TWO_ARTICLES, 'shared/elbow.md': article({ title: 'Elbow Pain', date: '2025-03-01' }) });
  await symlink(path.join(site.root, 'shared'), path.join(site.insights, 'shared'), 'dir');
  const loaded = await load(site);
  assert.deepEqual(loaded.diagnostics, []);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/shared/elbow.md', 'content/insights/sub/hip.md']);
  const build = await buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false });
  assert.ok(build.pages.some((page) => page.url === '/insights/elbow-pain'));
});

test('two links to one outside folder are no loop: its articles load through each, and the build says they share addresses', async () => {
  const site = await siteWith({ 'shared/elbow.md': article({ title: 'Elbow Pain', date: '2025-03-01' }) });
  await symlink(path.join(site.root, 'shared'), path.join(site.insights, 'a'), 'dir');
  await symlink(path.join(site.root, 'shared'), path.join(site.insights, 'b'), 'dir');
  const loaded = await load(site);
  assert.deepEqual(loaded.diagnostics, []);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/a/elbow.md', 'content/insights/b/elbow.md']);
  assert.deepEqual((await buildProblems(site)).map((d) => d.ruleId), ['duplicate-slug']);
});

test('in assets/, a folder link to an outside folder is published through it; links back to a folder that holds them are each one folder-loop error', async () => {
  const site = await siteWith({ ...TWO_ARTICLES, 'shared/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>' });
  await mkdir(path.join(site.assetsDir, 'images'), { recursive: true });
  await symlink(path.join(site.root, 'shared'), path.join(site.assetsDir, 'images', 'shared'), 'dir');
  const linked = await load(site);
  assert.deepEqual(linked.diagnostics, []);
  assert.ok(linked.assets.some((asset) => asset.relativePath === 'images/shared/chart.svg'), 'the linked folder is published');
  await symlink(site.assetsDir, path.join(site.assetsDir, 'images', 'up'), 'dir');
  assert.deepEqual(problems(site, (await load(site)).diagnostics), [['folder-loop', 'assets/images/up', 'error']]);
  // A second link back: followed, the two would branch at every turn.
  await mkdir(path.join(site.assetsDir, 'files'), { recursive: true });
  await symlink('..', path.join(site.assetsDir, 'files', 'up'), 'dir');
  const looped = await load(site);
  assert.deepEqual(problems(site, looped.diagnostics), [['folder-loop', 'assets/files/up', 'error'], ['folder-loop', 'assets/images/up', 'error']]);
  assert.match(looped.diagnostics[0]?.message ?? '', /^This folder link leads back to .+, which holds it, so its files would be published again and again\.$/);
  assert.ok(!looped.assets.some((asset) => asset.relativePath.includes('/up/')), 'nothing published through a loop');
});

test('an article over 1 MB is refused with article-too-large; one of exactly 1 MB is read', async () => {
  const body = (bytes: number) => `---\ntitle: Big\n---\n${'x'.repeat(bytes - '---\ntitle: Big\n---\n'.length)}`;
  const site = await siteWith({ 'content/insights/big.md': body(MAX_ARTICLE_BYTES + 1), 'content/insights/limit.md': body(MAX_ARTICLE_BYTES) });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [['article-too-large', 'content/insights/big.md', 'error']]);
  assert.equal(loaded.diagnostics[0]?.message, 'This article is 1.0 MB, more than the 1.0 MB an article may be.');
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/limit.md']);
});

test('a file of the insights folder that is not markdown is skipped with an ignored-file warning', async () => {
  const site = await siteWith({ ...TWO_ARTICLES, 'content/insights/notes.txt': 'not an article', 'content/insights/sub/photo.png': 'png' });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['ignored-file', 'content/insights/notes.txt', 'warning'],
    ['ignored-file', 'content/insights/sub/photo.png', 'warning'],
  ]);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md']);
});

test('a file that is not UTF-8 is an invalid-encoding error naming it', async () => {
  // "Café" saved as Latin-1, as an old editor might.
  const site = await siteWith({ ...TWO_ARTICLES, 'content/insights/latin.md': Buffer.from('---\ntitle: Caf\xe9\n---\nBody\n', 'latin1') });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [['invalid-encoding', 'content/insights/latin.md', 'error']]);
  assert.match(loaded.diagnostics[0]?.hint ?? '', /UTF-8/);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md']);
});

/** A load compared as the build uses it: the problems in a stable order. */
const comparable = (loaded: LoadedContent) => ({ ...loaded, diagnostics: sortDiagnostics(loaded.diagnostics) });

/** A path of the site whose last name has a byte that is not UTF-8 ("café" in Latin-1), as an old system might save it. */
const latinName = (folder: string, before: string, after: string) => Buffer.concat([Buffer.from(path.join(folder, before)), Buffer.from([0xe9]), Buffer.from(after)]);

test('a file or folder whose name is not UTF-8 is an invalid-encoding error naming it, not a file missing or an article left out unsaid', async () => {
  const site = await siteWith(TWO_ARTICLES);
  await writeFile(latinName(site.insights, 'caf', '.md'), article({ title: 'Cafe' }));
  await mkdir(latinName(site.insights, 'caf', 's'));
  await writeFile(Buffer.concat([latinName(site.insights, 'caf', 's'), Buffer.from('/inside.md')]), article({ title: 'Inside' }));
  await mkdir(path.join(site.assetsDir, 'docs'), { recursive: true });
  await writeFile(latinName(path.join(site.assetsDir, 'docs'), 'menu-caf', '.pdf'), 'bytes');
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['invalid-encoding', 'assets/docs/menu-caf\ufffd.pdf', 'error'],
    ['invalid-encoding', 'content/insights/caf\ufffd.md', 'error'],
    ['invalid-encoding', 'content/insights/caf\ufffds', 'error'],
  ]);
  const messages = sortDiagnostics(loaded.diagnostics).map((d) => `${d.message} ${d.hint}`);
  assert.match(messages[1] ?? '', /^This file's name is not UTF-8 text.*Rename it/);
  assert.match(messages[2] ?? '', /^This folder's name is not UTF-8 text, so the files in it cannot be read.*Rename it/);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md']);
  const changed = path.join(site.insights, 'caf\ufffd.md');
  assert.deepEqual(comparable(await reloadContent({ contentDir: site.contentDir, assetsDir: site.assetsDir }, store, loaded, [changed])), comparable(loaded), 'a save the watcher names so is a full load');
});

test('a link to a file that is not there is an unreadable-file error naming the link and where it points, in the articles and in assets/', async () => {
  const site = await siteWith(TWO_ARTICLES);
  await symlink(path.join(site.root, 'moved-away.md'), path.join(site.insights, 'broken.md'));
  await mkdir(path.join(site.assetsDir, 'pdfs'), { recursive: true });
  await symlink(path.join(site.root, 'moved-away.pdf'), path.join(site.assetsDir, 'pdfs', 'broken.pdf'));
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [['unreadable-file', 'assets/pdfs/broken.pdf', 'error'], ['unreadable-file', 'content/insights/broken.md', 'error']]);
  assert.deepEqual(
    loaded.diagnostics.map((diagnostic) => /is a link to .*(moved-away\.\w+), which cannot be read \(ENOENT\)/.exec(diagnostic.message)?.[1]).sort(),
    ['moved-away.md', 'moved-away.pdf'],
  );
  assert.ok(!loaded.assets.some((asset) => asset.relativePath === 'pdfs/broken.pdf'));
});

test('a named pipe, or a link to one, among the articles or in assets/ is an unreadable-file error naming it, not a build that waits for ever', async () => {
  const site = await siteWith(TWO_ARTICLES);
  // Node has no call that makes a named pipe; the shell's mkfifo does.
  execFileSync('sh', ['-c', 'mkfifo "$@"', 'sh', path.join(site.insights, 'pipe.md'), path.join(site.assetsDir, 'pipe.txt')]);
  await symlink(path.join(site.assetsDir, 'pipe.txt'), path.join(site.assetsDir, 'link-to-pipe.txt'));
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['unreadable-file', 'assets/link-to-pipe.txt', 'error'],
    ['unreadable-file', 'assets/pipe.txt', 'error'],
    ['unreadable-file', 'content/insights/pipe.md', 'error'],
  ]);
  assert.match(loaded.diagnostics[0]?.message ?? '', /named pipe/);
  assert.deepEqual(articlePaths(site, loaded), ['content/insights/knee.md', 'content/insights/sub/hip.md']);
});

test('a missing site identity or topics file is a missing-content error; a missing figures file is none', async () => {
  const site = await siteWith({ 'content/site.md': null, 'content/education-topics.yaml': null });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['missing-content', 'content/education-topics.yaml', 'error'],
    ['missing-content', 'content/site.md', 'error'],
  ]);
  assert.equal(loaded.figures, undefined);
});

test('a missing insights folder is a missing-content error that says a folder is missing', async () => {
  const site = await siteWith({ 'content/insights/knee.md': article({ title: 'Knee Pain', date: '2025-01-01' }) });
  await rm(site.insights, { recursive: true });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [['missing-content', 'content/insights', 'error']]);
  assert.match(loaded.diagnostics[0]?.message ?? '', /^This folder is missing\./);
  assert.match(loaded.diagnostics[0]?.hint ?? '', /one markdown file for each article/);
});

test('after edits to articles, the reload equals a full load: an edited, a new, a deleted and a broken article', async () => {
  const site = await siteWith({ ...TWO_ARTICLES, 'content/insights/gone.md': article({ title: 'Gone' }), 'content/insights/fixed.md': Buffer.from('\xff\xfe', 'latin1') });
  const folders = { contentDir: site.contentDir, assetsDir: site.assetsDir };
  const before = await loadContent(folders, store);
  assert.deepEqual(problems(site, before.diagnostics), [['invalid-encoding', 'content/insights/fixed.md', 'error']]);
  const edits: [string, string | Buffer | null][] = [
    ['knee.md', article({ title: 'Knee Pain, Revised', date: '2025-01-01' })],
    ['sub/new.md', article({ title: 'New', date: '2025-04-01' })],
    ['gone.md', null],
    ['fixed.md', article({ title: 'Fixed' })],
    ['sub/hip.md', Buffer.from('---\ntitle: H\xefp\n---\n', 'latin1')],
  ];
  for (const [file, text] of edits) {
    const target = path.join(site.insights, file);
    if (text === null) await rm(target);
    else await writeFile(target, text);
  }
  const reloaded = await reloadContent(folders, store, before, edits.map(([file]) => path.join(site.insights, file)));
  const full = await loadContent(folders, store);
  assert.deepEqual(comparable(reloaded), comparable(full));
  assert.deepEqual(articlePaths(site, reloaded), ['content/insights/fixed.md', 'content/insights/knee.md', 'content/insights/sub/new.md']);
  assert.deepEqual(problems(site, reloaded.diagnostics), [['invalid-encoding', 'content/insights/sub/hip.md', 'error']]);
});

test('a reload reads only the files it is told changed', async () => {
  const site = await siteWith(TWO_ARTICLES);
  const folders = { contentDir: site.contentDir, assetsDir: site.assetsDir };
  const before = await loadContent(folders, store);
  await writeFile(path.join(site.insights, 'knee.md'), article({ title: 'Knee, edited' }));
  await writeFile(path.join(site.insights, 'sub/hip.md'), article({ title: 'Hip, edited unseen' }));
  const reloaded = await reloadContent(folders, store, before, [path.join(site.insights, 'knee.md')]);
  assert.match(reloaded.articles[0]?.text ?? '', /Knee, edited/);
  assert.equal(reloaded.articles[1], before.articles[1], 'the file it was not told about is as it was');
});

test('a change to anything but an article reloads everything, and equals a full load', async () => {
  const site = await siteWith(TWO_ARTICLES);
  const folders = { contentDir: site.contentDir, assetsDir: site.assetsDir };
  const before = await loadContent(folders, store);
  await writeFile(path.join(site.contentDir, 'site.md'), (before.site?.text ?? '').replace('Dr. Test Person', 'Dr. Renamed'));
  await writeFile(path.join(site.insights, 'sub/hip.md'), article({ title: 'Hip, edited' }));
  await mkdir(path.join(site.assetsDir, 'docs'), { recursive: true });
  await writeFile(path.join(site.assetsDir, 'docs/new.txt'), 'new');
  for (const changed of [path.join(site.contentDir, 'site.md'), path.join(site.assetsDir, 'docs/new.txt'), path.join(site.insights, 'notes.txt')]) {
    const reloaded = await reloadContent(folders, store, before, [changed]);
    assert.deepEqual(comparable(reloaded), comparable(await loadContent(folders, store)), changed);
    assert.match(reloaded.site?.text ?? '', /Dr\. Renamed/, changed);
  }
});
