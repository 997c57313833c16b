/**
 * The cache as the generator kept it before its packs: a file an entry, named
 * by its key, in builds/, checks/, images/, markdown/, og/ and writes/, and
 * the handouts' facts in pdf-facts.json. A whole build removes them, so that
 * an upgraded site's cache is not left holding work no build reads again; but
 * only a real folder holding such entries and nothing else, and only a
 * pdf-facts.json of that shape, so that a `--cache` pointed at a folder of the
 * user's never loses a file the generator did not make.
 *
 * Its record of the last write into an output folder is read before that:
 * with it, the first build after an upgrade knows the out/ that generator
 * made (it left no marker there) and may replace it.
 */
import { lstatSync, readdirSync, readFileSync, rmdirSync, rmSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { entryKey } from './key.ts';

const KEY = '[0-9a-f]{64}';
const DIGEST = new RegExp(`^${KEY}$`);
const HALF_WRITTEN = '(?:\\.[0-9a-f]{8}\\.tmp)?';
const entryName = (names: string, extensions: string) => new RegExp(`^(?:${names})\\.(?:${extensions})${HALF_WRITTEN}$`);

/** Each folder of the old layout, and the names of its entries: the key (or the checks' one file) and the kind's extension, or the same name half-written. */
const OLD_FOLDERS: Record<string, RegExp> = {
  builds: entryName(KEY, 'json'),
  checks: entryName(`${KEY}|pages`, 'json'),
  images: entryName(KEY, 'avif|webp'),
  markdown: entryName(KEY, 'bin|json'),
  og: entryName(KEY, 'png'),
  writes: entryName(KEY, 'json'),
};

/** The folder's entries when it is a real folder (not a link) holding old entries alone; undefined otherwise. */
function oldEntries(folder: string, entry: RegExp): Dirent[] | undefined {
  if (lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true) return undefined;
  const entries = readdirSync(folder, { withFileTypes: true });
  return entries.length > 0 && entries.every((each) => each.isFile() && entry.test(each.name)) ? entries : undefined;
}

/** True for the old handouts' facts: an object of PDF digests, each with its page count. */
function isOldPdfFacts(file: string): boolean {
  if (lstatSync(file, { throwIfNoEntry: false })?.isFile() !== true) return false;
  const facts: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof facts !== 'object' || facts === null || Array.isArray(facts)) return false;
  return Object.entries(facts).every(([digest, value]) => DIGEST.test(digest) && typeof (value as { pages?: unknown } | null)?.pages === 'number');
}

/** Removes the old layout from the cache folder; what it cannot read or remove stays, and the build goes on. */
export function removeOldLayout(cacheFolder: string): void {
  for (const [name, entry] of Object.entries(OLD_FOLDERS)) {
    const folder = path.join(cacheFolder, name);
    try {
      const entries = oldEntries(folder, entry);
      if (entries === undefined) continue;
      for (const each of entries) rmSync(path.join(folder, each.name), { force: true });
      // Not recursive: a file that appeared since the listing keeps the folder.
      rmdirSync(folder);
    } catch {
      // Removing stale work is a courtesy: a folder that cannot be read or removed is left as it is.
    }
  }
  const pdfFacts = path.join(cacheFolder, 'pdf-facts.json');
  try {
    if (isOldPdfFacts(pdfFacts)) rmSync(pdfFacts, { force: true });
  } catch {
    // Not JSON, or unreadable: not the old facts, or not ours to remove.
  }
}

/**
 * What the generator before packs recorded of its last write into an output
 * folder: each file's size and modification time as written (`"size:mtimeMs"`),
 * by its path in the folder; undefined when the cache holds no such record.
 */
export function oldWriteRecord(cacheFolder: string, outDir: string): ReadonlyMap<string, string> | undefined {
  const file = path.join(cacheFolder, 'writes', `${entryKey(path.resolve(outDir))}.json`);
  try {
    const record: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
    const stamps = Object.entries(record).map(([written, entry]) => [written, (entry as { stamp?: unknown } | null)?.stamp] as const);
    return stamps.every(([, stamp]) => typeof stamp === 'string') ? new Map(stamps as [string, string][]) : undefined;
  } catch {
    // No record, or not one of that generator's: the folder is judged by its marker alone.
    return undefined;
  }
}
