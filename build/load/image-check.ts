/**
 * Whether an image of assets/ would show in a browser, judged by its bytes
 * rather than its name. A browser takes an image's kind from its name (the
 * host sends the type of its extension), so a PNG saved as `.svg`, SVG text
 * saved as `.png`, an empty file or one cut short all show broken. Whether
 * a raster's pixels decode is kept in the cache under its hash, so only a
 * new or changed image loads libvips.
 */
import path from 'node:path';
import { problem, type ContentDiagnostic, type Place } from '../diagnostics/index.ts';
import { entryKey, type CacheStore } from '../store/index.ts';

/** What would make an image show broken: `found` is the format its first bytes announce, `extension` the one its name ends in. */
export type ImageFault = { kind: 'empty' | 'not-image' | 'damaged' } | { kind: 'mislabelled'; found: string; extension: string };

/** The format each image extension names. */
const NAMED_FORMAT: Readonly<Record<string, string>> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp', avif: 'avif', svg: 'svg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Browsers read a raster's format from its bytes whatever type the host
 * sends (a PNG saved as `.jpg`, as phones often save screenshots, shows), but
 * never take a raster for SVG or SVG for a raster, and show no HEIF.
 */
const browsersSniff = (found: string, named: string | undefined) => named !== undefined && ![found, named].some((format) => format === 'svg' || format === 'heif');

/** SVG is text with an `<svg>` element. */
const isSvgText = (bytes: Buffer) => /<svg[\s>/]/i.test(bytes.toString('utf8'));

/** The format a file's first bytes announce, whatever its name; undefined when they announce none a page shows. */
function formatOf(bytes: Buffer): string | undefined {
  const text = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  // An ISO file (AVIF, HEIC) lists its brands in its first box; AVIF is the one a browser shows.
  if (text(4, 8) === 'ftyp') return /avi[fs]/.test(text(8, bytes.readUInt32BE(0))) ? 'avif' : 'heif';
  return isSvgText(bytes) ? 'svg' : undefined;
}

/** Whether every pixel of a raster decodes, as the copies for small screens decode them: what finds a file cut short, whose header alone reads well. */
async function decodes(bytes: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  // libvips's operation cache can answer for a buffer by its address: a damaged file read where a whole one was freed would be taken for it.
  sharp.cache(false);
  try {
    await sharp(bytes).stats();
    return true;
  } catch {
    return false;
  }
}

async function decodesKept(bytes: Buffer, digest: string, store: CacheStore): Promise<boolean> {
  const key = entryKey('image-decodes', digest);
  const known = store.getJson<{ decodes: boolean }>('image-facts', key);
  if (typeof known?.decodes === 'boolean') return known.decodes;
  const found = await decodes(bytes);
  store.putJson('image-facts', key, { decodes: found });
  return found;
}

/**
 * What would make an image show broken, or undefined when it shows. An SVG
 * is not decoded: a browser may show one that librsvg refuses.
 *
 * @param relativePath its path in assets/, whose extension says what it should be
 * @param facts its bytes and their hash, and the cache that keeps whether they decode
 */
export async function imageFault(relativePath: string, facts: { bytes: Buffer; digest: string; store: CacheStore }): Promise<ImageFault | undefined> {
  const { bytes, digest, store } = facts;
  const extension = path.extname(relativePath).slice(1).toLowerCase();
  if (bytes.length === 0) return { kind: 'empty' };
  const found = formatOf(bytes);
  if (found === undefined) return { kind: 'not-image' };
  if (found !== NAMED_FORMAT[extension] && !browsersSniff(found, NAMED_FORMAT[extension])) return { kind: 'mislabelled', found, extension };
  if (found === 'svg') return undefined;
  return (await decodesKept(bytes, digest, store)) ? undefined : { kind: 'damaged' };
}

/** The error for a file that shows an image with this fault, at the line that shows it when known. */
export function imageFaultProblem(fault: ImageFault, at: Place, url: string): ContentDiagnostic {
  if (fault.kind === 'mislabelled') return problem('imageMislabelled', at, { url, found: fault.found, extension: fault.extension });
  const id = ({ empty: 'imageEmpty', 'not-image': 'imageNotImage', damaged: 'imageDamaged' } as const)[fault.kind];
  return problem(id, at, { url });
}
