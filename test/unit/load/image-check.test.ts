/**
 * An image a page shows must show (build/load/image-check.ts): one whose
 * bytes are empty, cut short, not an image, or of another kind than its name
 * says (a browser goes by the name) stops the build with one invalid-image
 * error where it is shown, at the line when there is one; images whose bytes
 * are what their names say build as before.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { ContentErrors, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { MARKER_FILE } from '../../../build/write/index.ts';
import { run, withoutProgress } from '../../helpers/command.ts';
import { filesOf, temporaryFolder } from '../../helpers/folders.ts';
import { article, buildFrom, makeSite, SAMPLE_ASSETS, SITE_MD, type SiteFiles } from '../../helpers/sites.ts';

const raster = sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 90, b: 120 } } });
const PNG = await raster.clone().png().toBuffer();
const SVG = await readFile(path.join(SAMPLE_ASSETS, 'images/logo.svg'));

/** An article whose body shows the image on line 6: after the front matter's four lines and a blank one. */
const showing = (url: string) => article({ title: 'With an Image', date: '2025-01-01' }, `![What the image shows](${url})`);
const SHOWN_AT = 6;

/** The problems a build of the base site and these files stops with. */
async function stoppedWith(files: SiteFiles): Promise<readonly ContentDiagnostic[]> {
  const failure = await buildFrom(files, { cacheDir: await temporaryFolder('image-check-cache') }).then(
    () => assert.fail('the build should stop'),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ContentErrors, String(failure));
  return failure.diagnostics;
}

const BROKEN: { what: string; file: string; bytes: Uint8Array | string; says: RegExp }[] = [
  { what: 'an empty file', file: 'x.jpg', bytes: '', says: /is an empty file/ },
  { what: 'text', file: 'x.jpg', bytes: 'hi\n', says: /is not an image file/ },
  { what: 'PNG bytes under an SVG name', file: 'x.svg', bytes: PNG, says: /is in PNG format under a name ending in \.svg, which browsers take for SVG/ },
  { what: 'SVG text under a PNG name', file: 'x.png', bytes: SVG, says: /is in SVG format under a name ending in \.png, which browsers take for PNG/ },
  { what: 'a PNG cut short after its header', file: 'x.png', bytes: PNG.subarray(0, 100), says: /is cut short or damaged/ },
];

for (const { what, file, bytes, says } of BROKEN) {
  test(`an article image that is ${what} stops the build with one invalid-image error at its line`, async () => {
    const url = `/images/${file}`;
    const diagnostics = await stoppedWith({ [`assets/images/${file}`]: bytes, 'content/insights/a.md': showing(url) });
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.ruleId, path.basename(diagnostic.file), diagnostic.line, diagnostic.severity]),
      [['invalid-image', 'a.md', SHOWN_AT, 'error']],
    );
    const [diagnostic] = diagnostics;
    assert.match(diagnostic?.message ?? '', new RegExp(`^The image ${url.replaceAll('.', '\\.')} .*, so readers would see it broken\\.$`));
    assert.match(diagnostic?.message ?? '', says);
    assert.doesNotMatch(diagnostic?.message ?? '', /vips|libpng|failOn/i, 'in our words, not libvips');
    assert.ok((diagnostic?.hint ?? '').length > 0);
  });
}

test("the site file's images are checked too: a PNG saved as the photo's .svg, a cut-short sharing image, each at its field's line", async () => {
  const photo = await stoppedWith({ 'assets/images/physician.svg': PNG });
  assert.deepEqual(photo.map((d) => [d.ruleId, path.basename(d.file), d.line]), [['invalid-image', 'site.md', SITE_MD.split('\n').findIndex((line) => line.startsWith('photo:')) + 1]]);
  assert.match(photo[0]?.message ?? '', /^The image \/images\/physician\.svg is in PNG format/);
  assert.match(photo[0]?.hint ?? '', /Save it again as SVG/);
  const social = await stoppedWith({ 'assets/images/social-default.png': PNG.subarray(0, 100) });
  assert.deepEqual(social.map((d) => [d.ruleId, path.basename(d.file), d.line]), [['invalid-image', 'site.md', SITE_MD.split('\n').findIndex((line) => line.startsWith('socialImage:')) + 1]]);
  assert.match(social[0]?.message ?? '', /^The image \/images\/social-default\.png is cut short or damaged/);
});

test('images whose bytes are what their names say build: PNG, JPEG, GIF, WebP, AVIF and SVG, the extension in any case; and a raster under another raster\'s name, which browsers show', async () => {
  const images: Record<string, Uint8Array> = {
    'screenshot.jpg': PNG,
    'a.png': PNG,
    'b.jpg': await raster.clone().jpeg().toBuffer(),
    'c.JPEG': await raster.clone().jpeg().toBuffer(),
    'd.gif': await raster.clone().gif().toBuffer(),
    'e.webp': await raster.clone().webp().toBuffer(),
    'f.avif': await raster.clone().avif().toBuffer(),
    'g.svg': SVG,
  };
  const body = Object.keys(images).map((name) => `![Image ${name}](/images/${name})`).join('\n\n');
  const build = await buildFrom({ ...Object.fromEntries(Object.entries(images).map(([name, bytes]) => [`assets/images/${name}`, bytes])), 'content/insights/a.md': article({ title: 'Every Kind', date: '2025-01-01' }, body) }, { cacheDir: await temporaryFolder('image-check-cache') });
  assert.deepEqual(build.warnings.filter((warning) => warning.ruleId === 'invalid-image'), []);
  for (const name of Object.keys(images)) assert.ok(build.files.has(`images/${name}`), name);
});

/** Every file of a folder with its bytes, the build's marker too: what a build that stops must leave as it was. */
async function filesWithMarker(folder: string): Promise<Map<string, Buffer>> {
  const files = await filesOf(folder);
  files.set(MARKER_FILE, await readFile(path.join(folder, MARKER_FILE)));
  return files;
}

// bug: a cut-short image an article shows was told twice, the second time in sharp's words ("Warning treated as error due to failOn setting").
test('npm run build: a cut-short image an article shows is one invalid-image line at the line that shows it, exit 1, and out/ is left byte for byte', async () => {
  const site = await makeSite({ 'content/insights/a.md': showing('/images/x.png').replace(/!\[.*\n$/, 'No image yet.\n') });
  const out = path.join(site.root, 'out');
  try {
    assert.equal(run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out).code, 0);
    const before = await filesWithMarker(out);
    await writeFile(path.join(site.assetsDir, 'images/x.png'), PNG.subarray(0, 100));
    await writeFile(path.join(site.contentDir, 'insights/a.md'), showing('/images/x.png'));
    const { code, stderr } = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out);
    assert.equal(code, 1);
    const lines = withoutProgress(stderr).trim().split('\n');
    assert.equal(lines.length, 2, stderr);
    assert.match(lines[0] ?? '', new RegExp(`content/insights/a\\.md:${SHOWN_AT} error invalid-image The image /images/x\\.png is cut short or damaged: its pixels cannot be read, so readers would see it broken\\. Hint: `));
    assert.match(lines[1] ?? '', /The build stopped: 1 problem to fix in the content\. The previous out\/ was left as it was\./);
    assert.deepEqual(await filesWithMarker(out), before);
  } finally {
    await site.cleanup();
  }
});
