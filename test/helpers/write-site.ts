/**
 * The write stage's tests' sites: files whose key names their bytes, each
 * counted when it is made, and the folders they are written to as a reader
 * sees them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Output } from '../../build/output.ts';
import { writeSite, type WriteRequest } from '../../build/write/index.ts';

/** Files made under each name, counted: a file kept from out/ is never made. */
export const made: string[] = [];

/** A file of the site whose key is its contents, as a real key names its bytes. */
export function file(filePath: string, contents: string | Uint8Array, key = `key of ${Buffer.from(contents).toString('hex')}`): Output {
  return {
    path: filePath,
    key,
    contents: () => {
      made.push(filePath);
      return Promise.resolve(contents);
    },
  };
}

/** A site of two pages, each showing the marker given. */
export const site = (marker: string): Output[] => [file('index.html', `<p>${marker}</p>`), file('insights/a/index.html', marker)];

/** Writes the outputs into out/ as a build does, with no folders to protect unless told. */
export async function write(outDir: string, outputs: readonly Output[], more: Partial<WriteRequest> = {}) {
  return writeSite({ outDir, outputs, protectedDirs: [], ...more });
}

/** The names in a folder, sorted. */
export const names = async (folder: string) => (await readdir(folder)).sort();

/** Every file under a folder with its contents, sorted by path. */
export async function contentsOf(folder: string): Promise<[string, string][]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  return Promise.all(files.sort().map(async (name): Promise<[string, string]> => [name, await readFile(path.join(folder, name), 'utf8')]));
}
