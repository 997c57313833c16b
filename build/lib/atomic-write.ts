import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file so that no reader ever sees half of it: the bytes go to a
 * temporary name beside it, which is then renamed over it in one step. A
 * write that fails part-way leaves the old file, or none, as it was.
 *
 * It writes on the caller's thread, not through libuv's: the build's
 * threads have nothing else waiting on them, and for a cache entry of a few
 * kB the hand-offs cost more than the write (see test/bench/README.md).
 *
 * @param file where the file goes; its folder must exist
 * @param contents what it holds
 */
export function writeFileAtomic(file: string, contents: string | Uint8Array): void {
  // randomUUID draws on a buffer of entropy it keeps; randomBytes asks the system for each name.
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
