/**
 * A WOFF 1.0 font (https://www.w3.org/TR/WOFF/) unpacked to the plain
 * OpenType file it wraps, for HarfBuzz, which reads only plain fonts. The
 * bundled fonts are WOFF; the plain file is the same tables, each inflated.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_SIZE = 44;
const WOFF_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_ENTRY_SIZE = 16;

/**
 * @param woff the WOFF file's bytes
 * @throws when the bytes are not a WOFF 1.0 font
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER_SIZE || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const tableCount = woff.readUInt16BE(12);
  const sfnt = Buffer.alloc(woff.readUInt32BE(16));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour
  sfnt.writeUInt16BE(tableCount, 4);
  const entrySelector = Math.floor(Math.log2(tableCount));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY_SIZE;
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(tableCount * SFNT_ENTRY_SIZE - searchRange, 10);
  let offset = SFNT_HEADER_SIZE + tableCount * SFNT_ENTRY_SIZE;
  for (let table = 0; table < tableCount; table++) {
    const entry = WOFF_HEADER_SIZE + table * WOFF_ENTRY_SIZE;
    const [tag, from, packedLength, length, checksum] = [0, 4, 8, 12, 16].map((field) => woff.readUInt32BE(entry + field)) as [number, number, number, number, number];
    const packed = woff.subarray(from, from + packedLength);
    const data = packedLength < length ? inflateSync(packed) : packed;
    if (data.length !== length) throw new Error('a table of the WOFF font does not unpack to its stated length');
    const directory = SFNT_HEADER_SIZE + table * SFNT_ENTRY_SIZE;
    sfnt.writeUInt32BE(tag, directory);
    sfnt.writeUInt32BE(checksum, directory + 4);
    sfnt.writeUInt32BE(offset, directory + 8);
    sfnt.writeUInt32BE(length, directory + 12);
    data.copy(sfnt, offset);
    // Tables start on 4-byte boundaries.
    offset += (length + 3) & ~3;
  }
  return sfnt;
}
