/**
 * The build cache: work kept between builds in a folder outside out/
 * (`.cache/` by default), so that an unchanged article is neither parsed,
 * rendered nor drawn again. Every entry is named by a hash of everything that
 * made it, so an entry is never stale, only unused; the folder is safe to
 * delete at any time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastGlob from 'fast-glob';

/** A hash naming a cache entry: the parts are kept apart, so ("ab", "c") and ("a", "bc") differ. */
export function cacheKey(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}

/** One kind of entry (documents, images), each a file named by its key. */
export class CacheFolder {
  readonly folder: string;
  private readonly extension: string;
  private present: Promise<Set<string>> | undefined;

  constructor(cacheDir: string, name: string, extension: string) {
    this.folder = path.join(cacheDir, name);
    this.extension = extension;
  }

  /** Where the entry for a key is, or would be. */
  file(key: string): string {
    return path.join(this.folder, `${key}${this.extension}`);
  }

  /** Whether an entry exists; the folder is listed once, which at 10,000 entries is far cheaper than a check each. */
  async has(key: string): Promise<boolean> {
    this.present ??= readdir(this.folder).then(
      (names) => new Set(names),
      () => new Set<string>(),
    );
    return (await this.present).has(path.basename(this.file(key)));
  }

  /** The entry's bytes, or `undefined` when there is none. */
  async read(key: string): Promise<Buffer | undefined> {
    return readFile(this.file(key)).catch(() => undefined);
  }

  /**
   * Stores an entry. It is written under a temporary name and renamed, so an
   * interrupted build never leaves half an entry that a later build would use.
   */
  async write(key: string, contents: string | Uint8Array): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const temporary = `${this.file(key)}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, this.file(key));
  }
}

/** The generator's own folder: package.json, build/, templates/, node_modules/. */
export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * A hash of a generator's files: its code, its templates and the exact
 * versions of its libraries (package-lock.json).
 *
 * @param root the project folder
 */
export async function projectVersion(root: string): Promise<string> {
  const files = (await fastGlob(['build/**/*', 'templates/**/*', 'package-lock.json', 'tsconfig.json'], { cwd: root, onlyFiles: true })).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(cacheKey(file, (await readFile(path.join(root, file))).toString('latin1')));
  return hash.digest('hex');
}

let version: Promise<string> | undefined;

/**
 * This generator's {@link projectVersion}, part of every cache key, so that
 * changing the generator makes every entry unused rather than wrong. Taken
 * once per process: a build runs the code that was on disk when it started.
 */
export function generatorVersion(): Promise<string> {
  version ??= projectVersion(PROJECT_ROOT);
  return version;
}
