/**
 * The site around a synthetic corpus (../shared/bench/make-corpus.mjs): the
 * real content's identity and topics, the real assets, and the images under
 * /img/ that the corpus shows, so that the build's link check passes as it
 * would for a real site.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Writes assets for a corpus into `assetsDir`.
 *
 * @returns how many distinct images the corpus shows
 */
export function prepareCorpusAssets(corpus: string, assetsDir: string): number {
  cpSync(path.join(ROOT, 'assets'), assetsDir, { recursive: true });
  mkdirSync(path.join(assetsDir, 'img'), { recursive: true });
  const images = new Set<string>();
  for (const file of readdirSync(corpus)) for (const [, image] of readFileSync(path.join(corpus, file), 'utf8').matchAll(/\(\/img\/([^)\s]+)\)/g)) images.add(image as string);
  for (const image of images) cpSync(path.join(ROOT, 'assets/images/social-default.png'), path.join(assetsDir, 'img', image));
  return images.size;
}

/** The build command for a corpus, as `npm run build` runs it. */
export function buildArguments(corpus: string, assetsDir: string, out: string, cache: string): string[] {
  return ['--single-threaded-gc', '--heap-growing-percent=50', '--import', 'tsx', path.join(ROOT, 'build/cli/build.ts'), '--insights', corpus, '--assets', assetsDir, '--out', out, '--cache', cache];
}
