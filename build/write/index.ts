/**
 * The write stage, the only code that changes out/. A build is written into
 * a staging folder beside out/, each file either produced (rendered, drawn,
 * read from the cache) or, when out/ already holds it under the same key,
 * hard-linked from there; the checks run; only then does the staging folder
 * take out/'s place. Anything that fails before leaves out/ as it was. The
 * preview updates its out/ in place instead, writing only what changed.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ContentErrors, UsageError, type ContentDiagnostic } from '../diagnostics/index.ts';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import type { BuildFacts, Output } from '../output.ts';
import { guardOutputFolder, guardUnrecordedFiles, outputFolder, removeLeftovers, stagingPrefix, swapInto } from './folder.ts';
import { readMarker, recordEntry, unchangedSince, writeMarker, type OutputRecord } from './marker.ts';

export { MARKER_FILE, readBuildFacts, readMarker, writeMarker, type OutputRecord } from './marker.ts';
export { alteredFiles, guardOutputFolder, guardOutputOverlap, sourceFolders, unrecordedFiles } from './folder.ts';

/** Files produced at once: enough to keep the disk and sharp's threads busy, few enough that little is held in memory. */
const AT_ONCE = 32;

export interface WriteRequest {
  outDir: string;
  outputs: readonly Output[];
  /** Files known only later (the copies of the images the bodies show), written after the others. */
  later?: Promise<readonly Output[]> | undefined;
  /** Folders the output must never replace (content, assets). */
  protectedDirs: readonly string[];
  /** Told of each file whose bytes were produced rather than kept, with them. */
  produced?: ((output: Output, contents: string | Uint8Array) => void) | undefined;
  /** Told of each file out/ already held under its key, with where it is now. */
  kept?: ((output: Output, file: string) => void) | undefined;
  /** Runs once every file is ready, before any is published (the checks); what it throws stops the write. */
  beforePublishing?: (() => Promise<void>) | undefined;
  progress?: ((done: number, total: number) => void) | undefined;
  /** What the build was made from, recorded in the marker for the deploy. */
  facts?: BuildFacts | undefined;
  /** Reads what the generator before the marker recorded of its last write into out/, so that the out/ it made may be replaced; asked only when out/ has no marker. */
  earlier?: (() => ReadonlyMap<string, string> | undefined) | undefined;
}

/**
 * Runs a step for every output, a few at a time. Content errors from
 * producing a file (an image that cannot be decoded) are gathered from all,
 * and thrown together once every step has ended.
 */
