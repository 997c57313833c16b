/**
 * The one door to sharp (libvips), which encodes the AVIF and WebP copies of
 * images: loaded only when something must be encoded, and its version read
 * without loading it, for cache keys.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';

const require = createRequire(import.meta.url);

let version: Promise<string> | undefined;

/** sharp's version: a new one may encode differently, so it is part of every key of what it made. */
export function sharpVersion(): Promise<string> {
  // sharp exports no package.json; it lies one folder above its main module.
  version ??= readFile(path.join(path.dirname(require.resolve('sharp')), '..', 'package.json'), 'utf8').then((text) => (JSON.parse(text) as { version: string }).version);
  return version;
}

/** sharp itself, loaded on first use. */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}
