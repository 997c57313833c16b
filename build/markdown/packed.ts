/**
 * A processed body with its HTML kept compressed. At 10,000 articles the
 * bodies' HTML was 160 MB of the build thread's live heap, held from the
 * markdown stage to the write so that each page can render when read; as
 * deflate it is about a fifth of that, and off V8's heap, which then also
 * carries less garbage. A page unpacks its body each time it renders (twice
 * in a build: for the checks and for the write), 20-50 µs a body.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import type { MarkdownDocument } from './index.ts';

/** A document as it crosses between threads and lies in the build cache: its facts as they are, its HTML deflated. */
export type PackedDocument = Omit<MarkdownDocument, 'html'> & { packedHtml: Uint8Array };

/** Packs a document where it was processed, so that only the compressed HTML crosses to the build's thread. */
export function packDocument({ html, ...facts }: MarkdownDocument): PackedDocument {
  // A copy the size of the output: zlib's result may be a view of a larger buffer, all of which a thread would send.
  return { ...facts, packedHtml: new Uint8Array(deflateSync(html, { level: 1 })) };
}

/**
 * A document whose HTML is unpacked each time it is read. Its facts are
 * plain fields; the compressed HTML is private, so that neither JSON nor a
 * comparison of fields sees it.
 */
class UnpackedOnRead implements MarkdownDocument {
  readonly figuresUsed: string[];
  readonly unknownFigures: { name: string; line: number | undefined }[];
  readonly wordCount: number;
  readonly textBlocks: string[];
  readonly links: { url: string; line: number | undefined }[];
  readonly #packedHtml: Uint8Array;

  constructor({ packedHtml, figuresUsed, unknownFigures, wordCount, textBlocks, links }: PackedDocument) {
    this.figuresUsed = figuresUsed;
    this.unknownFigures = unknownFigures;
    this.wordCount = wordCount;
    this.textBlocks = textBlocks;
    this.links = links;
    this.#packedHtml = packedHtml;
  }

  get html(): string {
    try {
      return inflateSync(this.#packedHtml).toString('utf8');
    } catch (error) {
      // Only a cache file changed by hand gets here: each is written whole, and zlib's checksum finds the damage.
      throw new Error(`a processed body in the build cache is damaged (${error instanceof Error ? error.message : String(error)}); delete the cache folder's markdown/ and build again`, { cause: error });
    }
  }
}

/** The document for the pages and the checks, its HTML still compressed. */
export function unpackDocument(packed: PackedDocument): MarkdownDocument {
  return new UnpackedOnRead(packed);
}

/** A packed document as a cache file: the length of its facts' JSON (4 bytes), that JSON, then the deflated HTML. */
export function documentFile({ packedHtml, ...facts }: PackedDocument): Buffer {
  const json = Buffer.from(JSON.stringify(facts), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, packedHtml]);
}

/** A packed document from its cache file, or undefined when the file is not one. */
export function documentFromFile(file: Buffer): PackedDocument | undefined {
  if (file.length < 4) return undefined;
  const length = file.readUInt32BE(0);
  if (4 + length > file.length) return undefined;
  try {
    const facts = JSON.parse(file.toString('utf8', 4, 4 + length)) as Omit<MarkdownDocument, 'html'>;
    return { ...facts, packedHtml: new Uint8Array(file.subarray(4 + length)) };
  } catch {
    return undefined;
  }
}