async function eachOutput(outputs: readonly Output[], step: (output: Output) => Promise<void>, progress?: (done: number, total: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  const problems: ContentDiagnostic[] = [];
  let fault: { error: unknown } | undefined;
  const worker = async () => {
    for (let output = outputs[next++]; output !== undefined; output = outputs[next++]) {
      try {
        await step(output);
      } catch (error) {
        if (error instanceof ContentErrors) problems.push(...error.diagnostics.filter((found) => !problems.some((known) => known.file === found.file && known.message === found.message)));
        else fault ??= { error };
      }
      progress?.(++done, outputs.length);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (fault !== undefined) throw fault.error;
  if (problems.length > 0) throw new ContentErrors(problems);
}

/** Makes each folder once, when its first file is written, while other files are being produced. */
function folderMaker(): (file: string) => Promise<unknown> {
  const folders = new Map<string, Promise<unknown>>();
  return (file) => {
    const folder = path.dirname(file);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    return folders.get(folder) as Promise<unknown>;
  };
}

/**
 * Puts one file in the staging folder: hard-linked from out/ when out/
 * still holds it under the same key, otherwise produced and written.
 *
 * @returns whether it was written
 */
async function stage(output: Output, at: { outDir: string; staging: string; previous: OutputRecord; madeFolder: (file: string) => Promise<unknown> }, request: WriteRequest): Promise<boolean> {
  const current = path.join(at.outDir, output.path);
  const target = path.join(at.staging, output.path);
  if (unchangedSince(current, at.previous.get(output.path), output.key)) {
    await at.madeFolder(target);
    if (await link(current, target).then(() => true, () => false)) {
      request.kept?.(output, target);
      return false;
    }
  }
  const contents = await output.contents();
  await at.madeFolder(target);
  // A new file, never one already staged: that may be a hard link to out/'s file, and writing through it would change the published site before the build has succeeded.
  await writeFile(target, contents, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new Error(`Two files of the site would be written to ${output.path}.`) : error;
  });
  request.produced?.(output, contents);
  return true;
}

/** Writes the whole site into a staging folder, then swaps it into out/'s place. */
export async function writeSite(request: WriteRequest): Promise<{ written: string[]; kept: number; record: OutputRecord }> {
  const outDir = await outputFolder(request.outDir);
  await guardOutputFolder(outDir, request.protectedDirs, request.earlier);
  const previous: OutputRecord = (await readMarker(outDir)) ?? new Map<string, never>();
  guardUnrecordedFiles(outDir, previous);
  await removeLeftovers(outDir);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = `${stagingPrefix(outDir, 'build')}${suffix}`;
  await mkdir(staging, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot create the output folder next to ${outDir} (${error.code ?? 'error'}); check that ${path.dirname(path.resolve(outDir))} is writable.`);
  });
  const at = { outDir, staging, previous, madeFolder: folderMaker() };
  const record: OutputRecord = new Map();
  const written: string[] = [];
  const step = async (output: Output) => {
    if (await stage(output, at, request)) written.push(output.path);
    const entry = recordEntry(path.join(staging, output.path), output.key);
    if (entry !== undefined) record.set(output.path, entry);
  };
  try {
    await eachOutput(request.outputs, step, request.progress);
    await eachOutput((await request.later) ?? [], step);
    await request.beforePublishing?.();
    writeMarker(staging, record, request.facts);
    await swapInto(outDir, staging, suffix);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { written: written.sort(), kept: record.size - written.length, record };
}

/** A change to the preview's out/ in place: the files to write, and those the site no longer has. */
export interface FilesUpdate {
  outDir: string;
  /** Folders the output must never replace (content, assets). */
  protectedDirs: readonly string[];
  /** What out/ holds, as the last write left it; brought up to date. */
  record: OutputRecord;
  changed: readonly Output[];
  gone: readonly string[];
  produced?: WriteRequest['produced'];
  beforePublishing?: WriteRequest['beforePublishing'];
}

/**
 * Changes out/ in place, for the preview: the files given are produced,
 * checked, then each written beside its place and renamed over it (a reader
 * never gets half a file), and the files gone are removed. A reader may for
 * a moment see some pages new and some old: a local preview can afford that,
 * a publish cannot.
 */
export async function updateFiles(update: FilesUpdate): Promise<{ written: string[] }> {
  const { outDir, record } = update;
  await guardOutputFolder(outDir, update.protectedDirs);
  const contents = new Map<Output, string | Uint8Array>();
  await eachOutput(update.changed, async (output) => {
    const bytes = await output.contents();
    contents.set(output, bytes);
    update.produced?.(output, bytes);
  });
  await update.beforePublishing?.();
  for (const [output, bytes] of contents) {
    const target = path.join(outDir, output.path);
    await mkdir(path.dirname(target), { recursive: true });
    writeFileAtomic(target, bytes);
    const entry = recordEntry(target, output.key);
    if (entry !== undefined) record.set(output.path, entry);
  }
  for (const file of update.gone) {
    record.delete(file);
    await rm(path.join(outDir, file), { force: true });
    await removeEmptiedFolders(outDir, file);
  }
  return { written: update.changed.map((output) => output.path).sort() };
}

/**
 * The folders of a file gone from out/ that its removal left empty, from
 * its own up to, not including, out/: a page's folder, or a whole folder of
 * assets/ deleted. rmdir refuses a folder that still holds anything.
 */
async function removeEmptiedFolders(outDir: string, file: string): Promise<void> {
  for (let folder = path.posix.dirname(file); folder !== '.'; folder = path.posix.dirname(folder)) {
    const removed = await rmdir(path.join(outDir, folder)).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}

/**
 * Brings out/ up to date in place with the whole site, for the preview: the
 * files whose key changed are written (see updateFiles), files the site no
 * longer has are removed.
 *
 * @param request.record what out/ holds, as the last write left it; brought up to date
 */
export async function updateSite(request: WriteRequest & { record: OutputRecord }): Promise<{ written: string[] }> {
  const { outDir, record } = request;
  const outputs = [...request.outputs, ...((await request.later) ?? [])];
  const changed = outputs.filter((output) => record.get(output.path)?.key !== output.key);
  for (const output of outputs) if (record.get(output.path)?.key === output.key) request.kept?.(output, path.join(outDir, output.path));
  const wanted = new Set(outputs.map((output) => output.path));
  const gone = [...record.keys()].filter((file) => !wanted.has(file));
  return updateFiles({ outDir, protectedDirs: request.protectedDirs, record, changed, gone, produced: request.produced, beforePublishing: request.beforePublishing });
}
