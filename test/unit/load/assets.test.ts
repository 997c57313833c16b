/**
 * The load stage's assets (build/load/assets.ts): every file listed with its
 * size and a hash of its bytes, an image with its size, and a handout with
 * what the PDF says of itself, or a problem naming it.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { sortDiagnostics, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { loadContent } from '../../../build/load/index.ts';
import { CacheStore } from '../../../build/store/index.ts';
import { makeSite, samplePdf, TEST_CACHE_DIR, type SiteFiles } from '../../helpers/sites.ts';

type Site = Awaited<ReturnType<typeof makeSite>>;

/** A small site of its own for one test, removed when the test ends. */
async function siteWith(t: TestContext, files: SiteFiles): Promise<Site> {
  const site = await makeSite(files);
  t.after(site.cleanup);
  return site;
}

const store = new CacheStore(TEST_CACHE_DIR);
const load = (site: Site) => loadContent({ contentDir: site.contentDir, assetsDir: site.assetsDir }, store);

/** The rule, file (from the site's folder) and severity of each problem. */
const problems = (site: Site, diagnostics: readonly ContentDiagnostic[]) => sortDiagnostics(diagnostics).map((d) => [d.ruleId, path.relative(site.root, d.file), d.severity]);

test("a handout's pages, title and subject are read from the PDF", async (t) => {
  const described = await PDFDocument.create();
  described.setTitle('Knee Care');
  described.setSubject('  Exercises for a sore knee ');
  described.addPage([612, 792]);
  const site = await siteWith(t, { 'assets/pdfs/two-pages.pdf': await samplePdf('Two Pages', 2), 'assets/pdfs/knee.pdf': await described.save() });
  const loaded = await load(site);
  const pdf = (name: string) => loaded.assets.find((asset) => asset.relativePath === `pdfs/${name}`)?.pdf;
  assert.deepEqual(pdf('two-pages.pdf'), { pages: 2, title: 'Two Pages', subject: undefined });
  assert.deepEqual(pdf('knee.pdf'), { pages: 1, title: 'Knee Care', subject: 'Exercises for a sore knee' });
  assert.equal(loaded.assets.find((asset) => asset.relativePath === 'pdfs/low-back-pain.pdf')?.pdf?.pages, 1);
  assert.deepEqual(loaded.diagnostics, []);
});

test('a handout that is not a PDF that opens is an invalid-pdf error naming it, and the PDF reader says nothing of its own', async (t) => {
  const whole = await samplePdf('Cut short');
  // Bytes no earlier run has seen, so that the cache does not answer for the reader.
  const site = await siteWith(t, { 'assets/pdfs/word.pdf': `a Word document renamed .pdf, ${process.hrtime.bigint()}`, 'assets/pdfs/cut.pdf': whole.subarray(0, 200) });
  const printed = [t.mock.method(console, 'log'), t.mock.method(console, 'warn')];
  const loaded = await load(site);
  assert.deepEqual(printed.flatMap((mock) => mock.mock.calls.map((call) => call.arguments.join(' '))), [], 'no "Warning: Indexing all PDF objects" beside the build\'s own message');
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['invalid-pdf', 'assets/pdfs/cut.pdf', 'error'],
    ['invalid-pdf', 'assets/pdfs/word.pdf', 'error'],
  ]);
});

test('a PDF with no title in its properties is a warning naming it', async (t) => {
  const untitled = await PDFDocument.create();
  untitled.addPage([612, 792]);
  const blankTitle = await PDFDocument.create();
  blankTitle.setTitle('   ');
  blankTitle.addPage([612, 792]);
  const site = await siteWith(t, { 'assets/pdfs/untitled.pdf': await untitled.save(), 'assets/pdfs/blank.pdf': await blankTitle.save() });
  const loaded = await load(site);
  assert.deepEqual(problems(site, loaded.diagnostics), [
    ['pdf-without-title', 'assets/pdfs/blank.pdf', 'warning'],
    ['pdf-without-title', 'assets/pdfs/untitled.pdf', 'warning'],
  ]);
  assert.deepEqual(loaded.assets.find((asset) => asset.relativePath === 'pdfs/untitled.pdf')?.pdf, { pages: 1, title: undefined, subject: undefined });
});

test('every asset is listed with its size and a hash of its bytes, and images with their size', async (t) => {
  const site = await siteWith(t, { 'assets/docs/a.txt': 'abc', 'assets/docs/b.txt': 'abc', 'assets/docs/c.txt': 'abd' });
  const assets = new Map((await load(site)).assets.map((asset) => [asset.relativePath, asset]));
  assert.equal(assets.get('docs/a.txt')?.size, 3);
  assert.equal(assets.get('docs/a.txt')?.digest, assets.get('docs/b.txt')?.digest, 'same bytes, same hash');
  assert.notEqual(assets.get('docs/a.txt')?.digest, assets.get('docs/c.txt')?.digest);
  assert.ok(assets.get('images/social-default.png')?.dimensions?.width, 'an image has its size');
  assert.equal(assets.get('docs/a.txt')?.dimensions, undefined);
});
