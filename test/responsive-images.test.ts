/**
 * Responsive images (issue 6): raster images a page shows are offered in AVIF
 * and WebP at the widths screens need, made once with sharp; the original
 * stays the fallback, with its size, and the photo stays eager.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import sharp from 'sharp';
import { ContentErrors } from '../build/diagnostics.ts';
import { imageSources, imageVariants } from '../build/lib/responsive-image.ts';
import { article, buildFrom, pageAt, SITE_MD } from './helpers/sites.ts';

test('a raster image is offered in AVIF and WebP at each width below its own, never enlarged', () => {
  assert.deepEqual(
    imageVariants('/img/chart.png', 1000).map((variant) => variant.url),
    ['/img/chart.320w.avif', '/img/chart.640w.avif', '/img/chart.960w.avif', '/img/chart.1000w.avif', '/img/chart.320w.webp', '/img/chart.640w.webp', '/img/chart.960w.webp', '/img/chart.1000w.webp'],
  );
  assert.deepEqual(
    imageVariants('/img/wide.JPG', 4000).map((variant) => variant.width),
    [320, 640, 960, 1280, 1600, 320, 640, 960, 1280, 1600],
    'at most 1600 pixels wide',
  );
  assert.deepEqual(imageVariants('/img/tiny.jpeg', 200).map((variant) => variant.width), [200, 200], 'a small image keeps its own width');
  assert.deepEqual(imageVariants('/images/logo.svg', 640), [], 'an SVG scales by itself');
  assert.deepEqual(imageSources('/img/chart.png', 700), [
    { type: 'image/avif', srcSet: '/img/chart.320w.avif 320w, /img/chart.640w.avif 640w, /img/chart.700w.avif 700w' },
    { type: 'image/webp', srcSet: '/img/chart.320w.webp 320w, /img/chart.640w.webp 640w, /img/chart.700w.webp 700w' },
  ]);
});

const cacheDir = await mkdtemp(path.join(tmpdir(), 'responsive-test-'));
after(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 120 } } }).png().toBuffer();
const FILES = {
  'content/site.md': SITE_MD.replace('photo: "/images/physician.svg"', 'photo: "/images/portrait.png"'),
  'assets/images/portrait.png': await png(800, 1000),
  'assets/img/chart.png': await png(1400, 700),
  'content/insights/a.md': article({ title: 'With a Chart', date: '2025-01-01' }, 'Intro.\n\n![A chart of costs](/img/chart.png)'),
};

test('the photo and article images become pictures with AVIF and WebP sources; the originals stay as fallback', async () => {
  const build = await buildFrom(FILES, { cacheDir });
  for (const url of ['/', '/about']) {
    const html = pageAt(build, url);
    assert.match(html, /<picture><source type="image\/avif" srcSet="\/images\/portrait\.320w\.avif 320w, \/images\/portrait\.640w\.avif 640w, \/images\/portrait\.800w\.avif 800w" sizes="\(max-width: 46rem\) 12rem, 18rem"\/><source type="image\/webp" srcSet="[^"]+" sizes="[^"]+"\/><img class="(hero|about)__photo" src="\/images\/portrait\.png" width="800" height="1000" alt="Portrait of the test physician" sizes="[^"]+" fetchPriority="high"\/><\/picture>/, url);
    assert.doesNotMatch(html, /portrait[^>]*loading="lazy"/, `${url}: the photo is never lazy`);
  }
  const articlePage = pageAt(build, '/insights/with-a-chart');
  assert.match(articlePage, /<picture><source type="image\/avif" srcSet="\/img\/chart\.320w\.avif 320w, \/img\/chart\.640w\.avif 640w, \/img\/chart\.960w\.avif 960w, \/img\/chart\.1280w\.avif 1280w, \/img\/chart\.1400w\.avif 1400w" sizes="\(max-width: 46rem\) 100vw, 42rem"\/>/);
  assert.match(articlePage, /<img src="\/img\/chart\.png" alt="A chart of costs" loading="lazy" decoding="async" width="1400" height="700" sizes="[^"]+"\/><\/picture>/);

  const copies = new Map(build.files.flatMap((file) => ('copyFrom' in file && /\.\d+w\.(avif|webp)$/.test(file.path) ? [[file.path, file.copyFrom] as const] : [])));
  assert.equal(copies.size, 2 * 3 + 2 * 5, 'portrait: 3 widths, chart: 5, each in two formats');
  for (const [file, source] of copies) {
    const { format, width } = await sharp(await readFile(source)).metadata();
    const [, expectedWidth, expectedFormat] = /\.(\d+)w\.(avif|webp)$/.exec(file) ?? [];
    assert.equal(format === 'heif' ? 'avif' : format, expectedFormat, file);
    assert.equal(width, Number(expectedWidth), file);
  }
  assert.ok(!build.files.some((file) => /^images\/social-default\.\d+w\./.test(file.path)), 'the sharing image, shown by no page, gets no copies');
});

test('each copy is encoded once: a second build takes them all from the cache', async () => {
  await buildFrom(FILES, { cacheDir });
  const before = (await readdir(path.join(cacheDir, 'images'))).sort();
  await buildFrom(FILES, { cacheDir });
  assert.deepEqual((await readdir(path.join(cacheDir, 'images'))).sort(), before);
});

test('an image that cannot be decoded stops the build with its file and a hint, once the other images are done', async () => {
  // A PNG whose header gives its size, as the load reads it, but whose pixels are not there.
  const header = (await png(1400, 700)).subarray(0, 33);
  const brokenCacheDir = path.join(cacheDir, 'broken-image');
  const failure = await buildFrom({ ...FILES, 'assets/img/chart.png': Buffer.concat([header, Buffer.from('not pixels')]) }, { cacheDir: brokenCacheDir }).then(
    () => assert.fail('the build should stop'),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ContentErrors);
  const [diagnostic] = failure.diagnostics;
  assert.equal(diagnostic?.ruleId, 'invalid-image');
  assert.match(diagnostic?.file ?? '', /assets\/img\/chart\.png$/);
  assert.match(diagnostic?.message ?? '', /^This image could not be decoded to make its copies for small screens \([^\n]+\)\.$/);
  assert.match(diagnostic?.hint ?? '', /save it again as PNG or JPEG, or replace it/);
  assert.equal(failure.diagnostics.length, 1, 'one error for the file, not one for each of its copies');
  // A build that stops while the photo's copies are still being encoded would leave them writing into the cache after it.
  assert.equal((await readdir(path.join(brokenCacheDir, 'images'))).filter((name) => /\.(avif|webp)$/.test(name)).length, 2 * 3, "the photo's copies are all in the cache when the build stops");
});
