/**
 * sharp, loaded only when an image is to be encoded: a build that finds
 * every image and card in the cache never loads libvips.
 */
import type Sharp from 'sharp';

export async function loadSharp(): Promise<typeof Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp;
}
