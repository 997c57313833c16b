/**
 * An opaque picture kept as PNG scanlines (each row a filter byte, then its
 * red, green and blue bytes), so that drawing into it and encoding it need no
 * copy in between; and the PNG encoder for it.
 */
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** A mask of coverage, one byte a pixel (0 transparent, 255 covered), placed on a picture by its top left corner. */
export interface Coverage {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

export class Scanlines {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;

  private constructor(width: number, height: number, data: Buffer) {
    this.width = width;
    this.height = height;
    this.data = data;
  }

  /**
   * From RGBA pixels (premultiplied or not: an opaque pixel is the same
   * either way), or `undefined` when a pixel is not fully opaque, which an
   * RGB picture cannot hold.
   */
  static fromRgba(pixels: Uint8Array, width: number, height: number): Scanlines | undefined {
    const stride = 1 + width * 3;
    const data = Buffer.alloc(height * stride);
    for (let y = 0; y < height; y++) {
      for (let x = 0, from = y * width * 4, to = y * stride + 1; x < width; x++, from += 4, to += 3) {
        if (pixels[from + 3] !== 255) return undefined;
        data[to] = pixels[from] as number;
        data[to + 1] = pixels[from + 1] as number;
        data[to + 2] = pixels[from + 2] as number;
      }
    }
    return new Scanlines(width, height, data);
  }

  /**
   * A copy to draw on, leaving this picture as it is.
   *
   * @param into a picture of the same size to copy into instead of a new
   *   one: a card's scanlines are 2.3 MB, and a new buffer for each of 10,000
   *   cards cost more than filling one again
   */
  copy(into?: Scanlines): Scanlines {
    if (!into || into.data.length !== this.data.length) return new Scanlines(this.width, this.height, Buffer.from(this.data));
    this.data.copy(into.data);
    return into;
  }

  /**
   * Paints a colour through a coverage mask: each pixel moves toward the
   * colour by its coverage, as a renderer fills an anti-aliased shape. What
   * falls outside the picture is left out.
   */
  paint(mask: Coverage, [red, green, blue]: readonly [number, number, number]): void {
    const stride = 1 + this.width * 3;
    const fromX = Math.max(0, -mask.left);
    const toX = Math.min(mask.width, this.width - mask.left);
    const fromY = Math.max(0, -mask.top);
    const toY = Math.min(mask.height, this.height - mask.top);
    for (let y = fromY; y < toY; y++) {
      let at = (mask.top + y) * stride + 1 + (mask.left + fromX) * 3;
      for (let x = fromX, index = y * mask.width + fromX; x < toX; x++, index++, at += 3) {
        const alpha = mask.alpha[index] as number;
        if (alpha === 0) continue;
        const rest = 255 - alpha;
        this.data[at] = divideBy255((this.data[at] as number) * rest + red * alpha);
        this.data[at + 1] = divideBy255((this.data[at + 1] as number) * rest + green * alpha);
        this.data[at + 2] = divideBy255((this.data[at + 2] as number) * rest + blue * alpha);
      }
    }
  }
}

/** value / 255, rounded, for 0 ≤ value ≤ 255 × 255: exact, without a division. */
function divideBy255(value: number): number {
  const rounded = value + 128;
  return (rounded + (rounded >> 8)) >> 8;
}

/**
 * zlib's level 3: a sharing card (2.3 MB of scanlines, mostly flat colour)
 * deflates in 1.6 ms to 47 KB, against 5 ms and 34–45 KB at the default
 * level 6 (measured on this machine).
 */
const DEFLATE_LEVEL = 3;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture as a PNG file: 8-bit RGB, every row unfiltered. */
export function encodePng(picture: Scanlines): Buffer {
  return pngFile(picture, deflateSync(picture.data, { level: DEFLATE_LEVEL }));
}

function pngFile(picture: Scanlines, zlibStream: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(picture.width, 0);
  header.writeUInt32BE(picture.height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlibStream), chunk('IEND', Buffer.alloc(0))]);
}

/** Rows the pictures encoded lately share at their top and at their bottom, and those rows deflated. */
interface SharedRows {
  /** The size of the pictures they were learnt from. */
  stride: number;
  height: number;
  /** Rows [0, top) and [bottom, height) are shared. */
  top: number;
  bottom: number;
  topBytes: Buffer;
  bottomBytes: Buffer;
  /** Raw deflate, the top's ended by a full flush (on a byte, its window emptied), the bottom's ending the stream. */
  topDeflated: Buffer;
  bottomDeflated: Buffer;
  topAdler: number;
  bottomAdler: number;
}

/** Sharing fewer rows than this is not worth the two extra compares and deflates. */
const MIN_SHARED_ROWS = 16;

/** zlib's two bytes before a deflate stream: a 32 KB window, and level 3's "fast" flag, as deflateSync writes them. */
const ZLIB_HEADER = Buffer.from([0x78, 0x5e]);

/**
 * Encodes pictures of one size that share their top and bottom rows (the
 * sharing cards: the same header and footer, only the title between them
 * changes), deflating the shared rows once. A card's rows took 1.9 ms to
 * deflate, and its middle alone 0.6 ms. The zlib stream is the deflated top,
 * this picture's middle and the deflated bottom, one after another, and the
 * checksum of all three, combined from theirs.
 *
 * Which rows are shared is learnt: the first two pictures are compared row by
 * row, and a later picture that differs within the shared rows shrinks them
 * (and is deflated whole). Shared rows are compared byte for byte before
 * each use, so the file always holds the picture's own pixels.
 */
