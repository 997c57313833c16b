/**
 * The output folder itself: which folder a build may replace (only one it
 * made: empty, missing, or holding its marker; never the content or the
 * assets), the staging folders of builds killed half-way, and the swap of a
 * finished staging folder into place.
 */
import { lstatSync, readdirSync, readlinkSync, statSync, type Dirent } from 'node:fs';
import { lstat, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../diagnostics/index.ts';
import { fewNamed } from '../lib/list-of.ts';
import { overlaps, relativePath } from '../lib/relative-path.ts';
import { hasOwnMarker, MARKER_FILE, type OutputRecord } from './marker.ts';

/**
 * The folder a build replaces: out/ itself, or, when out/ is a link to a
 * folder (a web server's root, say), that folder, so that the link stays and
 * leads to the new site rather than being swapped away.
 */
export async function outputFolder(outDir: string): Promise<string> {
  if ((await lstat(outDir).catch(() => undefined))?.isSymbolicLink() !== true) return outDir;
  return realpath(outDir).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`The output folder ${outDir} is a link to ${readlinkSync(outDir)}, which cannot be reached (${error.code ?? 'error'}); make that folder, or choose another --out.`);
  });
}

/** The staging and retired folders of a build, beside out/: `.out.build-<pid>-<random>`. */
export function stagingPrefix(outDir: string, purpose: 'build' | 'old'): string {
  return path.join(path.dirname(path.resolve(outDir)), `.${path.basename(path.resolve(outDir))}.${purpose}-`);
}

/**
 * True when everything in the folder is a file the generator before the
 * marker wrote, as it wrote it (the size and time its record holds), or a
 * folder holding such files: that generator's out/, which nobody has changed.
 */
async function madeByEarlierGenerator(out: string, earlier: ReadonlyMap<string, string>): Promise<boolean> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => !entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name));
  const written = (file: string) => {
    const info = lstatSync(file, { throwIfNoEntry: false });
    return info?.isFile() === true && earlier.get(relativePath(out, file)) === `${info.size}:${info.mtimeMs}`;
  };
  // Every folder that holds a file, found from the files up: a site of 10,000 articles has about as many folders as files.
  const holding = new Set<string>();
  for (const file of files) for (let folder = path.dirname(file); folder !== out && !holding.has(folder); folder = path.dirname(folder)) holding.add(folder);
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name));
  return files.length > 0 && files.every(written) && folders.every((folder) => holding.has(folder));
}

/** The folders a site is made from, which its output must never overlap: the content, the articles' folder when given apart from it, and the assets. */
export function sourceFolders(options: { contentDir: string; insightsDir?: string | undefined; assetsDir: string }): string[] {
  return [options.contentDir, ...(options.insightsDir === undefined ? [] : [options.insightsDir]), options.assetsDir];
}

/**
 * Refuses an output folder that is, holds, or lies inside one of the
 * protected folders, by where each path leads: a link in --out's path (its
 * last part or any folder above) would otherwise have the build write the
 * site into the content or assets, to be published or committed with them.
 */
export function guardOutputOverlap(outDir: string, protectedDirs: readonly string[]): void {
  for (const dir of protectedDirs.map((folder) => path.resolve(folder))) {
    if (overlaps(outDir, dir)) throw new UsageError(`The output folder ${outDir} overlaps ${path.relative(process.cwd(), dir) || dir}; choose a separate folder such as out/.`);
  }
}

/**
 * Refuses an output folder whose replacement could lose someone's data: one
 * that overlaps the content or assets, a file, or a folder with anything in
 * it that this generator did not make (no marker of its own, and not the unchanged
 * output of the generator before the marker).
 *
 * @param protectedDirs folders the output must never replace (content, assets)
 * @param earlier reads what the generator before the marker recorded of its last write into this folder (`CacheStore.oldWriteRecord`): asked only of a folder with no marker
 */
