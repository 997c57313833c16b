/**
 * Bundles the browser assets with esbuild: the widget script and the
 * stylesheet, each minified and named after a hash of its content, so a CDN
 * can cache them for a year and a change gets a new name; and the preview
 * server's reload script, which is never published.
 */
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { BUNDLE_DIR } from '../config.ts';
import type { Output } from '../output.ts';
import type { CacheStore } from '../store/index.ts';

/** Browsers of the last few years, as seniors' phones and tablets often lag behind. */
const BROWSERS = ['chrome90', 'edge90', 'firefox90', 'safari14.1'];

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const TEMPLATES = `${PROJECT}templates/`;

export interface BundledFile {
  /** Path under out/, e.g. `assets/widgets.SEBJNXKT.js`. */
  path: string;
  /** Root-relative URL of the file. */
  url: string;
  contents: Uint8Array;
}

async function bundle(entry: string, options: BuildOptions): Promise<BundledFile> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [`${TEMPLATES}${entry}`],
    bundle: true,
    minify: true,
    write: false,
    outdir: BUNDLE_DIR,
    entryNames: '[name].[hash]',
    // esbuild's hash covers the sources' paths from this folder: the project's, so that a build run from elsewhere names its files the same.
    absWorkingDir: PROJECT,
    logLevel: 'silent',
    legalComments: 'none',
    ...options,
  });
  const [file] = result.outputFiles ?? [];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  const path = `${BUNDLE_DIR}/${file.path.split('/').pop() as string}`;
  return { path, url: `/${path}`, contents: file.contents };
}

/**
 * Builds the widget script (an IIFE for browsers of the last few years, no
 * framework runtime) and the stylesheet.
 */
export async function bundleClientAssets(): Promise<{ script: BundledFile; stylesheet: BundledFile }> {
  const [script, stylesheet] = await Promise.all([bundle('client/widgets.ts', { format: 'iife', target: BROWSERS }), bundle('styles/site.css', { target: BROWSERS })]);
  return { script, stylesheet };
}

/** A bundle as the cache keeps it, its bytes in base64. */
type KeptBundle = Omit<BundledFile, 'contents'> & { contents: string };

/**
 * The widget script and the stylesheet, from the cache when this version of
 * the generator made them before: they are made from its templates alone, and
 * esbuild, loaded and started only to make them, took a tenth of a small
 * site's build (see test/bench/README.md).
 */
export async function cachedClientAssets(runtime: { store: CacheStore; generator: string }): Promise<{ script: BundledFile; stylesheet: BundledFile }> {
  const kept = runtime.store.getJson<{ script: KeptBundle; stylesheet: KeptBundle }>('bundle', runtime.generator);
  const fromKept = (file: KeptBundle): BundledFile => ({ ...file, contents: Buffer.from(file.contents, 'base64') });
  if (kept !== undefined) return { script: fromKept(kept.script), stylesheet: fromKept(kept.stylesheet) };
  const made = await bundleClientAssets();
  const toKept = (file: BundledFile): KeptBundle => ({ ...file, contents: Buffer.from(file.contents).toString('base64') });
  runtime.store.putJson('bundle', runtime.generator, { script: toKept(made.script), stylesheet: toKept(made.stylesheet) });
  return made;
}

/** A bundle as a file of out/: its name is a hash of its content, and so is its key. */
export function bundleOutput(file: BundledFile): Output {
  return { path: file.path, key: file.path, contents: () => Promise.resolve(file.contents) };
}

/**
 * The preview server's own script (live reload and the error overlay). It is
 * served by the preview server only and never written into out/.
 */
export async function bundlePreviewClient(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('../preview/client.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: BROWSERS,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles ?? [];
  if (!file) throw new Error('esbuild produced no output for the preview client');
  return file.text;
}
