import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a file so that no reader ever sees half of it: the bytes go to a
 * temporary name beside it, which is then renamed over it in one step. A
 * write that fails part-way leaves the old file, or none, as it was.
 *
 * @param file where the file goes; its folder must exist
 * @param contents what it holds
 */
export async function writeFileAtomic(file: string, contents: string | Uint8Array): Promise<void> {
  // randomUUID draws on a buffer of entropy it keeps; randomBytes asks the system for each name.
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
