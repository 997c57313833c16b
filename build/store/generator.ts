/**
 * The generator's version: a hash of its code, its templates and the exact
 * versions of its libraries. It is part of the key of everything the build
 * makes, so that changing the generator makes every cached entry unused
 * rather than wrong. The command works it out once, when it starts, and
 * passes it to every build.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root.ts';

/**
 * Whether a file of the generator's folders is one of its documents (build/README.md):
 * no part of the generator, so an edit to it neither makes the cache unused nor
 * restarts the preview's build thread.
 */
export const isGeneratorDocument = (file: string): boolean => file.endsWith('.md');

/** The generator's folders, whose every file but the documents is hashed, and its files outside them. */
const FOLDERS = ['build', 'templates'];
const FILES = ['package-lock.json', 'tsconfig.json'];

/** The generator's files, relative to root, sorted; files and folders whose name starts with a dot are not its. */
function generatorFiles(root: string): string[] {
  const inFolders = FOLDERS.flatMap((folder) => readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((name) => path.posix.join(folder, name.split(path.sep).join('/'))));
  const visible = (file: string) => !file.split('/').some((part) => part.startsWith('.'));
  const isFile = (file: string) => statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() === true;
  return [...inFolders, ...FILES].filter((file) => visible(file) && !isGeneratorDocument(file) && isFile(file)).sort();
}

/**
 * Its files are listed and read on this thread: a glob library and
 * promises for a couple of hundred small files took three times as long
 * (see test/bench/README.md).
 *
 * @param root the project folder
 */
export function generatorVersion(root = PROJECT_ROOT): Promise<string> {
  const hash = createHash('sha256');
  for (const file of generatorFiles(root)) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return Promise.resolve(hash.digest('hex'));
}
