/**
 * The persistent build cache (issue 6): an unchanged article is neither
 * parsed nor rendered again, and every change that could alter a page makes
 * the build do the work again rather than reuse a stale entry.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { cacheKey, generatorVersion, projectVersion } from '../build/cache.ts';
import { renderMarkdown, type MarkdownDocument } from '../build/markdown/index.ts';
import { MarkdownDocuments } from '../build/markdown/documents.ts';
import { documentFile, documentFromFile, packDocument, unpackDocument, type PackedDocument } from '../build/markdown/packed.ts';
import { POOL_MIN_JOBS } from '../build/config.ts';
import { WorkerPool } from '../build/workers/pool.ts';
import { article, buildFrom, makeSite, pageAt, PROJECT_ROOT, SITE_MD, type SiteFiles } from './helpers/sites.ts';

const folders: string[] = [];
async function freshCache(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'build-cache-test-'));
  folders.push(folder);
  return folder;
}
after(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const FILES: SiteFiles = {
  'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, 'The first body, with a [link](/insights/third-article).'),
  'content/insights/second.md': article({ title: 'Second Article', date: '2025-02-10' }, 'The second body.'),
  'content/insights/third.md': article({ title: 'Third Article', date: '2025-03-10' }, 'The third body.'),
};

/** A document's fields, HTML and text blocks as one plain object, to compare with what `renderMarkdown` returns. */
const plain = (document: MarkdownDocument) => ({ ...document, html: document.html, textBlocks: document.textBlocks });

async function entries(cacheDir: string, kind: string): Promise<string[]> {
  return (await readdir(path.join(cacheDir, kind))).sort();
}

test('an unchanged body is taken from the cache, not processed again', async () => {
  const site = await makeSite(FILES);
  const cacheDir = await freshCache();
  const out = path.join(cacheDir, 'out');
  const build = () => spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'build/cli.ts'), '--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cacheDir], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  try {
    assert.equal(build().status, 0);
    // Mark every cached document; the next build, a new process, can only show the mark if it used the entries.
    for (const name of await entries(cacheDir, 'markdown')) {
      const file = path.join(cacheDir, 'markdown', name);
      const packed = documentFromFile(await readFile(file));
      assert.ok(packed, `${name} is a cached document`);
      const document = unpackDocument(packed);
      await writeFile(file, documentFile(packDocument({ ...plain(document), html: document.html.replace('</p>', ' (from the cache)</p>') })));
    }
    await rm(out, { recursive: true });
    const again = build();
    assert.equal(again.status, 0, again.stderr);
    assert.match(await readFile(path.join(out, 'insights/second-article/index.html'), 'utf8'), /The second body\. \(from the cache\)/);
    assert.match(await readFile(path.join(out, 'about/index.html'), 'utf8'), /A short biography\. \(from the cache\)/);
  } finally {
    await site.cleanup();
  }
});

test('a changed body is processed again; the other articles keep their entries', async () => {
  const cacheDir = await freshCache();
  await buildFrom(FILES, { cacheDir });
  const before = await entries(cacheDir, 'markdown');
  const changed = await buildFrom({ ...FILES, 'content/insights/second.md': article({ title: 'Second Article', date: '2025-02-10' }, 'A rewritten body.') }, { cacheDir });
  assert.match(pageAt(changed, '/insights/second-article'), /A rewritten body\./);
  const now = await entries(cacheDir, 'markdown');
  assert.equal(now.length, before.length + 1, 'one new entry, for the changed body');
});

test("a neighbour's new title reaches the pages that link to it, and redraws only its own sharing image", async () => {
  const cacheDir = await freshCache();
  await buildFrom(FILES, { cacheDir });
  const images = await entries(cacheDir, 'og');
  const renamed = await buildFrom({ ...FILES, 'content/insights/second.md': article({ title: 'Second Article, Renamed', date: '2025-02-10' }, 'The second body.') }, { cacheDir });
  for (const neighbour of ['/insights/first-article', '/insights/third-article']) {
    assert.match(pageAt(renamed, neighbour), /title="Second Article, Renamed"/, `${neighbour} links to the new title`);
  }
  assert.match(pageAt(renamed, '/insights'), /Second Article, Renamed/);
  assert.equal((await entries(cacheDir, 'og')).length, images.length + 1, 'one new drawing');
});

