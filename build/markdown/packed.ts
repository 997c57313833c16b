/**
 * A processed body with its bulk text kept compressed: its HTML, which each
 * page reads when it renders (twice in a build: for the checks and for the
 * write), and its text blocks, which the leak audit and the report read once.
 * At 10,000 articles they were 160 MB and 76 MB of the build thread's live
 * heap, held from the markdown stage to the write; as deflate they are about
 * a fifth of that, off V8's heap, which then also carries less garbage.
 * Unpacking one body's HTML takes 20-50 µs.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import type { MarkdownDocument } from './index.ts';

/** A document as it crosses between threads and lies in the build cache: its small facts as they are, its HTML and text blocks deflated. */
export type PackedDocument = Omit<MarkdownDocument, 'html' | 'textBlocks'> & { packedHtml: Uint8Array; packedTextBlocks: Uint8Array };

// A copy the size of the output: zlib's result may be a view of a larger buffer, all of which a thread would send.
const deflated = (text: string) => new Uint8Array(deflateSync(text, { level: 1 }));

/** Packs a document where it was processed, so that only the compressed text crosses to the build's thread. */
export function packDocument({ html, textBlocks, ...facts }: MarkdownDocument): PackedDocument {
  return { ...facts, packedHtml: deflated(html), packedTextBlocks: deflated(JSON.stringify(textBlocks)) };
}

function inflated(packed: Uint8Array): string {
  try {
    return inflateSync(packed).toString('utf8');
  } catch (error) {
    // Only a cache file changed by hand gets here: each is written whole, and zlib's checksum finds the damage.
    throw new Error(`a processed body in the build cache is damaged (${error instanceof Error ? error.message : String(error)}); delete the cache folder's markdown/ and build again`, { cause: error });
  }
}

/**
 * A document whose HTML and text blocks are unpacked each time they are
 * read. Its small facts are plain fields; the compressed text is private, so
 * that neither JSON nor a comparison of fields sees it.
 */
class UnpackedOnRead implements MarkdownDocument {
  readonly figuresUsed: string[];
  readonly unknownFigures: { name: string; line: number | undefined }[];
  readonly wordCount: number;
  readonly links: { url: string; line: number | undefined }[];
  readonly #packedHtml: Uint8Array;
  readonly #packedTextBlocks: Uint8Array;

  constructor({ packedHtml, packedTextBlocks, figuresUsed, unknownFigures, wordCount, links }: PackedDocument) {
    this.figuresUsed = figuresUsed;
    this.unknownFigures = unknownFigures;
    this.wordCount = wordCount;
    this.links = links;
    this.#packedHtml = packedHtml;
    this.#packedTextBlocks = packedTextBlocks;
  }

  get html(): string {
    return inflated(this.#packedHtml);
  }

  get textBlocks(): string[] {
    return JSON.parse(inflated(this.#packedTextBlocks)) as string[];
  }
}

/** The document for the pages and the checks, its HTML and text blocks still compressed. */
export function unpackDocument(packed: PackedDocument): MarkdownDocument {
  return new UnpackedOnRead(packed);
}

const lengthField = (length: number) => {
  const field = Buffer.alloc(4);
  field.writeUInt32BE(length);
  return field;
};

/** A packed document as a cache file: the length of its facts' JSON (4 bytes) and that JSON, the length of the deflated HTML (4 bytes) and that HTML, then the deflated text blocks. */
export function documentFile({ packedHtml, packedTextBlocks, ...facts }: PackedDocument): Buffer {
  const json = Buffer.from(JSON.stringify(facts), 'utf8');
  return Buffer.concat([lengthField(json.length), json, lengthField(packedHtml.length), packedHtml, packedTextBlocks]);
}

/** A packed document from its cache file, or undefined when the file is not one. */
export function documentFromFile(file: Buffer): PackedDocument | undefined {
  if (file.length < 4) return undefined;
  const factsEnd = 4 + file.readUInt32BE(0);
  if (factsEnd + 4 > file.length) return undefined;
  const htmlEnd = factsEnd + 4 + file.readUInt32BE(factsEnd);
  if (htmlEnd > file.length) return undefined;
  try {
    const facts = JSON.parse(file.toString('utf8', 4, factsEnd)) as Omit<PackedDocument, 'packedHtml' | 'packedTextBlocks'>;
    return { ...facts, packedHtml: new Uint8Array(file.subarray(factsEnd + 4, htmlEnd)), packedTextBlocks: new Uint8Array(file.subarray(htmlEnd)) };
  } catch {
    return undefined;
  }
}
