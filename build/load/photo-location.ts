/**
 * Where a photo was taken, as its EXIF data records it: phones and cameras
 * write their GPS position into a JPEG unless told not to. The site publishes
 * assets as they are, so anyone who saves such a photo can read the place (a
 * portrait taken at home gives the home's), and the build warns of it. The
 * AVIF and WebP copies keep no EXIF. Read with exifr's smallest bundle, which
 * reads the EXIF of JPEG, where cameras write it; other formats are seldom
 * saved with it.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';

const JPEG = /\.jpe?g$/i;

/** A coordinate to three decimals: about a hundred metres, enough to know the place. */
const nearby = (degrees: number) => Math.round(degrees * 1000) / 1000;

/**
 * @param file the image's path, whose extension says whether it is a JPEG
 * @param bytes the image
 * @returns a warning naming the place, when the image records one
 */
export async function photoLocationProblem(file: string, bytes: Buffer): Promise<ContentDiagnostic | undefined> {
  if (!JPEG.test(file)) return undefined;
  const { gps } = await import('exifr/dist/mini.esm.mjs');
  // A file whose EXIF cannot be read records no place a reader could read either.
  const place = await gps(bytes).catch(() => undefined);
  if (place === undefined || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return undefined;
  return problem('photoLocation', { file }, { latitude: nearby(place.latitude), longitude: nearby(place.longitude) });
}
