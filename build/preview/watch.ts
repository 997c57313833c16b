/**
 * Watching a folder and all folders in it, one plain watcher per folder.
 * Node 20's recursive `fs.watch` on Linux reports a save late and is slow
 * to start over thousands of files; a watcher per folder (inotify on Linux)
 * reports it at once (figures in test/bench/README.md).
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { relativePath } from '../lib/relative-path.ts';

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
  const watchTree = (folder: string): void => {
    watchOne(folder);
    // Hidden folders too: the caller says which it ignores (the site publishes `.well-known/`).
    for (const inner of fg.sync('**', { cwd: folder, onlyDirectories: true, dot: true, absolute: true })) {
      if (!ignored(relativePath(root, inner))) watchOne(path.resolve(inner));
    }
  };
  watchTree(path.resolve(root));
  return {
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
