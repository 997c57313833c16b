/**
 * The site's icons (build/outputs/icons.ts). The home-screen icon: the
 * practice's logo, square and opaque at the size an iPhone shows, linked from
 * every page and given as the feeds' icon, from an SVG logo or a raster one
 * of any shape. The tab icon: the favicon as favicon.ico, for browsers that
 * show no SVG icon and for everything that asks for that file by name.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { TAB_ICON, TOUCH_ICON } from '../../../build/config.ts';
import { ContentErrors } from '../../../build/diagnostics/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { buildFrom, SITE_MD } from '../../helpers/sites.ts';

const ICON_URL = `/${TOUCH_ICON.file}`;

/** The colour of the icon's pixel at (x, y). */
async function pixelAt(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

test("the logo becomes a square, opaque icon at the iPhone's size, which every page links and the feeds give as their icon", async () => {
  const build = await buildFrom({}, { cacheDir: await temporaryFolder('icons-test') });
  const icon = build.files.get(TOUCH_ICON.file);
  assert.ok(icon instanceof Uint8Array, 'out/ has the icon');
  const { format, width, height, hasAlpha } = await sharp(icon).metadata();
  assert.deepEqual({ format, width, height, hasAlpha }, { format: 'png', width: 180, height: 180, hasAlpha: false });
  assert.deepEqual(await pixelAt(icon, 90, 20), [11, 94, 107], "the logo's own colour (#0b5e6b) fills it");
  for (const page of build.pages) if (page.kind === 'page') assert.ok(page.html.includes(`<link rel="apple-touch-icon" href="${ICON_URL}"/>`), page.url);
  const { siteUrl } = build.model.site;
  assert.equal((JSON.parse(String(build.files.get('feed.json'))) as { icon: string }).icon, `${siteUrl}${ICON_URL}`);
  assert.match(String(build.files.get('feed.xml')), new RegExp(`<image>\\s*<title>[^<]*</title>\\s*<url>${siteUrl}${ICON_URL}</url>`));
  assert.match(String(build.files.get('atom.xml')), new RegExp(`<logo>${siteUrl}${ICON_URL}</logo>`));
});

test('a wide logo, raster or SVG, is drawn whole, centred on white, not cropped or stretched', async () => {
  const logos = {
    'wide-logo.png': await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 1 } } }).png().toBuffer(),
    'wide-logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10" viewBox="0 0 30 10"><rect width="30" height="10" fill="#c81414"/></svg>',
  };
  for (const [name, bytes] of Object.entries(logos)) {
    const files = { 'content/site.md': SITE_MD.replace('logo: "/images/logo.svg"', `logo: "/images/${name}"`), [`assets/images/${name}`]: bytes };
    const icon = (await buildFrom(files, { cacheDir: await temporaryFolder('icons-test') })).files.get(TOUCH_ICON.file) as Uint8Array;
    assert.deepEqual(await pixelAt(icon, 90, 5), [255, 255, 255], `${name}: white above the logo`);
    assert.deepEqual(await pixelAt(icon, 90, 90), [200, 20, 20], `${name}: the logo across the middle`);
    assert.deepEqual(await pixelAt(icon, 1, 90), [200, 20, 20], `${name}: from edge to edge`);
  }
});

