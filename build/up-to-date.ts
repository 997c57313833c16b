/**
 * The build's "nothing changed" check, as make and other build tools do it:
 * when every input is the same as at the last good build (the content byte
 * for byte, the assets by size and time, the options, the day, the generator
 * itself) and out/ is exactly as that build left it, building again would
 * write the same bytes, so the CLI keeps out/ and says so. Anything else,
 * including a missing or unreadable record, means a full build.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { BuildSummary } from './cli-options.ts';
import { CacheFolder, cacheKey, generatorVersion } from './cache.ts';
import { fileStamp, readWriteRecord } from './write.ts';

/** What the next build needs to know about the last good one. */
export interface BuildRecord {
  /** Hash of every input of the build. */
  inputs: string;
  /** Hash of out/ as the build left it: each file's path, size and modification time. */
  output: string;
  /** The warnings it printed, printed again when nothing is rebuilt. */
  warnings: string[];
  /** Its closing line's figures. */
  summary: BuildSummary;
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
function filesUnder(folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
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
  // Synchronous reads: nothing else runs yet, and 10,000 small files are read faster without a round trip to the thread pool each.
  const hash = createHash('sha256');
  hash.update(cacheKey(await generatorVersion(), JSON.stringify({ ...inputs, outDir: path.resolve(inputs.outDir) })));
  const contentFolders = [inputs.contentDir, ...(inputs.insightsDir === undefined ? [] : [inputs.insightsDir])];
  for (const folder of contentFolders) {
    for (const file of filesUnder(folder)) {
      let text: string;
      try {
        text = readFileSync(path.join(folder, file), 'latin1');
      } catch {
        text = 'unreadable';
      }
      hash.update(cacheKey(`content:${folder}:${file}`, text));
    }
  }
  for (const file of filesUnder(inputs.assetsDir)) hash.update(cacheKey(`asset:${file}`, fileStamp(path.join(inputs.assetsDir, file))));
  return hash.digest('hex');
}

/** A hash of files by path (with forward slashes) and {@link fileStamp}, in path order. */
function stampsHash(stamps: readonly (readonly [string, string])[]): string {
  const hash = createHash('sha256');
  for (const [file, stamp] of [...stamps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(cacheKey(file, stamp));
  return hash.digest('hex');
}

/** A hash of out/ as it is now: each file's path, size and modification time; empty when there is no out/. */
export function outputHash(outDir: string): string {
  return stampsHash(filesUnder(outDir).map((file) => [file.split(path.sep).join('/'), fileStamp(path.join(outDir, file))] as const));
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
  if (record.inputs !== inputs || record.output !== outputHash(outDir)) return undefined;
  return record;
}

/**
 * Remembers a good build, after out/ is written. out/ then holds exactly the
 * files the write recorded, with the stamps it recorded, so its hash is taken
 * from that record rather than by listing and stat-ing out/ a second time.
 */
export async function recordBuild(cacheDir: string, record: Omit<BuildRecord, 'output'>, outDir: string): Promise<void> {
  const written = Object.entries(await readWriteRecord(cacheDir, outDir)).map(([file, entry]) => [file, entry.stamp] as const);
  const { folder, key } = recordOf(cacheDir, outDir);
  await folder.write(key, JSON.stringify({ ...record, output: stampsHash(written) }));
}
