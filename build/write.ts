import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, CacheFolder } from './cache.ts';
import { UsageError } from './diagnostics.ts';

/** Files written at once: enough to keep the disk busy, few enough that the pages being written stay a handful. */
const WRITES_AT_ONCE = 32;

/**
 * A file of the built site: generated contents (a page's are rendered when
 * read, and its `digest` is a hash of them kept from an earlier read), or an
 * asset copied as is.
 */
export type OutputFile = { path: string; contents: string | Uint8Array; digest?: string } | { path: string; copyFrom: string };

/** A hash of what a file will hold, to tell whether out/ already holds it. */
export function contentDigest(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}

async function identityOf(file: OutputFile): Promise<string> {
  if (!('copyFrom' in file)) return file.digest ?? contentDigest(file.contents);
  const source = await stat(file.copyFrom);
  return `copy:${path.resolve(file.copyFrom)}:${source.size}:${source.mtimeMs}`;
}

/** What the last write put in out/: each file's identity, and its size and time as written, to see that nobody changed it since. */
type WriteRecord = Record<string, { identity: string; size: number; mtimeMs: number }>;

function writeRecordOf(cacheDir: string, out: string): { folder: CacheFolder; key: string } {
  return { folder: new CacheFolder(cacheDir, 'writes', '.json'), key: cacheKey(out) };
}

async function readWriteRecord(cacheDir: string, out: string): Promise<WriteRecord> {
  const { folder, key } = writeRecordOf(cacheDir, out);
  try {
    return JSON.parse((await folder.read(key))?.toString('utf8') ?? '{}') as WriteRecord;
  } catch {
    return {};
  }
}

/** True when the file in out/ is still the one the last write left there. */
async function untouched(file: string, recorded: WriteRecord[string]): Promise<boolean> {
  const now = await stat(file).catch(() => undefined);
  return now !== undefined && now.size === recorded.size && now.mtimeMs === recorded.mtimeMs;
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
 * @returns how many files were written, and how many kept from the last write
 */
export async function writeSite(outDir: string, files: readonly OutputFile[], protectedDirs: readonly string[], cacheDir?: string): Promise<{ written: number; kept: number }> {
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
    // A few files at a time: a page is rendered when its contents are read, so this bounds the pages in memory.
    let next = 0;
    const writer = async () => {
      for (let file = files[next++]; file !== undefined; file = files[next++]) {
        const target = path.join(staging, file.path);
        if (cacheDir !== undefined) {
          const identity = await identityOf(file);
          identities.set(file.path, identity);
          const recorded = previous[file.path];
          const current = path.join(out, file.path);
          if (recorded?.identity === identity && (await untouched(current, recorded)) && (await link(current, target).then(() => true, () => false))) {
            kept++;
            continue;
          }
        }
        await ('copyFrom' in file ? copyFile(file.copyFrom, target) : writeFile(target, file.contents));
      }
    };
    await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));
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
  if (cacheDir !== undefined) await recordWrite(cacheDir, out, identities);
  return { written: files.length - kept, kept };
}

async function recordWrite(cacheDir: string, out: string, identities: ReadonlyMap<string, string>): Promise<void> {
  const record: WriteRecord = {};
  const stats = await Promise.all([...identities.keys()].map((file) => stat(path.join(out, file))));
  for (const [index, [file, identity]] of [...identities].entries()) {
    const { size, mtimeMs } = stats[index] as { size: number; mtimeMs: number };
    record[file] = { identity, size, mtimeMs };
  }
  const { folder, key } = writeRecordOf(cacheDir, out);
  await folder.write(key, JSON.stringify(record));
}
