/**
 * sharp, loaded when an image is to be encoded, with one libvips thread per
 * image: the build encodes many small images at once, each already on a
 * thread of its own, and libvips's own pool of threads for every image only
 * made them wait on each other (see test/bench/README.md).
 */
import type Sharp from 'sharp';

export async function loadSharp(): Promise<typeof Sharp> {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  return sharp;
}
