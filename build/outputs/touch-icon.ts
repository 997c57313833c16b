/**
 * The home-screen icon (`TOUCH_ICON`): the practice's logo drawn square on
 * white, from whatever the logo is (SVG or raster, square or not), kept in
 * the build cache under a key of the logo's bytes and sharp's version.
 */
import { TOUCH_ICON } from '../config.ts';
import { ContentErrors, problem } from '../diagnostics/index.ts';
import type { AssetFile } from '../load/index.ts';
import type { Output } from '../output.ts';
import { entryKey, type CacheStore } from '../store/index.ts';
import { loadSharp, sharpVersion } from './sharp.ts';

/** White, as behind the logo on the site's own header; a phone shows transparency as black. */
const BACKGROUND = '#ffffff';

/**
 * Draws a vector logo with its longer side at twice the icon's size (the
 * side the icon fits), to be scaled down with sharp edges; sharp reads SVG
 * at 72 dots per inch.
 */
function densityFor(logo: AssetFile): number | undefined {
  if (!logo.relativePath.toLowerCase().endsWith('.svg') || logo.dimensions === undefined) return undefined;
  return (72 * 2 * TOUCH_ICON.size) / Math.max(logo.dimensions.width, logo.dimensions.height);
}

async function drawIcon(logo: AssetFile): Promise<Buffer> {
  const sharp = await loadSharp();
  const density = densityFor(logo);
  try {
    return await sharp(logo.absolutePath, density === undefined ? {} : { density })
      .resize(TOUCH_ICON.size, TOUCH_ICON.size, { fit: 'contain', background: BACKGROUND })
      .flatten({ background: BACKGROUND })
      .png()
      .toBuffer();
  } catch {
    // The load found the logo whole (load/image-check.ts); one that still fails is told in one line, not in libvips's words.
    throw new ContentErrors([problem('logoUndecodable', { file: logo.absolutePath })]);
  }
}

export function touchIconOutput(logo: AssetFile, store: CacheStore): Output {
  const key = entryKey('touch-icon', sharpVersion(), logo.digest, String(TOUCH_ICON.size));
  return { path: TOUCH_ICON.file, key, contents: () => store.getOrMake('image', key, () => drawIcon(logo)) };
}
