/**
 * The generator's version: a hash of its code, its templates and the exact
 * versions of its libraries. It is part of the key of everything the build
 * makes, so that changing the generator makes every cached entry unused
 * rather than wrong. The command works it out once, when it starts, and
 * passes it to every build.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../lib/project-root.ts';

/**
 * Whether a file of the generator's folders is one of its documents (build/README.md):
 * no part of the generator, so an edit to it neither makes the cache unused nor
 * restarts the preview's build thread.
 */
export const isGeneratorDocument = (file: string): boolean => file.endsWith('.md');

/** @param root the project folder */
export async function generatorVersion(root = PROJECT_ROOT): Promise<string> {
  const found = await fg(['build/**/*', 'templates/**/*', 'package-lock.json', 'tsconfig.json'], { cwd: root, onlyFiles: true });
  const files = found.filter((file) => !isGeneratorDocument(file)).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(await readFile(path.join(root, file))).update('\0');
  return hash.digest('hex');
}