export async function guardOutputFolder(outDir: string, protectedDirs: readonly string[], earlier?: () => ReadonlyMap<string, string> | undefined): Promise<void> {
  guardOutputOverlap(outDir, protectedDirs);
  const out = path.resolve(outDir);
  const info = await stat(out).catch(() => undefined);
  if (info === undefined) return;
  if (!info.isDirectory()) throw new UsageError(`The output path ${outDir} is a file, not a folder; remove it or choose another --out.`);
  const entries = await readdir(out);
  const marked = entries.includes(MARKER_FILE);
  if (entries.length === (marked ? 1 : 0) || (marked && (await hasOwnMarker(out)))) return;
  const record = earlier?.();
  if (record === undefined || !(await madeByEarlierGenerator(out, record))) {
    const why = marked ? `its ${MARKER_FILE} is not this generator's` : `it has no ${MARKER_FILE}`;
    throw new UsageError(`The output folder ${outDir} holds files this build did not make (${why}), and the build replaces its folder whole; choose an empty or new folder with --out, or empty ${outDir} yourself.`);
  }
}

/** Every entry under a folder; none when it cannot be read. */
function listEverything(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * The files of out/ its record does not list, sorted, by their paths in out/:
 * someone else put them there. None when the record lists nothing (no
 * marker, or a damaged one), which cannot say what was made.
 */
export function unrecordedFiles(outDir: string, record: OutputRecord): string[] {
  if (record.size === 0) return [];
  const out = path.resolve(outDir);
  // Listed on the caller's thread, as the build reads its small files (test/bench/README.md).
  return listEverything(out)
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relativePath(out, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== MARKER_FILE && !record.has(file))
    .sort();
}

/** Files the record lists that out/ no longer holds as they were written: deleted, or made another size by hand. */
export function alteredFiles(outDir: string, record: OutputRecord): string[] {
  return [...record]
    .filter(([file, entry]) => statSync(path.join(outDir, file), { throwIfNoEntry: false })?.size !== entry.size)
    .map(([file]) => file)
    .sort();
}

/** Files an operating system leaves in any folder it shows: made by no one, and lost by no one. */
const SYSTEM_LITTER: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/**
 * Refuses an out/ of this generator's that holds files its record does not
 * list: someone put them there (a verification file, a note), and the swap
 * would delete them with the rest of the old folder.
 *
 * @param record the marker's record of the last build; empty when there is no marker (out/ is empty, missing, or the generator before's, guarded by guardOutputFolder) or a damaged one, which cannot say what was made, so the folder is taken as the generator's whole
 */
export function guardUnrecordedFiles(outDir: string, record: OutputRecord): void {
  const unrecorded = unrecordedFiles(outDir, record).filter((file) => !SYSTEM_LITTER.has(path.posix.basename(file)));
  if (unrecorded.length === 0) return;
  const shown = fewNamed(unrecorded.map((file) => path.join(outDir, file)));
  const them = unrecorded.length === 1 ? 'it' : 'them';
  throw new UsageError(
    `The output folder ${outDir} holds ${unrecorded.length === 1 ? 'a file' : 'files'} this build did not make (${shown}), which replacing the folder would delete; move ${them} out of ${outDir} (a build never keeps files put there by hand: a file the site should publish goes in the assets folder, at the path it should have), then build again.`,
  );
}

/** True while the process that named a staging folder still runs. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the staging and retired folders of builds into this out/ that were killed before they finished. */
export async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const prefixes = [stagingPrefix(outDir, 'build'), stagingPrefix(outDir, 'old')].map((prefix) => path.basename(prefix));
  for (const name of await readdir(parent).catch(() => [])) {
    const prefix = prefixes.find((start) => name.startsWith(start));
    const pid = prefix === undefined ? Number.NaN : Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Puts a finished staging folder in out/'s place, in two renames: out/ to a
 * retired name, then the staging folder to out/. Node has no atomic exchange
 * of two folders (Linux's RENAME_EXCHANGE), so for the moment between the
 * renames there is no out/; a reader then finds nothing rather than half a
 * site (the preview tries such a read again).
 */
export async function swapInto(outDir: string, staging: string, suffix: string): Promise<void> {
  const out = path.resolve(outDir);
  const retired = `${stagingPrefix(outDir, 'old')}${suffix}`;
  const hadPrevious = (await stat(out).catch(() => undefined)) !== undefined;
  if (hadPrevious) await rename(out, retired);
  try {
    await rename(staging, out);
  } catch (error) {
    if (hadPrevious) await rename(retired, out);
    throw error;
  }
  if (hadPrevious) await rm(retired, { recursive: true, force: true });
}
