/**
 * Responsive images (issue 6; build/outputs/images.ts): the raster images a
 * page shows are offered in AVIF and WebP at the widths screens need, made
 * with sharp and each encoded once; the original stays the fallback, with
 * its size, and the photo stays eager.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { ContentErrors } from '../../../build/diagnostics/index.ts';
import { imageOutputs } from '../../../build/outputs/index.ts';
import { CacheStore } from '../../../build/store/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, buildFrom, pageAt, SITE_MD } from '../../helpers/sites.ts';

const freshCache = () => temporaryFolder('responsive-test');

const png = (width: number, height: number, blue = 120) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: blue } } }).png().toBuffer();
const FILES = {
  'content/site.md': SITE_MD.replace('photo: "/images/physician.svg"', 'photo: "/images/portrait.png"'),
  'assets/images/portrait.png': await png(800, 1000),
  'assets/img/chart.png': await png(1400, 700),
  'content/insights/a.md': article({ title: 'With a Chart', date: '2025-01-01' }, 'Intro.\n\n![A chart of costs](/img/chart.png)'),
};

/** The AVIF and WebP copies of a build, by path. */
const copiesOf = (files: Map<string, string | Uint8Array>) => new Map([...files].filter(([file]) => /\.\d+w\.(avif|webp)$/.test(file)).map(([file, bytes]) => [file, Buffer.from(bytes)]));

test('the photo and article images become pictures with AVIF and WebP sources; the originals stay as fallback', async () => {
  const build = await buildFrom(FILES, { cacheDir: await freshCache() });
  for (const url of ['/', '/about']) {
    const html = pageAt(build, url);
    assert.match(html, /<picture><source type="image\/avif" srcSet="\/images\/portrait\.320w\.avif 320w, \/images\/portrait\.640w\.avif 640w, \/images\/portrait\.800w\.avif 800w" sizes="\(max-width: 46rem\) 12rem, 18rem"\/><source type="image\/webp" srcSet="[^"]+" sizes="[^"]+"\/><img class="(hero|about)__photo" src="\/images\/portrait\.png" width="800" height="1000" alt="Portrait of the test physician" sizes="[^"]+" fetchPriority="high"\/><\/picture>/, url);
    assert.doesNotMatch(html, /portrait[^>]*loading="lazy"/, `${url}: the photo is never lazy`);
  }
  const articlePage = pageAt(build, '/insights/with-a-chart');
  assert.match(articlePage, /<picture><source type="image\/avif" srcSet="\/img\/chart\.320w\.avif 320w, \/img\/chart\.640w\.avif 640w, \/img\/chart\.960w\.avif 960w, \/img\/chart\.1280w\.avif 1280w, \/img\/chart\.1400w\.avif 1400w" sizes="\(max-width: 46rem\) 100vw, 42rem"\/>/);
  assert.match(articlePage, /<img src="\/img\/chart\.png" alt="A chart of costs" loading="lazy" decoding="async" width="1400" height="700" sizes="[^"]+"\/><\/picture>/);

  const copies = copiesOf(build.files);
  assert.equal(copies.size, 2 * 3 + 2 * 5, 'portrait: 3 widths, chart: 5, each in two formats');
  for (const [file, bytes] of copies) {
    const { format, width } = await sharp(bytes).metadata();
    const [, expectedWidth, expectedFormat] = /\.(\d+)w\.(avif|webp)$/.exec(file) ?? [];
    assert.equal(format === 'heif' ? 'avif' : format, expectedFormat, file);
    assert.equal(width, Number(expectedWidth), file);
  }
  assert.ok(![...build.files.keys()].some((file) => /^images\/social-default\.\d+w\./.test(file)), 'the sharing image, shown by no page, gets no copies');
});

/** A photo as a phone stores it: 600×300 as the camera saw it, red on the left, with an EXIF orientation (6) that turns it a quarter clockwise for viewing, red on top. */
const sidewaysPhoto = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#0000cc' } })
    .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: '#cc0000' } }, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

test('a photo stored on its side, as phones store them, is shown upright: its size on the page and every copy are turned by its EXIF orientation', async () => {
  const site = { ...FILES, 'content/site.md': SITE_MD.replace('photo: "/images/physician.svg"', 'photo: "/images/phone.jpg"'), 'assets/images/phone.jpg': await sidewaysPhoto() };
  const build = await buildFrom(site, { cacheDir: await freshCache() });
  assert.match(pageAt(build, '/about'), /<img class="about__photo" src="\/images\/phone\.jpg" width="300" height="600"/);
  const copies = [...copiesOf(build.files)].filter(([file]) => file.startsWith('images/phone.'));
  assert.equal(copies.length, 2);
  for (const [file, bytes] of copies) {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [300, 600], file);
    const [red, , blue] = data;
    assert.ok((red ?? 0) > 150 && (blue ?? 255) < 100, `${file}: red at the top left`);
  }
});

/** The image copies the cache holds, each where it is stored. */
function imageEntries(cacheDir: string): string[] {
  return new CacheStore(cacheDir)
    .entries()
    .filter((entry) => entry.kind === 'image')
    .map((entry) => `${entry.key} ${path.basename(entry.file)} ${entry.offset}`)
    .sort();
}