export class PngEncoder {
  private shared: SharedRows | undefined;
  /** The last picture's rows, kept only until the shared rows are known. */
  private last: Buffer | undefined;

  encode(picture: Scanlines): Buffer {
    const stride = 1 + picture.width * 3;
    const shared = this.sharedFor(picture, stride);
    if (shared) {
      const data = picture.data;
      const bottomStart = shared.bottom * stride;
      if (data.compare(shared.topBytes, 0, shared.topBytes.length, 0, shared.topBytes.length) === 0 && data.compare(shared.bottomBytes, 0, shared.bottomBytes.length, bottomStart) === 0) {
        const middle = data.subarray(shared.topBytes.length, bottomStart);
        const adler = adler32Combine(adler32Combine(shared.topAdler, adler32(middle), middle.length), shared.bottomAdler, shared.bottomBytes.length);
        const trailer = Buffer.alloc(4);
        trailer.writeUInt32BE(adler, 0);
        return pngFile(picture, Buffer.concat([ZLIB_HEADER, shared.topDeflated, deflateRawSync(middle, { level: DEFLATE_LEVEL, finishFlush: constants.Z_FULL_FLUSH }), shared.bottomDeflated, trailer]));
      }
    }
    this.learn(picture, stride);
    return encodePng(picture);
  }

  /** The rows shared so far, if they were learnt from pictures of this one's size. */
  private sharedFor(picture: Scanlines, stride: number): SharedRows | undefined {
    const shared = this.shared;
    return shared?.stride === stride && shared.height === picture.height ? shared : undefined;
  }

  /** Works out the rows shared with the last picture, or within the rows shared so far. */
  private learn(picture: Scanlines, stride: number): void {
    const data = picture.data;
    const known = this.sharedFor(picture, stride);
    const reference = known ? undefined : this.last?.length === data.length ? this.last : undefined;
    this.shared = undefined;
    this.last = undefined;
    // Where a row is to be compared: in the last picture, or in the rows shared so far (none in their middle).
    const rowToCompare = reference ? (row: number): RowPlace => [reference, row * stride] : known ? sharedRowPlace(known) : undefined;
    if (!rowToCompare) {
      this.last = Buffer.from(data);
      return;
    }
    const sameRow = (row: number) => {
      const place = rowToCompare(row);
      return place !== undefined && data.compare(place[0], place[1], place[1] + stride, row * stride, (row + 1) * stride) === 0;
    };
    let top = 0;
    while (top < picture.height && sameRow(top)) top++;
    let bottom = picture.height;
    while (bottom > top && sameRow(bottom - 1)) bottom--;
    if (top + picture.height - bottom < MIN_SHARED_ROWS) {
      this.last = Buffer.from(data);
      return;
    }
    const topBytes = Buffer.from(data.subarray(0, top * stride));
    const bottomBytes = Buffer.from(data.subarray(bottom * stride));
    this.shared = {
      stride,
      height: picture.height,
      top,
      bottom,
      topBytes,
      bottomBytes,
      topDeflated: deflateRawSync(topBytes, { level: DEFLATE_LEVEL, finishFlush: constants.Z_FULL_FLUSH }),
      bottomDeflated: deflateRawSync(bottomBytes, { level: DEFLATE_LEVEL }),
      topAdler: adler32(topBytes),
      bottomAdler: adler32(bottomBytes),
    };
  }
}

/** A row's bytes: the buffer and where in it the row starts. */
type RowPlace = [Buffer, number] | undefined;

/** Where each row of the shared rows is kept; none for a row between them. */
function sharedRowPlace({ top, bottom, topBytes, bottomBytes, stride }: SharedRows): (row: number) => RowPlace {
  return (row) => (row < top ? [topBytes, row * stride] : row >= bottom ? [bottomBytes, (row - bottom) * stride] : undefined);
}

const ADLER_BASE = 65521;

/** zlib's checksum of bytes (Adler-32). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5,552 bytes is the most whose sums stay exact in a double before they are reduced (zlib's NMAX).
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(start + 5552, bytes.length);
    let at = start;
    // Four bytes at a time: b gains a four times and each byte by how many sums it enters.
    for (; at + 4 <= end; at += 4) {
      const first = bytes[at] as number;
      const second = bytes[at + 1] as number;
      const third = bytes[at + 2] as number;
      const fourth = bytes[at + 3] as number;
      b += 4 * a + 4 * first + 3 * second + 2 * third + fourth;
      a += first + second + third + fourth;
    }
    for (; at < end; at++) {
      a += bytes[at] as number;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two runs of bytes one after the other, from each one's and the second's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  const firstA = first & 0xffff;
  const a = (firstA + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = ((remainder * firstA) % ADLER_BASE + (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const framed = Buffer.alloc(data.length + 12);
  framed.writeUInt32BE(data.length, 0);
  framed.write(type, 4, 'latin1');
  data.copy(framed, 8);
  framed.writeUInt32BE(crc32(framed.subarray(4, 8 + data.length)), 8 + data.length);
  return framed;
}
