/**
 * Sveltia CMS as the site serves it at /admin/: its script and its chunk,
 * copied from the npm package, and the three fonts it shows, from the
 * Fontsource packages on npm, so that the editor asks no font of another
 * site. The script names the fonts' addresses on a CDN inside its own
 * stylesheet, and a browser fetches a face it names even when a page adds one
 * of its own for the same family (Chromium was seen to), so the copy names
 * the site's files instead: each address is replaced as one exact string, and
 * a new version of the package that asks for other fonts stops the build
 * here, naming them, instead of sending the editor's users to the CDN.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EDITOR_FOLDER } from '../../host/index.ts';

/** Each font the editor's script asks for, and the same file of its npm package, served from the editor's folder. */
export const EDITOR_FONTS = [
  { asked: 'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2', file: '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2' },
  { asked: 'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2', file: '@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2' },
  { asked: 'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2', file: '@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2' },
] as const;

/** Any font address of the CDN left in the script once the known ones are replaced. */
const OTHER_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/[^)"'`\s]*/g;

/** The script names its source map, which is not published: a browser's developer tools would ask for it in vain. */
const SOURCE_MAP_LINE = /\n\/\/# sourceMappingURL=\S+\s*$/;

const require = createRequire(import.meta.url);

/** The package's folder of built files (its exports give no path to them). */
function packageDist(): string {
  return path.join(path.dirname(require.resolve('@sveltia/cms')), '..', 'dist');
}

/** A font's address on the site. */
export function fontUrl(font: (typeof EDITOR_FONTS)[number]): string {
  return `/${EDITOR_FOLDER}/fonts/${path.basename(font.file)}`;
}

/**
 * The editor's script with the site's fonts in place of the CDN's.
 *
 * @param version the package's version, for the message
 * @throws {Error} when the script no longer asks for one of the known fonts, or asks for another
 */
export function withLocalFonts(script: string, version: string): string {
  let served = script.replace(SOURCE_MAP_LINE, '\n');
  for (const font of EDITOR_FONTS) {
    if (!served.includes(font.asked)) throw new Error(`The browser editor (@sveltia/cms ${version}) no longer asks for the font ${font.asked}: see which it asks for now, and put those in EDITOR_FONTS (build/outputs/editor/bundle.ts), with their files from npm.`);
    served = served.replaceAll(font.asked, fontUrl(font));
  }
  const others = [...new Set(served.match(OTHER_FONT) ?? [])];
  if (others.length > 0) throw new Error(`The browser editor (@sveltia/cms ${version}) asks for fonts the site does not serve: ${others.join(', ')}. Add each to EDITOR_FONTS (build/outputs/editor/bundle.ts), with its file from npm.`);
  return served;
}

/** The package's files the editor's page loads, by their path in the editor's folder, each read when asked. */
export function packageFiles(): { path: string; contents: () => Promise<Uint8Array | string> }[] {
  const dist = packageDist();
  const version = async () => (JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const script = async () => withLocalFonts(await readFile(path.join(dist, 'sveltia-cms.js'), 'utf8'), await version());
  const chunk = async () => (await readFile(path.join(dist, 'chunks', 'react-dom.js'), 'utf8')).replace(SOURCE_MAP_LINE, '\n');
  return [
    { path: 'sveltia-cms.js', contents: script },
    { path: 'chunks/react-dom.js', contents: chunk },
    ...EDITOR_FONTS.map((font) => ({ path: fontUrl(font).slice(EDITOR_FOLDER.length + 2), contents: () => readFile(require.resolve(font.file)) })),
  ];
}
