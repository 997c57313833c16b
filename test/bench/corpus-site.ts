/**
 * The site around a synthetic corpus (../shared/bench/make-corpus.mjs): the
 * real content's identity and topics, the real assets, and the images under
 * /img/ that the corpus shows, so that the build's link check passes as it
 * would for a real site; and, for the bilingual corpus, each article's
 * Spanish translation beside it.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translatedFileName } from '../../build/lib/languages.ts';
import { toSlug } from '../../build/lib/slug.ts';
import { spanishText } from './spanish-text.ts';

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
  return ['--single-threaded-gc', '--heap-growing-percent=50', path.join(ROOT, 'build/cli/start.js'), 'build', '--insights', corpus, '--assets', assetsDir, '--out', out, '--cache', cache];
}

/** The fields of a corpus article's front matter whose values are prose, and so translated. */
const PROSE_FIELDS = /^(title|summary): (.*)$/gm;

/**
 * Writes the Spanish translation of each article of `source` into `target`:
 * `x.md` becomes `x.es.md`, with the same front matter (title and summary in
 * Spanish-looking text, see spanish-text.ts; date and draft the original's)
 * and a body of the same length and markdown. Every Spanish title is made
 * unique, as the English ones are, so that each has an address of its own.
 * The Spanish site around them is content/site.es.md, which every corpus build
 * reads with the rest of content/.
 */
export function writeSpanishTranslations(source: string, target: string): void {
  const slugs = new Set<string>();
  const uniqueTitle = (title: string): string => {
    let unique = title;
    for (let copy = 2; slugs.has(toSlug(unique)); copy++) unique = `${title} ${copy}`;
    slugs.add(toSlug(unique));
    return unique;
  };
  for (const file of englishArticles(source)) {
    const [, head = '', body = ''] = /^(---\n[\s\S]*?\n---\n)([\s\S]*)$/.exec(readFileSync(path.join(source, file), 'utf8')) ?? [];
    const spanishHead = head.replace(PROSE_FIELDS, (_line, field: string, value: string) => `${field}: ${field === 'title' ? uniqueTitle(spanishText(value)) : spanishText(value)}`);
    writeFileSync(path.join(target, translatedFileName(file, 'es')), spanishHead + spanishText(body));
  }
}

function englishArticles(folder: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && !file.endsWith('.es.md'))
    .sort();
}

/**
 * A folder holding the articles of `corpus` (linked, not copied) and the
 * Spanish translation of each, made once for a corpus and kept: it is the
 * build's input, made again only when the corpus's files change.
 *
 * @returns the folder, `target`
 */
export function bilingualCorpus(corpus: string, target: string): string {
  const articles = englishArticles(corpus);
  const stamp = JSON.stringify(articles.map((file) => [file, statSync(path.join(corpus, file)).mtimeMs]));
  const stampFile = `${target}.stamp`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return target;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const file of articles) linkSync(path.join(corpus, file), path.join(target, file));
  writeSpanishTranslations(corpus, target);
  writeFileSync(stampFile, stamp);
  return target;
}
