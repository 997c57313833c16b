/**
 * The files of a content folder and its subfolders, following folder links
 * as the author would expect, except a link that leads back into a folder
 * that holds it: that one is reported once, by name, and not followed, so
 * that no loop is walked round and nothing is read (or published) again and
 * again.
 */
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isWithin } from '../lib/relative-path.ts';

export interface FolderListing {
  /** What to list in each folder, as fast-glob patterns (dotfiles left out unless a pattern names them). */
  patterns: readonly string[];
  /** The problem of a folder link that leads back into a folder that holds it. */
  loop: (link: string, target: string) => ContentDiagnostic;
}

/**
 * Whether the system gave a name with bytes that are not UTF-8: Node put a
 * replacement character in their place, so no file answers to the name.
 */
async function nameUndecodable(entryPath: string): Promise<boolean> {
  return entryPath.includes('\ufffd') && (await lstat(entryPath).then(() => false, () => true));
}

/**
 * @param folder a folder to list
 * @param chain the real paths of the folders being listed, outermost first
 */
async function listFolder(folder: string, chain: readonly string[], listing: FolderListing, report: (diagnostic: ContentDiagnostic) => void): Promise<string[]> {
  const entries = await fg([...listing.patterns], { cwd: folder, onlyFiles: false, markDirectories: true, followSymbolicLinks: false, dot: false, objectMode: true });
  const files: string[] = [];
  for (const entry of entries) {
    const entryPath = path.join(folder, entry.path);
    if (await nameUndecodable(entryPath)) {
      report(problem(entry.dirent.isDirectory() ? 'folderNameNotUtf8' : 'fileNameNotUtf8', { file: entryPath.replace(/\/$/, '') }));
      continue;
    }
    if (entry.path.endsWith('/')) continue;
    const target = entry.dirent.isSymbolicLink() ? await stat(entryPath).catch(() => undefined) : undefined;
    if (!target?.isDirectory()) {
      // A link that leads nowhere is listed, for its reader to tell; a named pipe (or a link to one) would never end a read.
      if (entry.dirent.isFile() || (entry.dirent.isSymbolicLink() && (target === undefined || target.isFile()))) files.push(entryPath);
      else report(problem('notAFile', { file: entryPath, line: undefined }));
      continue;
    }
    const real = await realpath(entryPath);
    const linkFolder = await realpath(path.dirname(entryPath));
    if (chain.includes(real) || isWithin(linkFolder, real)) report(listing.loop(entryPath, real));
    else files.push(...(await listFolder(entryPath, [...chain, real], listing, report)));
  }
  return files;
}

/**
 * @param folder the folder to list
 * @returns the path of every file in it, or undefined when the folder is not there
 */
export async function filesFollowingLinks(folder: string, listing: FolderListing, report: (diagnostic: ContentDiagnostic) => void): Promise<string[] | undefined> {
  const root = await realpath(folder).catch(() => undefined);
  return root === undefined ? undefined : listFolder(folder, [root], listing, report);
}
