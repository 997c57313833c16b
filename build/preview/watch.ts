/**
 * Watching a folder and all folders in it, one plain watcher per folder.
 * Node 20's recursive `fs.watch` on Linux reports a save late and is slow
 * to start over thousands of files; a watcher per folder (inotify on Linux)
 * reports it at once (figures in test/bench/README.md).
 */
import { readdirSync, realpathSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { relativePath } from '../lib/relative-path.ts';

/** A folder's real path, or undefined when it has gone (deleted as it was found). */
function realFolder(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}

/** The folders in a folder, and the links in it that lead to folders; none when it has gone. */
function foldersIn(folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const isFolder = (entry: Dirent) => entry.isDirectory() || (entry.isSymbolicLink() && statSync(path.join(folder, entry.name), { throwIfNoEntry: false })?.isDirectory() === true);
  return entries.filter(isFolder).map((entry) => path.join(folder, entry.name));
}

export interface FolderWatch {
  close(): void;
}

/**
 * @param root the folder to watch, with everything in it
 * @param ignored true for a path, relative to the root with forward slashes, that is not worth a rebuild (editors' swap files, hidden folders)
 * @param onChange called with the absolute path of each file or folder that changed
 */
export function watchFolderTree(root: string, ignored: (relative: string) => boolean, onChange: (file: string) => void): FolderWatch {
  const watchers = new Map<string, FSWatcher>();
  const watchOne = (folder: string): void => {
    // A folder made again under an old name needs a new watcher: the old one watched the folder that went.
    watchers.get(folder)?.close();
    const watcher = watch(folder, (event, name) => {
      if (name === null) return;
      const changed = path.join(folder, name);
      const relative = relativePath(root, changed);
      if (ignored(relative)) return;
      // A folder created or moved in is watched too, with all it holds.
      if (event === 'rename' && statSync(changed, { throwIfNoEntry: false })?.isDirectory() === true) watchTree(changed);
      onChange(changed);
    });
    // A folder that is deleted ends its watcher; its parent's watcher reports the deletion.
    watcher.on('error', () => {
      watcher.close();
      if (watchers.get(folder) === watcher) watchers.delete(folder);
    });
    watchers.set(folder, watcher);
  };
  // Folder links are followed, as the build follows them; one that leads back to a folder of this walk is not, so a loop is walked once.
  const watchTree = (folder: string, walked = new Set<string>()): void => {
    const real = realFolder(folder);
    if (real === undefined || walked.has(real)) return;
    walked.add(real);
    watchOne(folder);
    // Hidden folders too: the caller says which it ignores (the site publishes `.well-known/`), and an ignored folder is not walked.
    for (const inner of foldersIn(folder)) if (!ignored(relativePath(root, inner))) watchTree(inner, walked);
  };
  watchTree(path.resolve(root));
  return {
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
