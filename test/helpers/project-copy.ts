/**
 * A copy of the generator in a folder of its own, its libraries linked from
 * this project's node_modules but with no compiled files or cache of its
 * own: for the tests of `npm run build` as a fresh checkout runs it, and for
 * benchmarks that must not touch the project's out/ or cache.
 */
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../build/lib/project-root.ts';

/** The generator's own parts, with the content's schemas, from which the browser editor's configuration is made; a benchmark of the real site adds `content` and `assets`. */
const GENERATOR = ['build', 'templates', 'content/schemas', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * @param root an empty folder, made if missing
 * @param extra further parts of the project to copy
 * @returns root
 */
export function copyProject(root: string, extra: readonly string[] = []): string {
  for (const part of [...GENERATOR, ...extra]) cpSync(path.join(PROJECT_ROOT, part), path.join(root, part), { recursive: true });
  mkdirSync(path.join(root, 'node_modules'), { recursive: true });
  for (const name of readdirSync(path.join(PROJECT_ROOT, 'node_modules'))) if (name !== '.cache') symlinkSync(path.join(PROJECT_ROOT, 'node_modules', name), path.join(root, 'node_modules', name));
  return root;
}
