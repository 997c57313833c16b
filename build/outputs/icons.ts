/**
 * The site's icons, drawn with sharp and kept in the build cache under a key
 * of their source's bytes and sharp's version: the home-screen icon
 * (`TOUCH_ICON`), the practice's logo square on white from whatever the logo
 * is (SVG or raster, square or not), and the tab icon (`TAB_ICON`), the
 * favicon as favicon.ico.
 */
import { TAB_ICON, TOUCH_ICON } from '../config.ts';
import { ContentErrors, problem } from '../diagnostics/index.ts';
import type { AssetFile } from '../load/index.ts';
import type { Output } from '../output.ts';
import { entryKey, type CacheStore } from '../store/index.ts';
import { loadSharp, sharpVersion } from './sharp.ts';

/** White, as behind the logo on the site's own header; a phone shows transparency as black. */
const WHITE = '#ffffff';
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/** How one icon is drawn from its source. */
interface IconDrawing {
  size: number;
  /** A colour behind the source, for an icon that must be opaque; none keeps the source's transparency. */
  background?: string;
  /** What to say when the source will not decode. */
  fault: 'logoUndecodable' | 'faviconUndecodable';
}

/**
 * Draws a vector source with its longer side at twice the icon's size (the
 * side the icon fits), to be scaled down with sharp edges; sharp reads SVG
 * at 72 dots per inch.
 */
function densityFor(source: AssetFile, size: number): number | undefined {
  if (!source.relativePath.toLowerCase().endsWith('.svg') || source.dimensions === undefined) return undefined;
  return (72 * 2 * size) / Math.max(source.dimensions.width, source.dimensions.height);
}

/** How an icon is drawn, part of its key: turned upright by the source's EXIF orientation, as a browser shows it. */
const DRAWN = 'upright';

/** The source drawn whole, centred in a square of the icon's size, as PNG. */
async function drawPng(source: AssetFile, drawing: IconDrawing): Promise<Buffer> {
  const sharp = await loadSharp();
  const density = densityFor(source, drawing.size);
  try {
    const image = sharp(source.absolutePath, density === undefined ? {} : { density }).autoOrient().resize(drawing.size, drawing.size, { fit: 'contain', background: drawing.background ?? CLEAR });
    return await (drawing.background === undefined ? image : image.flatten({ background: drawing.background })).png().toBuffer();
  } catch {
    // The load found the source whole (load/image-check.ts); one that still fails is told in one line, not in libvips's words.
    throw new ContentErrors([problem(drawing.fault, { file: source.absolutePath })]);
  }
}

/**
 * A PNG in the ICO container, which holds PNG images as they are (Windows
 * Vista and every browser since read them): a six-byte header saying one
 * image, then that image's sixteen-byte entry (its size, 32 bits a pixel,
 * its length and where it starts).
 */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

/** The logo as the icon a phone puts on its home screen and a feed reader shows. */
export function touchIconOutput(logo: AssetFile, store: CacheStore): Output {
  const key = entryKey('touch-icon', sharpVersion(), DRAWN, logo.digest, String(TOUCH_ICON.size));
  const drawing = { size: TOUCH_ICON.size, background: WHITE, fault: 'logoUndecodable' } as const;
  return { path: TOUCH_ICON.file, key, contents: () => store.getOrMake('image', key, () => drawPng(logo, drawing)) };
}

/** The favicon as favicon.ico. */
export function tabIconOutput(favicon: AssetFile, store: CacheStore): Output {
  const key = entryKey('tab-icon', sharpVersion(), DRAWN, favicon.digest, String(TAB_ICON.size));
  const drawing = { size: TAB_ICON.size, fault: 'faviconUndecodable' } as const;
  return { path: TAB_ICON.file, key, contents: () => store.getOrMake('image', key, async () => icoOf(await drawPng(favicon, drawing), TAB_ICON.size)) };
}
