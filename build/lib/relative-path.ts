import path from 'node:path';

/**
 * The path of a file below a folder, with forward slashes on every system: the
 * form addresses, the marker's record and the watcher's ignore rules are
 * written in.
 */
export function relativePath(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}

/** True when `inner` is `outer` or a folder or file inside it (both absolute, as the system writes them). */
export function isWithin(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}${path.sep}`);
}