test('two images with the same bytes under two names each get their copies, encoded once', async () => {
  const cacheDir = await freshCache();
  const same = await png(700, 400, 200);
  const build = await buildFrom(
    {
      'assets/img/knee.png': same,
      'assets/img/knee-copy.png': same,
      'content/insights/a.md': article({ title: 'Twice', date: '2025-01-01' }, '![One](/img/knee.png)\n\n![Two](/img/knee-copy.png)'),
    },
    { cacheDir },
  );
  const copies = copiesOf(build.files);
  assert.deepEqual([...copies.keys()].sort(), ['320w', '640w', '700w'].flatMap((width) => ['knee', 'knee-copy'].flatMap((name) => ['avif', 'webp'].map((format) => `img/${name}.${width}.${format}`))).sort());
  for (const [file, bytes] of copies) assert.ok(bytes.equals(copies.get(file.replace('knee-copy', 'knee')) as Buffer), `${file} is the same copy`);
  assert.equal(imageEntries(cacheDir).length, 3 * 2 + 2, 'three widths in two formats, encoded once for both names, beside the home-screen and tab icons');
});

test('each copy is encoded once: a second build takes them all from the cache, the same bytes', async () => {
  const cacheDir = await freshCache();
  const first = await buildFrom(FILES, { cacheDir });
  const entries = imageEntries(cacheDir);
  const second = await buildFrom(FILES, { cacheDir });
  assert.deepEqual(imageEntries(cacheDir), entries, 'no copy stored again');
  assert.deepEqual(copiesOf(second.files), copiesOf(first.files));
});

test('an image that cannot be decoded stops the build once, where the article shows it, in our words and with a hint', async () => {
  // A PNG whose header gives its size, as the load reads it, but whose pixels are not there.
  const header = (await png(1400, 700)).subarray(0, 33);
  for (const broken of [Buffer.concat([header, Buffer.from('not pixels')]), (await png(1400, 700)).subarray(0, 100)]) {
    const failure = await buildFrom({ ...FILES, 'assets/img/chart.png': broken }, { cacheDir: await freshCache() }).then(
      () => assert.fail('the build should stop'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof ContentErrors, String(failure));
    const [diagnostic] = failure.diagnostics;
    assert.equal(diagnostic?.ruleId, 'invalid-image');
    assert.match(diagnostic?.file ?? '', /content\/insights\/a\.md$/);
    assert.equal(diagnostic?.line, 8);
    assert.equal(diagnostic?.message, 'The image /img/chart.png is cut short or damaged: its pixels cannot be read, so readers would see it broken.');
    assert.match(diagnostic?.hint ?? '', /save it again as PNG or JPEG, or replace it/);
    assert.equal(failure.diagnostics.length, 1, 'one error for the image, not one for each of its copies');
  }
});

test('an image the load found whole but libvips cannot resize is told as a damaged image, at each place that shows it, whichever stage finds it', async () => {
  const folder = await freshCache();
  const file = path.join(folder, 'chart.png');
  await writeFile(file, (await png(1400, 700)).subarray(0, 100));
  // As the load describes a file whose header reads well: its size is known and no fault was found.
  const asset = { relativePath: 'img/chart.png', absolutePath: file, size: 100, digest: 'whole-at-load', dimensions: { width: 1400, height: 700 } };
  const shown = [
    { url: '/img/chart.png', at: { file: 'content/insights/a.md', line: 8 } },
    { url: '/img/chart.png', at: { file: 'content/insights/a.es.md', line: 9 } },
  ];
  const [copy] = imageOutputs(shown, [asset], new CacheStore(folder));
  const failure = await copy?.contents().then(
    () => assert.fail('the copy cannot be made'),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ContentErrors, String(failure));
  assert.deepEqual(
    failure.diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.file, diagnostic.line, diagnostic.message]),
    shown.map(({ at }) => ['invalid-image', at.file, at.line, 'The image /img/chart.png is cut short or damaged: its pixels cannot be read, so readers would see it broken.']),
  );
});

test("two images named alike but for their extension, or an asset at a copy's path, stop the build: neither shows in the other's place", async () => {
  const stopped = async (files: Record<string, string | Buffer>) => {
    const failure = await buildFrom({ ...FILES, ...files }, { cacheDir: await freshCache() }).then(
      () => assert.fail('the build should stop'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof ContentErrors, String(failure));
    return failure.diagnostics.map((diagnostic) => [diagnostic.ruleId, path.basename(diagnostic.file), diagnostic.message]);
  };
  const photo = article({ title: 'With a Photo', date: '2025-01-02' }, '![A photo of the clinic](/img/chart.jpg)');
  assert.deepEqual(await stopped({ 'assets/img/chart.jpg': await sharp(await png(600, 300, 250)).jpeg().toBuffer(), 'content/insights/b.md': photo }), [
    ['asset-collision', 'chart.png', "This image's smaller copies would be published at the same paths as those of img/chart.jpg (img/chart.320w.avif), so one image would show in the other's place."],
  ]);
  assert.deepEqual(await stopped({ 'assets/img/chart.640w.webp': await sharp(await png(640, 320)).webp().toBuffer() }), [['asset-collision', 'chart.640w.webp', 'This asset would replace the generated file img/chart.640w.webp.']]);
});
