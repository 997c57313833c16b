/**
 * The generator's own code, compiled by esbuild into one JavaScript file per
 * generator version, for `npm run build` to run on a thread of plain Node
 * (`startCompiledWorker` in build/workers/start.ts).
 *
 * Why: through tsx's loader, every one of the build's 480 modules (ours and
 * its libraries') is resolved and loaded by a second thread, and tsx even
 * parses a plain JavaScript file before Node does; that was over a second of
 * a cold two-second build of the real site. One file, made once per version
 * of the code and kept under node_modules/.cache/, loads in a tenth of that.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { CacheFolder, generatorVersion, PROJECT_ROOT } from './cache.ts';

/** Where compiled files are kept, a folder per generator version. */
export const COMPILED_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'physician-site');

/** Libraries that load native or WebAssembly files from their own folder, loaded by Node from node_modules as they are. */
const NATIVE_PACKAGES = ['sharp', '@resvg/resvg-js', 'esbuild', 'harfbuzzjs'];

/**
 * The compiled file of a module at this generator version, compiled first if
 * it is not there. It is stored as a cache entry is (`CacheFolder.write`), so
 * a build that stops half way, or two that compile at once, never leave half
 * a file.
 *
 * @param sourceFile the module's TypeScript file, in build/: the generator
 *   version, which names the compiled files, covers build/ and templates/ only
 */
export async function compiledModule(sourceFile: string): Promise<string> {
  const relative = path.relative(PROJECT_ROOT, sourceFile);
  if (!relative.startsWith(`build${path.sep}`)) throw new Error(`Only the generator's own modules (in build/) are compiled, not ${sourceFile}`);
  const folder = new CacheFolder(COMPILED_DIR, `generator-${(await generatorVersion()).slice(0, 16)}`, '.mjs');
  // "build/workers/worker.ts" is "build-workers-worker.mjs": one entry per module.
  const key = relative.replace(/\.tsx?$/, '').split(path.sep).join('-');
  if (await folder.has(key)) return folder.file(key);
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [sourceFile],
    outfile: folder.file(key),
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: NATIVE_PACKAGES,
    plugins: [sourceLocations],
    // The libraries' CommonJS modules call require(), which an ES module lacks: one that resolves from the project, as theirs did.
    banner: { js: `import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(${JSON.stringify(pathToFileURL(path.join(PROJECT_ROOT, 'package.json')).href)});` },
    // Whitespace and syntax only: names stay, for SITE_DEBUG's stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'silent',
  });
  const [compiled] = outputFiles;
  if (!compiled) throw new Error(`esbuild produced no output for ${relative}`);
  await folder.write(key, compiled.contents);
  await removeOtherVersions(folder.folder);
  return folder.file(key);
}

/**
 * Each of our modules finds its templates, fonts and workers relative to its
 * own file (`import.meta.url`); in the compiled file it keeps that address.
 * The words are replaced wherever they are, so no string of ours may hold them.
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(file, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: file.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** Compiled files of earlier versions of the code are of no further use. */
async function removeOtherVersions(current: string): Promise<void> {
  for (const entry of await readdir(COMPILED_DIR)) {
    const folder = path.join(COMPILED_DIR, entry);
    if (folder !== current) await rm(folder, { recursive: true, force: true });
  }
}
