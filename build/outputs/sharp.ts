/**
 * sharp, loaded only when an image is to be encoded: a build that finds
 * every image and card in the cache never loads libvips.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';

export async function loadSharp(): Promise<typeof Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp;
}

/** sharp's version, read without loading it: a new one may encode differently, so it is part of the key of what it encodes. */
export function sharpVersion(): string {
  // sharp exports no package.json; it lies one folder above its main module.
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('sharp')), '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
