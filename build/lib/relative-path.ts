import { realpathSync } from 'node:fs';
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
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : `${outer}${path.sep}`);
}

/**
 * Where a path leads once every link on the way is followed: the real path
 * of its nearest folder that exists, then the rest, not made yet. A link
 * anywhere along the path, not only at its end, can lead into another
 * folder, and a comparison of the paths as written would miss it.
 */
function realPath(file: string): string {
  const absolute = path.resolve(file);
  for (let existing = absolute; ; existing = path.dirname(existing)) {
    try {
      return path.join(realpathSync(existing), path.relative(existing, absolute));
    } catch {
      // Not there yet (or a link to nothing): where it will be is decided by the folders above it.
      if (existing === path.dirname(existing)) return absolute;
    }
  }
}

/** True when either path is, or is inside, the other, once links are followed: writing into one would write into the other. */
export function overlaps(first: string, second: string): boolean {
  const [one, other] = [realPath(first), realPath(second)];
  return isWithin(one, other) || isWithin(other, one);
}
