/**
 * Sveltia CMS as the site serves it (build/outputs/editor/bundle.ts): the
 * fonts its script asks of a CDN are the site's own files, taken from npm; a
 * version that asks for other fonts stops the build, naming them.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { EDITOR_FONTS, fontUrl, packageFiles, withLocalFonts } from '../../../build/outputs/editor/bundle.ts';

const asked = (urls: readonly string[]) => `@font-face{src:url(${urls.join(')}@font-face{src:url(')})}\n//# sourceMappingURL=sveltia-cms.js.map\n`;
const KNOWN = EDITOR_FONTS.map((font) => font.asked);

test("each font the script asks of the CDN is asked of the site instead, and the script names no source map the site does not have", () => {
  const served = withLocalFonts(asked(KNOWN), '1.0.0');
  assert.equal(served, `${asked(EDITOR_FONTS.map(fontUrl)).replace(/\n\/\/# sourceMappingURL=.*\n$/, '\n')}`);
  for (const font of EDITOR_FONTS) assert.match(fontUrl(font), /^\/admin\/fonts\/[\w-]+\.woff2$/);
});

test('a version of the editor that no longer asks for a known font, or asks for another, stops the build with a message naming it', () => {
  assert.throws(() => withLocalFonts(asked(KNOWN.slice(1)), '9.9.9'), (error: Error) => error.message.includes('9.9.9') && error.message.includes(KNOWN[0] as string) && error.message.includes('EDITOR_FONTS'));
  const another = 'https://cdn.jsdelivr.net/fontsource/fonts/noto-sans@5.4.0/latin-400-normal.woff2';
  assert.throws(() => withLocalFonts(asked([...KNOWN, another]), '9.9.9'), (error: Error) => error.message.includes(another));
});

test("the installed package's script passes: it asks no font of the CDN once copied, and every font it asks for is a file of npm", async () => {
  const files = packageFiles();
  const script = await files.find((file) => file.path === 'sveltia-cms.js')?.contents();
  assert.equal(typeof script, 'string');
  assert.doesNotMatch(String(script), /cdn\.jsdelivr\.net/);
  for (const font of EDITOR_FONTS) {
    assert.ok(String(script).includes(fontUrl(font)), font.file);
    const file = files.find((candidate) => `/admin/${candidate.path}` === fontUrl(font));
    const bytes = await file?.contents();
    assert.ok(bytes instanceof Uint8Array && bytes.length > 10_000 && new TextDecoder().decode(bytes.subarray(0, 4)) === 'wOF2', font.file);
  }
  const { dependencies } = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  for (const font of EDITOR_FONTS) assert.ok(Object.keys(dependencies).some((name) => font.file.startsWith(`${name}/files/`)), `${font.file} comes from a dependency of the project`);
});
