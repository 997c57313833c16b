/**
 * Which smaller copies of an image the build offers (issue 6): AVIF and WebP
 * at the widths screens need, never wider than the original.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageSources, imageVariants, isRasterImage } from '../../../build/lib/responsive-image.ts';

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
  assert.deepEqual(imageVariants('/img/exact.png', 640).map((variant) => variant.width), [320, 640, 320, 640], 'a width equal to a step is not repeated');
});

test('only PNG and JPEG get copies: an SVG scales by itself, GIF and WebP are left as they are', () => {
  assert.deepEqual(imageVariants('/images/logo.svg', 640), []);
  assert.deepEqual(imageSources('/images/logo.svg', 640), []);
  assert.deepEqual(imageVariants('/img/unknown-size.png', 0), [], 'an image of unknown width');
  for (const url of ['/images/logo.svg', '/pdfs/a.pdf', '/img/a.gif', '/img/a.webp', '/img/a.png.txt']) assert.equal(isRasterImage(url), false, url);
  for (const url of ['/img/a.png', '/img/a.JPG', '/img/a.jpeg']) assert.equal(isRasterImage(url), true, url);
});

test("a picture's sources list each format's copies as a srcset, AVIF first", () => {
  assert.deepEqual(imageSources('/img/chart.png', 700), [
    { type: 'image/avif', srcSet: '/img/chart.320w.avif 320w, /img/chart.640w.avif 640w, /img/chart.700w.avif 700w' },
    { type: 'image/webp', srcSet: '/img/chart.320w.webp 320w, /img/chart.640w.webp 640w, /img/chart.700w.webp 700w' },
  ]);
});