test('a logo photographed on its side, with an EXIF orientation, is drawn upright, as a browser shows it', async () => {
  // Stored 300×100, red on the left; orientation 6 turns it a quarter clockwise, red on top.
  const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1414c8' } })
    .composite([{ input: { create: { width: 150, height: 100, channels: 3, background: '#c81414' } }, left: 0, top: 0 }])
    .jpeg({ quality: 100 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const files = { 'content/site.md': SITE_MD.replace('logo: "/images/logo.svg"', 'logo: "/images/phone-logo.jpg"'), 'assets/images/phone-logo.jpg': sideways };
  const icon = (await buildFrom(files, { cacheDir: await temporaryFolder('icons-test') })).files.get(TOUCH_ICON.file) as Uint8Array;
  const [top, bottom] = [await pixelAt(icon, 90, 30), await pixelAt(icon, 90, 150)];
  assert.ok((top[0] ?? 0) > 150 && (top[2] ?? 255) < 100, `red at the top: ${top.join()}`);
  assert.ok((bottom[2] ?? 0) > 150 && (bottom[0] ?? 255) < 100, `blue at the bottom: ${bottom.join()}`);
  assert.deepEqual(await pixelAt(icon, 5, 90), [255, 255, 255], 'white beside the upright logo, which is narrower than tall');
});

test('an asset saved where an icon goes stops the build, rather than be replaced without a word', async () => {
  const picture = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
  const failure = await buildFrom({ [`assets/${TOUCH_ICON.file}`]: picture, [`assets/${TAB_ICON.file}`]: picture }, { cacheDir: await temporaryFolder('icons-test') }).then(
    () => assert.fail('the build should stop'),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ContentErrors, String(failure));
  assert.deepEqual(
    failure.diagnostics.map((diagnostic) => [diagnostic.ruleId, path.basename(diagnostic.file), diagnostic.message]),
    [TOUCH_ICON.file, TAB_ICON.file].map((file) => ['asset-collision', file, `This asset would replace the generated file ${file}.`]),
  );
});

/** The one image of an ICO file, by its header: the size it gives, and the PNG it holds. */
function icoImage(bytes: Uint8Array): { width: number; height: number; png: Buffer } {
  const file = Buffer.from(bytes);
  assert.deepEqual([file.readUInt16LE(0), file.readUInt16LE(2), file.readUInt16LE(4)], [0, 1, 1], 'an icon file of one image');
  const [size, offset] = [file.readUInt32LE(14), file.readUInt32LE(18)];
  assert.equal(offset + size, file.length, 'the image runs to the end of the file');
  return { width: file.readUInt8(6), height: file.readUInt8(7), png: file.subarray(offset, offset + size) };
}

test('the favicon becomes favicon.ico at 32 px, which every page links as the alternate of the SVG it is drawn from', async () => {
  const build = await buildFrom({}, { cacheDir: await temporaryFolder('icons-test') });
  const { width, height, png } = icoImage(build.files.get(TAB_ICON.file) as Uint8Array);
  assert.deepEqual([width, height], [32, 32]);
  const metadata = await sharp(png).metadata();
  assert.deepEqual([metadata.format, metadata.width, metadata.height], ['png', 32, 32]);
  assert.deepEqual(await pixelAt(png, 3, 16), [11, 94, 107, 255], "the favicon's own colour (#0b5e6b) at its edge");
  assert.equal((await pixelAt(png, 0, 0))[3], 0, 'its rounded corner as clear as the SVG draws it');
  const links = `<link rel="alternate icon" href="/${TAB_ICON.file}" sizes="32x32"/><link rel="icon" href="/images/favicon.svg" type="image/svg+xml"/>`;
  for (const page of build.pages) if (page.kind === 'page') assert.ok(page.html.includes(links), page.url);
});

test('a PNG favicon is linked without the SVG type, which would keep a browser from it, and drawn into favicon.ico', async () => {
  const favicon = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 1 } } }).png().toBuffer();
  const files = { 'content/site.md': SITE_MD.replace('favicon: "/images/favicon.svg"', 'favicon: "/images/favicon.png"'), 'assets/images/favicon.png': favicon, 'assets/images/favicon.svg': null };
  const build = await buildFrom(files, { cacheDir: await temporaryFolder('icons-test') });
  const home = build.pages.find((page) => page.url === '/')?.html ?? '';
  assert.ok(home.includes('<link rel="icon" href="/images/favicon.png"/>'), home.slice(0, 2000));
  assert.deepEqual((await pixelAt(icoImage(build.files.get(TAB_ICON.file) as Uint8Array).png, 16, 16)).slice(0, 3), [200, 20, 20]);
});

