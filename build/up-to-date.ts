/**
 * The build's "nothing changed" check, as make and other build tools do it:
 * when every input is the same as at the last good build (the content byte
 * for byte, the assets by size and time, the options, the day, the generator
 * itself) and out/ is exactly as that build left it, building again would
 * write the same bytes, so the CLI keeps out/ and says so. Anything else,
 * including a missing or unreadable record, means a full build.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CacheFolder, cacheKey, generatorVersion } from './cache.ts';
import { listOutput } from './write.ts';

/** What the next build needs to know about the last good one. */
export interface BuildRecord {
  /** Hash of every input of the build. */
  inputs: string;
  /** Hash of out/ as the build left it: each file's path, size and modification time. */
  output: string;
  /** The warnings it printed, printed again when nothing is rebuilt. */
  warnings: string[];
  /** Its closing line's figures. */
  summary: { pages: number; articles: number; topics: number };
}

/** The options that decide what a build writes. */
export interface BuildInputs {
  contentDir: string;
  insightsDir: string | undefined;
  assetsDir: string;
  outDir: string;
  includeDrafts: boolean;
  baseUrl: string | undefined;
  /** The build's calendar day: it decides the copyright year and which reviews are stale. */
  today: string;
}

/** Every file under a folder, relative to it, sorted; none when the folder does not exist. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * A hash of everything a build reads. Content files are hashed whole (they
 * are small and edited by hand); assets by size and modification time, since
 * a site may carry hundreds of megabytes of PDFs.
 */
export async function inputsHash(inputs: BuildInputs): Promise<string> {
  const hash = createHash('sha256');
  hash.update(cacheKey(await generatorVersion(), JSON.stringify({ ...inputs, outDir: path.resolve(inputs.outDir) })));
  const contentFolders = [inputs.contentDir, ...(inputs.insightsDir === undefined ? [] : [inputs.insightsDir])];
  for (const folder of contentFolders) {
    const files = await filesUnder(folder);
    const texts = await Promise.all(files.map((file) => readFile(path.join(folder, file)).catch(() => Buffer.from('unreadable'))));
    for (const [index, file] of files.entries()) hash.update(cacheKey(`content:${folder}:${file}`, (texts[index] as Buffer).toString('latin1')));
  }
  const assets = await filesUnder(inputs.assetsDir);
  const stats = await Promise.all(assets.map((file) => stat(path.join(inputs.assetsDir, file)).catch(() => undefined)));
  for (const [index, file] of assets.entries()) hash.update(cacheKey(`asset:${file}`, `${stats[index]?.size ?? -1}:${stats[index]?.mtimeMs ?? -1}`));
  return hash.digest('hex');
}

/** A hash of out/ as it is now: each file's path, size and modification time; empty when there is no out/. */
export async function outputHash(outDir: string): Promise<string> {
  const files = (await listOutput(outDir).catch(() => [])).sort();
  const stats = await Promise.all(files.map((file) => stat(path.join(outDir, file)).catch(() => undefined)));
  const hash = createHash('sha256');
  for (const [index, file] of files.entries()) hash.update(cacheKey(file, `${stats[index]?.size ?? -1}:${stats[index]?.mtimeMs ?? -1}`));
  return hash.digest('hex');
}

/** One record per output folder, so that builds into two folders (with and without drafts) do not undo each other. */
function recordOf(cacheDir: string, outDir: string): { folder: CacheFolder; key: string } {
  return { folder: new CacheFolder(cacheDir, 'builds', '.json'), key: cacheKey(path.resolve(outDir)) };
}

/**
 * The last good build's record, if it was made from these inputs into this
 * out/ and out/ has not changed since; otherwise `undefined`.
 */
export async function unchangedBuild(cacheDir: string, inputs: string, outDir: string): Promise<BuildRecord | undefined> {
  const { folder, key } = recordOf(cacheDir, outDir);
  const stored = await folder.read(key);
  if (stored === undefined) return undefined;
  let record: BuildRecord;
  try {
    record = JSON.parse(stored.toString('utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
  if (record.inputs !== inputs || record.output !== (await outputHash(outDir))) return undefined;
  return record;
}

/** Remembers a good build, after out/ is written. */
export async function recordBuild(cacheDir: string, record: Omit<BuildRecord, 'output'>, outDir: string): Promise<void> {
  const { folder, key } = recordOf(cacheDir, outDir);
  await folder.write(key, JSON.stringify({ ...record, output: await outputHash(outDir) }));
}