test('a change to the site identity reaches every page and redraws every sharing image', async () => {
  const cacheDir = await freshCache();
  await buildFrom(FILES, { cacheDir });
  const images = await entries(cacheDir, 'og');
  const renamed = await buildFrom({ ...FILES, 'content/site.md': SITE_MD.replace('specialty: "Family Medicine"', 'specialty: "Internal Medicine"') }, { cacheDir });
  for (const page of renamed.pages) assert.match(page.html, /Internal Medicine/, page.file);
  const redrawn = (await entries(cacheDir, 'og')).filter((name) => !images.includes(name));
  assert.equal(redrawn.length, 3, 'each card shows the specialty, so each is drawn again');
});

test('new figure values or image sizes make the bodies that depend on them be processed again', async () => {
  const cacheDir = await freshCache();
  const figures = (cap: string) => `partDCap:\n  value: "${cap}"\n  year: 2026\n  about: "The cap"\n  source:\n    title: "Medicare.gov"\n    url: "https://www.medicare.gov/"\n`;
  const withFigure = { ...FILES, 'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, 'The cap is {{partDCap}}.') };
  assert.match(pageAt(await buildFrom({ ...withFigure, 'content/medicare-figures.yaml': figures('$2,100') }, { cacheDir }), '/insights/first-article'), /The cap is \$2,100\./);
  assert.match(pageAt(await buildFrom({ ...withFigure, 'content/medicare-figures.yaml': figures('$2,400') }, { cacheDir }), '/insights/first-article'), /The cap is \$2,400\./);

  const svg = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="100"></svg>`;
  const withImage = { ...FILES, 'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, '![A chart](/images/chart.svg)') };
  assert.match(pageAt(await buildFrom({ ...withImage, 'assets/images/chart.svg': svg(300) }, { cacheDir }), '/insights/first-article'), /width="300"/);
  assert.match(pageAt(await buildFrom({ ...withImage, 'assets/images/chart.svg': svg(640) }, { cacheDir }), '/insights/first-article'), /width="640"/);
});

test('the generator version changes with any file of the generator, its templates, its locked libraries or its compiler settings', async () => {
  const root = await freshCache();
  const files = { 'build/stage.ts': 'export const a = 1;\n', 'templates/Page.tsx': 'export const b = 2;\n', 'package-lock.json': '{"lockfileVersion":3}\n', 'tsconfig.json': '{"compilerOptions":{}}\n' };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const versions = [await projectVersion(root)];
  for (const file of Object.keys(files)) {
    await writeFile(path.join(root, file), `${files[file as keyof typeof files]}// changed\n`);
    versions.push(await projectVersion(root));
  }
  assert.equal(new Set(versions).size, versions.length, 'each change gives a new version');
  assert.equal(await projectVersion(root), versions.at(-1), 'and the same files give the same version');
  assert.equal(await generatorVersion(), await projectVersion(path.resolve(import.meta.dirname, '..')), "this project's own version");
});

test('cache keys keep their parts apart', () => {
  assert.notEqual(cacheKey('ab', 'c'), cacheKey('a', 'bc'));
  assert.equal(cacheKey('a', 'b'), cacheKey('a', 'b'));
});

test('many bodies are processed across worker threads, with the same result as in this thread', async () => {
  const jobs = Array.from({ length: POOL_MIN_JOBS + 5 }, (_, index) => ({ body: `## Part ${index}\n\nText with a [relative link](other-${index}) and {{capA}}.\n\n| a | b |\n|:-|-:|\n| ${index} | x |`, pageUrl: `/insights/article-${index}` }));
  const settings = { figures: new Map([['capA', '$2,100']]), imageSizes: new Map() };
  const pool = new WorkerPool(2);
  try {
    const documents = await new MarkdownDocuments().documents(jobs, settings, await freshCache(), pool);
    assert.deepEqual(
      documents.map(plain),
      jobs.map((job) => renderMarkdown(job.body, job.pageUrl, settings)),
    );
  } finally {
    await pool.close();
  }
});

