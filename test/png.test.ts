/** The PNG encoder and the picture it encodes (build/lib/png.ts), and the WOFF unpacker for HarfBuzz (build/lib/woff.ts). */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import sharp from 'sharp';
import { constants, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { adler32, adler32Combine, encodePng, PngEncoder, Scanlines } from '../build/lib/png.ts';
import { woffToSfnt } from '../build/lib/woff.ts';

function rgba(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set(pixel(x, y), (y * width + x) * 4);
  return pixels;
}

test('a PNG decodes to the pixels it was made of', async () => {
  const pixels = rgba(37, 11, (x, y) => [(x * 7) % 256, (y * 23) % 256, (x * y) % 256, 255]);
  const picture = Scanlines.fromRgba(pixels, 37, 11);
  assert.ok(picture);
  const { data, info } = await sharp(encodePng(picture)).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual([info.width, info.height, info.channels], [37, 11, 3]);
  for (let pixel = 0; pixel < 37 * 11; pixel++) {
    assert.deepEqual([...data.subarray(pixel * 3, pixel * 3 + 3)], [...pixels.subarray(pixel * 4, pixel * 4 + 3)], `pixel ${pixel}`);
  }
});

test('a picture with a pixel that is not opaque is refused', () => {
  assert.equal(Scanlines.fromRgba(rgba(3, 2, (x, y) => [0, 0, 0, x === 2 && y === 1 ? 254 : 255]), 3, 2), undefined);
});

/** One pixel of a picture, as its PNG decodes. */
async function pixelOf(picture: Scanlines, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(encodePng(picture)).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

test('painting moves each pixel toward the colour by its coverage, and leaves out what falls outside the picture', async () => {
  const white = Scanlines.fromRgba(rgba(4, 3, () => [255, 255, 255, 255]), 4, 3);
  assert.ok(white);
  const picture = white.copy();
  picture.paint({ left: 2, top: -1, width: 3, height: 3, alpha: Uint8Array.from([9, 9, 9, 255, 128, 9, 0, 51, 9]) }, [0, 0, 0]);
  assert.deepEqual(await pixelOf(picture, 2, 0), [0, 0, 0], 'covered: the colour');
  assert.deepEqual(await pixelOf(picture, 3, 0), [127, 127, 127], 'half covered: half way (255 × 127 / 255)');
  assert.deepEqual(await pixelOf(picture, 2, 1), [255, 255, 255], 'not covered');
  assert.deepEqual(await pixelOf(picture, 3, 1), [204, 204, 204], 'a fifth covered');
  assert.deepEqual(await pixelOf(white, 2, 0), [255, 255, 255], 'the original is left as it was');
  assert.equal(picture.copy(white), white, 'a copy into a picture of the same size fills that picture');
  assert.deepEqual(await pixelOf(white, 2, 0), [0, 0, 0]);
});

test("Adler-32 and its combination of two runs are zlib's", () => {
  const bytes = Buffer.from(Array.from({ length: 20_003 }, (_, index) => (index * 131 + (index >> 7)) % 256));
  const zlibs = (part: Buffer) => deflateSync(part).readUInt32BE(deflateSync(part).length - 4);
  for (const length of [0, 1, 3, 4, 5, 5552, 5553, 11_105, 20_003]) assert.equal(adler32(bytes.subarray(0, length)), zlibs(bytes.subarray(0, length)), `${length} bytes`);
  assert.equal(adler32(Buffer.alloc(70_000, 255)), zlibs(Buffer.alloc(70_000, 255)), 'sums that wrap many times');
  for (const split of [0, 1, 4_000, 19_999, 20_003]) {
    const [first, second] = [bytes.subarray(0, split), bytes.subarray(split)];
    assert.equal(adler32Combine(adler32(first), adler32(second), second.length), zlibs(bytes), `split at ${split}`);
  }
});

/** A 40×40 picture: a header of 10 rows and a footer of 8, the same for every call, and a middle that differs by `seed`. */
function card(seed: number, header = 0): Scanlines {
  const picture = Scanlines.fromRgba(rgba(40, 40, (x, y) => (y < 10 ? [(x * 5 + header) % 256, y * 9, 200, 255] : y >= 32 ? [10, x * 3, y, 255] : [(x * seed) % 256, (y * seed) % 256, seed % 256, 255])), 40, 40);
  assert.ok(picture);
  return picture;
}

/** The rows a PNG file holds, its zlib stream checked as it is inflated. */
function rowsOf(png: Buffer): Buffer {
  assert.equal(png.toString('latin1', 37, 41), 'IDAT');
  return inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
}

test('pictures that share their top and bottom rows are encoded with those rows deflated once, and decode to their own pixels', async () => {
  const encoder = new PngEncoder();
  const stride = 1 + 40 * 3;
  const pictures = [card(3), card(7), card(11), card(13, 1), card(17), card(19)];
  for (const [index, picture] of pictures.entries()) {
    const png = encoder.encode(picture);
    assert.deepEqual(rowsOf(png), picture.data, `picture ${index}`);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.equal(data[(20 * 40 + 3) * 3], (3 * [3, 7, 11, 13, 17, 19][index]!) % 256, `picture ${index}, as sharp decodes it`);
  }
  // The first two pictures share rows 0–9 and 32–39, and the third reuses them deflated.
  const topOf = (picture: Scanlines) => deflateRawSync(picture.data.subarray(0, 10 * stride), { level: 3, finishFlush: constants.Z_FULL_FLUSH });
  const third = new PngEncoder();
  for (const picture of pictures.slice(0, 2)) third.encode(picture);
  assert.ok(third.encode(pictures[2]!).subarray(43).subarray(0, topOf(pictures[0]!).length).equals(topOf(pictures[0]!)), 'the top rows, as deflated once, follow the zlib header');
  // A picture with another header is encoded whole; with the next, the rows shared are learnt again.
  for (const seed of [29, 31]) assert.deepEqual(rowsOf(third.encode(card(seed, 1))), card(seed, 1).data);
  const again = third.encode(card(37, 1));
  assert.deepEqual(rowsOf(again), card(37, 1).data);
  assert.ok(again.subarray(43).subarray(0, topOf(card(31, 1)).length).equals(topOf(card(31, 1))), "the new header's rows are shared");
  assert.deepEqual(rowsOf(third.encode(Scanlines.fromRgba(rgba(40, 31, () => [1, 2, 3, 255]), 40, 31) as Scanlines)), Buffer.concat(Array.from({ length: 31 }, () => Buffer.from([0, ...Array.from({ length: 40 }, () => [1, 2, 3]).flat()]))), 'a picture of another size');
});

test('a WOFF font unpacks to an OpenType font whose every table matches its checksum', async () => {
  const woff = await readFile(new URL('../node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff', import.meta.url));
  const font = woffToSfnt(woff);
  const tables = font.readUInt16BE(4);
  assert.equal(tables, woff.readUInt16BE(12));
  for (let table = 0; table < tables; table++) {
    const entry = 12 + table * 16;
    const tag = font.toString('latin1', entry, entry + 4);
    const [checksum, offset, length] = [4, 8, 12].map((field) => font.readUInt32BE(entry + field)) as [number, number, number];
    let sum = 0;
    for (let word = offset; word < offset + length; word += 4) {
      // The head table's checksum is taken with its checkSumAdjustment (at 8) as zero; a table's last word is padded with zeros.
      if (tag === 'head' && word === offset + 8) continue;
      const bytes = Buffer.alloc(4);
      font.copy(bytes, 0, word, Math.min(word + 4, offset + length));
      sum = (sum + bytes.readUInt32BE(0)) >>> 0;
    }
    assert.equal(sum, checksum, `table ${tag}`);
  }
  const harfbuzz = await (await import('harfbuzzjs')).default;
  const face = harfbuzz.createFace(harfbuzz.createBlob(font), 0);
  assert.equal(face.upem, 1000);
  const buffer = harfbuzz.createBuffer();
  buffer.addText('A');
  buffer.guessSegmentProperties();
  const hbFont = harfbuzz.createFont(face);
  harfbuzz.shape(hbFont, buffer);
  const [glyph] = buffer.json();
  assert.ok(glyph && glyph.g > 0 && glyph.ax > 0, 'HarfBuzz finds the letter A');
  assert.match(hbFont.glyphToPath(glyph.g), /^M[\d.-]+,[\d.-]+L/, 'and its outline');
  assert.throws(() => woffToSfnt(Buffer.from('not a font at all, but long enough to have a header')), /not a WOFF 1.0 font/);
});
