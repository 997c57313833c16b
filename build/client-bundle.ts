/**
 * Bundles the browser assets with esbuild: the widget script and the
 * stylesheet, each minified and named after a hash of its content, so a CDN
 * can cache them for a year and a change gets a new name; and the preview
 * server's reload script, which is never published.
 */
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { BUNDLE_DIR } from './config.ts';

/** Browsers of the last few years, as seniors' phones and tablets often lag behind. */
const BROWSERS = ['chrome90', 'edge90', 'firefox90', 'safari14.1'];

const TEMPLATES = fileURLToPath(new URL('../templates/', import.meta.url));

export interface BundledFile {
  /** Path under out/, e.g. `assets/widgets.3F2A9C.js`. */
  path: string;
  /** Root-relative URL of the file. */
  url: string;
  contents: Uint8Array;
}

async function bundle(entry: string, options: esbuild.BuildOptions): Promise<BundledFile> {
  const result = await esbuild.build({
    entryPoints: [`${TEMPLATES}${entry}`],
    bundle: true,
    minify: true,
    write: false,
    outdir: BUNDLE_DIR,
    entryNames: '[name].[hash]',
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
export function bundleClientAssets(): Promise<{ script: BundledFile; stylesheet: BundledFile }> {
  // Once per process: the templates do not change under a running build, and the preview starts a new worker when they do.
  bundles ??= Promise.all([bundle('client/widgets.ts', { format: 'iife', target: BROWSERS }), bundle('styles/site.css', { target: BROWSERS })]).then(([script, stylesheet]) => ({ script, stylesheet }));
  return bundles;
}

let bundles: Promise<{ script: BundledFile; stylesheet: BundledFile }> | undefined;

/**
 * The preview server's own script (live reload and the error overlay). It is
 * served by the preview server only and never written into out/.
 */
export async function bundlePreviewClient(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./preview/client.ts', import.meta.url))],
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
