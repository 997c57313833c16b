import slugifyText from 'slugify';

/**
 * The URL slug of a title or file name: lower case, ASCII letters, digits and
 * single hyphens (DECISIONS.md "Slug"). Accents are folded (`é` → `e`) and a few
 * symbols spelled out (`&` → `and`), as the slugify package does.
 *
 * @param text a title, or a file name without its `.md` extension
 * @returns the slug; empty when the text has no letter or digit slugify can keep
 */
export function toSlug(text: string): string {
  return slugifyText(text, { lower: true, strict: true });
}

/**
 * The slug of an article's file name, which must also reach the article
 * (spec §3: "also reachable by the slugified file name").
 *
 * @param fileName the file's base name, e.g. `part-d-2026.md`
 */
export function fileNameSlug(fileName: string): string {
  return toSlug(fileName.replace(/\.md$/i, ''));
}
