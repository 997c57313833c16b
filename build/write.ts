import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { cacheKey, CacheFolder } from './cache.ts';
import { UsageError } from './diagnostics.ts';
import { replacedPlaces } from './lib/memo.ts';

/** Files written at once: enough to keep the disk busy, few enough that the pages being written stay a handful. */
const WRITES_AT_ONCE = 32;

/**
 * A file of the built site: generated contents (a page's are rendered when
 * read, and its `digest` is a hash of them kept from an earlier read), or an
 * asset copied as is.
 */
export type OutputFile =
  | { path: string; contents: string | Uint8Array; digest?: string }
  /** `contentAddressed`: the source is a cache file named by a hash of its content, so its name alone tells whether it changed. */
  | { path: string; copyFrom: string; contentAddressed?: boolean };

/** A hash of what a file will hold, to tell whether out/ already holds it. */
export function contentDigest(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}

async function identityOf(file: OutputFile): Promise<string> {
  if (!('copyFrom' in file)) return file.digest ?? contentDigest(file.contents);
  if (file.contentAddressed === true) return `copy:${path.resolve(file.copyFrom)}`;
  const source = await stat(file.copyFrom);
  return `copy:${path.resolve(file.copyFrom)}:${source.size}:${source.mtimeMs}`;
}

/** A file's size and modification time, the way make tells a changed file; `-1:-1` when it is gone. */
export function fileStamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats === undefined ? '-1:-1' : `${stats.size}:${stats.mtimeMs}`;
}

/** What the last write put in out/, by path: each file's identity, and its {@link fileStamp} as written, to see that nobody changed it since. */
export type WriteRecord = Record<string, { identity: string; stamp: string }>;

function writeRecordOf(cacheDir: string, outDir: string): { folder: CacheFolder; key: string } {
  return { folder: new CacheFolder(cacheDir, 'writes', '.json'), key: cacheKey(path.resolve(outDir)) };
}

/** The record of the last write into an output folder; empty when there is none. */
export async function readWriteRecord(cacheDir: string, outDir: string): Promise<WriteRecord> {
  const { folder, key } = writeRecordOf(cacheDir, outDir);
  try {
    return JSON.parse((await folder.read(key))?.toString('utf8') ?? '{}') as WriteRecord;
  } catch {
    return {};
  }
}

/** True when out/ holds a file of this identity, as the last write left it: nobody has changed it since. */
function unchangedSince(recorded: WriteRecord[string] | undefined, identity: string, file: string): boolean {
  return recorded?.identity === identity && fileStamp(file) === recorded.stamp;
}

/**
 * Runs a step for every file, a few at a time: a page is rendered when its
 * contents are read, so this bounds the pages in memory. A file copied from
 * elsewhere waits for `copiesReady`, asked once, when the first such file is
 * reached: the site's files list the pages first, so by then this thread has
 * rendered them, and the sharing images drawn meanwhile may take its core.
 */
async function eachFile(files: readonly OutputFile[], step: (file: OutputFile) => Promise<void>, copiesReady?: () => Promise<void>): Promise<void> {
  let next = 0;
  let copiesWaited: Promise<void> | undefined;
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      if ('copyFrom' in file) await (copiesWaited ??= copiesReady?.());
      await step(file);
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, worker));
}

/** Writes or copies one file to a path. */
function put(file: OutputFile, target: string): Promise<void> {
  return 'copyFrom' in file ? copyFile(file.copyFrom, target) : writeFile(target, file.contents);
}

/**
 * The files of a built site, relative to it, with forward slashes.
 *
 * @throws when the folder does not exist
 */