test('a task that fails in a worker rejects with its reason, and the pool stays usable', async () => {
  const pool = new WorkerPool(1);
  try {
    // A card without a logo cannot be drawn: satori's own message comes back.
    await assert.rejects(pool.run({ kind: 'cards', jobs: [{ props: { title: 'T', author: 'A', byline: 'B', logo: '' }, key: 'k' }], cacheDir: await freshCache() }), /Image source is not provided/);
    const [document] = await pool.run({ kind: 'markdown', jobs: [{ body: 'Still *working*.', pageUrl: '/x' }], settings: { figures: [], imageSizes: [] } });
    assert.ok(document);
    assert.equal(unpackDocument(document).html, '<p>Still <em>working</em>.</p>');
  } finally {
    await pool.close();
  }
});

test('a pool made smaller stops the workers it no longer needs, as their tasks end, and does its queue with the rest; made larger, it starts new ones', async () => {
  const pool = new WorkerPool(2);
  const task = (index: number) => pool.run({ kind: 'markdown', jobs: [{ body: `Body *${index}*.`, pageUrl: '/x' }], settings: { figures: [], imageSizes: [] } });
  const html = async (tasks: ReturnType<typeof task>[]) => (await Promise.all(tasks)).map(([document]) => unpackDocument(document as PackedDocument).html);
  const expected = (indexes: number[]) => indexes.map((index) => `<p>Body <em>${index}</em>.</p>`);
  try {
    await html([0, 1].map(task));
    assert.equal(pool.threads, 2);
    const queued = [2, 3, 4, 5].map(task);
    pool.resize(1);
    assert.deepEqual(await html(queued), expected([2, 3, 4, 5]), 'the queue is done, by the worker that is left');
    assert.equal(pool.threads, 1);
    pool.resize(2);
    assert.deepEqual(await html([6, 7, 8].map(task)), expected([6, 7, 8]), 'a stopped worker is no failure of the pool');
    assert.equal(pool.threads, 2);
  } finally {
    await pool.close();
  }
});

test('a body prepared ahead of its build is taken from memory by that build, and cached for the next process', async () => {
  const cacheDir = await freshCache();
  const settings = { figures: new Map([['capA', '$2,100']]), imageSizes: new Map() };
  const processor = new MarkdownDocuments();
  const job = { body: 'Before {{capA}}.', pageUrl: '/insights/a' };
  const pool = new WorkerPool(1);
  try {
    await processor.prepare(job);
    assert.deepEqual(await entries(cacheDir, 'markdown').catch(() => []), [], 'nothing before a first call: the settings are not known yet');
    await processor.documents([job], settings, cacheDir, pool);
    assert.equal(await processor.rehearse(0), true);
    assert.equal(await processor.rehearse(1), false, 'no body at that place');
    const saved = { ...job, body: 'After {{capA}}, saved.' };
    await processor.prepare(saved);
    // The cache file is written after the document is in memory.
    for (let wait = 0; wait < 100 && (await entries(cacheDir, 'markdown')).filter((file) => file.endsWith('.bin')).length < 2; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await entries(cacheDir, 'markdown')).filter((file) => file.endsWith('.bin')).length, 2, 'the prepared body is in the cache too');
    // With the cache emptied and a pool that refuses work, only memory can answer.
    await rm(path.join(cacheDir, 'markdown'), { recursive: true });
    const refusing = { runJobs: (jobs: readonly unknown[]) => (jobs.length === 0 ? Promise.resolve([]) : Promise.reject(new Error('processed again'))) } as unknown as WorkerPool;
    const [document] = await processor.documents([saved], settings, cacheDir, refusing);
    assert.ok(document);
    assert.deepEqual(plain(document), renderMarkdown(saved.body, saved.pageUrl, settings));
  } finally {
    await pool.close();
  }
});
