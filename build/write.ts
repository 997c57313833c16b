import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './diagnostics.ts';

/** Files written at once: enough to keep the disk busy, few enough that the pages being written stay a handful. */
const WRITES_AT_ONCE = 32;

/** A file of the built site: generated contents (a page's are rendered when read), or an asset copied as is. */
export type OutputFile = { path: string; contents: string | Uint8Array } | { path: string; copyFrom: string };

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
 * @param outDir the output folder
 * @param files every file of the site
 * @param protectedDirs folders the output must never replace (content, assets)
 */
export async function writeSite(outDir: string, files: readonly OutputFile[], protectedDirs: readonly string[]): Promise<void> {
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
  try {
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    // A few files at a time: a page is rendered when its contents are read, so this bounds the pages in memory.
    let next = 0;
    const writer = async () => {
      for (let file = files[next++]; file !== undefined; file = files[next++]) {
        const target = path.join(staging, file.path);
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
}