export async function listOutput(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

/**
 * Refuses an output folder whose replacement would lose someone's data: one
 * that holds the content or assets, or an existing folder that is neither
 * empty nor a previous build (no index.html).
 */
async function checkOutputFolder(outDir: string, protectedDirs: readonly string[]): Promise<void> {
  const out = path.resolve(outDir);
  for (const dir of protectedDirs.map((d) => path.resolve(d))) {
    if (out === dir || dir.startsWith(`${out}${path.sep}`) || out.startsWith(`${dir}${path.sep}`)) {
      throw new UsageError(`The output folder ${outDir} overlaps ${path.relative(process.cwd(), dir) || dir}; choose a separate folder such as out/.`);
    }
  }
  if (!(await exists(out))) return;
  if (!(await stat(out)).isDirectory()) throw new UsageError(`The output path ${outDir} is a file, not a folder; remove it or choose another --out.`);
  const entries = await readdir(out);
  if (entries.length > 0 && !entries.includes('index.html')) {
    throw new UsageError(`The output folder ${outDir} is not empty and does not look like a built site; the build replaces the whole folder, so choose another --out.`);
  }
}

/**
 * Writes the site so that `out/` is only ever a complete build: everything
 * goes into a fresh sibling folder first, which then takes out/'s place in two
 * renames. If anything fails before that, out/ is left exactly as it was.
 *
 * With a cache folder, a file that is the same as the last write left it in
 * out/ is hard-linked from there instead of written again: far cheaper, and
 * safe, because no build ever changes a file in place.
 *
 * @param outDir the output folder
 * @param files every file of the site
 * @param protectedDirs folders the output must never replace (content, assets)
 * @param cacheDir where what each write put in out/ is remembered; without it, every file is written
 * @param memory where the preview keeps what was written, for its next update
 * @param copiesReady asked once the pages are written; settles when the files to copy exist (a build's `finishImages`); a rejection fails the write, and out/ stays as it was
 * @returns how many files were written, and how many kept from the last write
 */
export async function writeSite(outDir: string, files: readonly OutputFile[], protectedDirs: readonly string[], cacheDir?: string, memory?: WriteMemory, copiesReady?: () => Promise<void>): Promise<{ written: number; kept: number }> {
  await checkOutputFolder(outDir, protectedDirs);
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  const suffix = randomBytes(4).toString('hex');
  const staging = path.join(parent, `.${path.basename(out)}.build-${suffix}`);
  const retired = path.join(parent, `.${path.basename(out)}.old-${suffix}`);
  try {
    await mkdir(staging, { recursive: true });
  } catch (error) {
    throw new UsageError(`Cannot create the output folder next to ${outDir} (${(error as NodeJS.ErrnoException).code ?? 'error'}); check that ${parent} is writable.`);
  }
  const previous = cacheDir === undefined ? {} : await readWriteRecord(cacheDir, out);
  const identities = new Map<string, string>();
  let kept = 0;
  try {
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    await eachFile(files, async (file) => {
      const target = path.join(staging, file.path);
      if (cacheDir !== undefined) {
        const current = path.join(out, file.path);
        const identity = await identityOf(file);
        identities.set(file.path, identity);
        if (unchangedSince(previous[file.path], identity, current) && (await link(current, target).then(() => true, () => false))) {
          kept++;
          return;
        }
      }
      await put(file, target);
    }, copiesReady);
    const hadPrevious = await exists(out);
    if (hadPrevious) await rename(out, retired);
    try {
      await rename(staging, out);
    } catch (error) {
      if (hadPrevious) await rename(retired, out);
      throw error;
    }
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (cacheDir !== undefined) {
    const record: WriteRecord = {};
    for (const [file, identity] of identities) record[file] = { identity, stamp: fileStamp(path.join(out, file)) };
    await saveWriteRecord(cacheDir, out, record, memory, files);
  }
  return { written: files.length - kept, kept };
}

/** Keeps what a write put in out/: in the cache for the next process, and in the preview's memory when it has one. */
async function saveWriteRecord(cacheDir: string, out: string, record: WriteRecord, memory: WriteMemory | undefined, files: readonly OutputFile[]): Promise<void> {
  memory?.remember(out, record, true, files);
  await storeWriteRecord(cacheDir, out, record);
}

async function storeWriteRecord(cacheDir: string, out: string, record: WriteRecord): Promise<void> {
  const { folder, key } = writeRecordOf(cacheDir, out);
  await folder.write(key, JSON.stringify(record));
}

/**
 * What this process last wrote into an output folder, for the preview,
 * which updates the same out/ after every edit: its record is then neither
 * read back from the cache nor checked against the files, since nothing else
 * writes there. A file edited by hand in out/ meanwhile is put back by the
 * next full read (a restart of the preview), not by the next edit.
 *
 * An update leaves its record here only; {@link WriteMemory.save} stores it
 * in the cache when the preview is idle. Until then the cache holds an older
 * record, which costs the next process only some rewriting: a file it
 * describes wrongly no longer has the size and time it recorded.
 */
export class WriteMemory {
  out: string | undefined;
  record: WriteRecord = {};
  /**
   * The files of the last update, as the objects it was given. A build makes
   * a file's object anew only when what it holds may have changed, so a
   * file given again as the very same object, at the same place in the list,
   * is known unchanged without hashing or even visiting it.
   */
  files: readonly OutputFile[] = [];
  private unsaved = false;

  remember(out: string, record: WriteRecord, saved = true, files: readonly OutputFile[] = []): void {
    this.out = out;
    this.record = record;
    this.files = files;
    this.unsaved = !saved;
  }

  /** Stores the last update's record in the cache, for the next process. */
  async save(cacheDir: string): Promise<void> {
    if (this.out === undefined || !this.unsaved) return;
    this.unsaved = false;
    await storeWriteRecord(cacheDir, this.out, this.record);
  }
}

/**
 * Brings out/ up to date in place, for the preview server: only the files
 * that changed since the last write are written (each beside its place, then
 * renamed over it, so a reader never gets half a file), and files the site no
 * longer has are removed. Unlike {@link writeSite}, out/ is not swapped
 * whole, so a reader may for a moment see some pages new and some old: a
 * local preview can afford that, a publish cannot. An edit to one article
 * rewrites its page and the few that show it, not the site.
 *
 * @param outDir the output folder
 * @param files every file of the site
 * @param protectedDirs folders the output must never replace (content, assets)
 * @param cacheDir where what each write put in out/ is remembered
 * @param copiesReady as for {@link writeSite}
 * @returns the files written, relative to out/
 */
export async function updateSite(outDir: string, files: readonly OutputFile[], protectedDirs: readonly string[], cacheDir: string, memory?: WriteMemory, copiesReady?: () => Promise<void>): Promise<{ written: string[] }> {
  const out = path.resolve(outDir);
  if (!(await exists(path.join(out, 'index.html')))) {
    await writeSite(outDir, files, protectedDirs, cacheDir, memory, copiesReady);
    return { written: files.map((file) => file.path) };
  }
  await checkOutputFolder(outDir, protectedDirs);
  const trusted = memory?.out === out ? memory.record : undefined;
  const previous = trusted ?? (await readWriteRecord(cacheDir, out));
  // With the preview's own record, only the files that are not the objects of its last update need a look; the record is then brought up to date in place.
  const replaced = trusted === undefined ? undefined : replacedPlaces((memory as WriteMemory).files, files, (file, was) => file.path === was.path)?.map((place) => files[place] as OutputFile);
  const record: WriteRecord = replaced === undefined ? {} : previous;
  const written: string[] = [];
  const suffix = randomBytes(4).toString('hex');
  await eachFile(replaced ?? files, async (file) => {
    const target = path.join(out, file.path);
    const identity = await identityOf(file);
    const recorded = previous[file.path];
    // The preview's own record needs no stat: nothing else writes its out/.
    if (recorded !== undefined && (trusted === undefined ? unchangedSince(recorded, identity, target) : recorded.identity === identity)) {
      record[file.path] = recorded;
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await put(file, `${target}.${suffix}.tmp`);
    await rename(`${target}.${suffix}.tmp`, target);
    record[file.path] = { identity, stamp: fileStamp(target) };
    written.push(file.path);
  }, copiesReady);
  const gone = replaced !== undefined ? [] : (trusted === undefined ? await listOutput(out) : Object.keys(previous)).filter((file) => record[file] === undefined);
  await Promise.all(gone.map((file) => rm(path.join(out, file), { force: true })));
  // The folder of a page that is gone goes too, once empty (rmdir refuses a folder that is not).
  await Promise.all([...new Set(gone.map((file) => path.dirname(path.join(out, file))))].map((folder) => rmdir(folder).catch(() => undefined)));
  if (memory === undefined) await storeWriteRecord(cacheDir, out, record);
  else memory.remember(out, record, false, files);
  return { written: written.sort() };
}
