/**
 * The generator's own modules compiled by esbuild into one JavaScript file
 * each, once per version of the generator, for the threads that run them
 * (the build, its markdown workers, the preview's builds) to load on plain
 * Node. Through tsx's loader every one of the several hundred modules a
 * build imports is resolved and transformed by a second thread; the one file
 * loads in a fraction of that (see test/bench/README.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

/** Where compiled files are kept, a folder per generator version. */
const COMPILED_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'physician-site');

/** Libraries that load native or WebAssembly files from their own folder: loaded by Node from node_modules as they are. */
const EXTERNAL = ['sharp', '@napi-rs/canvas', 'esbuild', 'unpdf'];

/**
 * Each module finds its templates, fonts and workers relative to its own
 * file (`import.meta.url`); in the compiled file it keeps that address.
 */
// A pattern rather than the words themselves, which would be replaced in this file's own compiled copy, which compiles the next version.
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(file, 'utf8');
      return { contents: source.replaceAll(IMPORT_META_URL, JSON.stringify(pathToFileURL(file).href)), loader: file.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** What compiled code reads to learn the version folder it was compiled for (`compiledFor`): esbuild writes the folder's name in its place. */
const COMPILED_FOR = 'process.env.PHYSICIAN_SITE_COMPILED_FOR';

/** The version folder the running code was compiled for; undefined when it runs from its TypeScript, through tsx. */
export function compiledFor(): string | undefined {
  return process.env.PHYSICIAN_SITE_COMPILED_FOR;
}

async function compile(sourceFile: string, target: { file: string; version: string }): Promise<void> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [sourceFile],
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [sourceLocations],
    // The libraries' CommonJS modules call require(), which an ES module lacks: one that resolves from the project, as theirs did.
    banner: { js: `import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(${JSON.stringify(pathToFileURL(path.join(PROJECT_ROOT, 'package.json')).href)});` },
    // React's production build only: its development build, chosen at run time otherwise, would be a large part of the file each thread reads (see test/bench/README.md).
    define: { 'process.env.NODE_ENV': '"production"', [COMPILED_FOR]: JSON.stringify(target.version) },
    logLevel: 'silent',
  });
  const [compiled] = outputFiles;
  if (compiled === undefined) throw new Error(`esbuild produced no output for ${sourceFile}`);
  await mkdir(path.dirname(target.file), { recursive: true });
  writeFileAtomic(target.file, compiled.contents);
}

/** The compiled file of a module for one version folder. */
function compiledFile(moduleUrl: URL, version: string, compiledDir: string): string {
  const relative = path.relative(PROJECT_ROOT, fileURLToPath(moduleUrl));
  return path.join(compiledDir, version, `${relative.replace(/\.tsx?$/, '').split(path.sep).join('-')}.mjs`);
}

/** The folder a version of the generator compiles into. */
export function versionFolder(generator: string): string {
  return generator.slice(0, 16);
}

/**
 * The compiled file of one of the generator's modules at this version,
 * compiled first if it is not there; older versions' files are removed.
 *
 * @param moduleUrl a TypeScript module in build/
 * @param generator the generator's version, which the caller knows: working it out again reads every file of the generator
 * @param compiledDir where compiled files are kept (tests use folders of their own)
 */
export async function compiledModule(moduleUrl: URL, generator: string, compiledDir = COMPILED_DIR): Promise<URL> {
  const version = versionFolder(generator);
  const target = compiledFile(moduleUrl, version, compiledDir);
  if (!existsSync(target)) {
    await compile(fileURLToPath(moduleUrl), { file: target, version });
    for (const other of await readdir(compiledDir)) if (other !== version) await rm(path.join(compiledDir, other), { recursive: true, force: true });
  }
  return pathToFileURL(target);
}

/**
 * A module as last compiled, and the version folder it was compiled for,
 * before the generator's version is known: `compiledModule` leaves one
 * version's files, so that is the last compiled. Undefined when there is
 * none, or more than one.
 */
export function lastCompiled(moduleUrl: URL, compiledDir = COMPILED_DIR): { url: URL; version: string } | undefined {
  const versions = existsSync(compiledDir) ? readdirSync(compiledDir) : [];
  const [version] = versions;
  if (version === undefined || versions.length > 1) return undefined;
  const file = compiledFile(moduleUrl, version, compiledDir);
  return existsSync(file) ? { url: pathToFileURL(file), version } : undefined;
}
