/**
 * The build cache: work kept between builds in one folder (`.cache/` by
 * default), so that an unchanged article is neither processed nor drawn
 * again. Every entry is named by a key that hashes everything that made it,
 * so an entry is never stale, only unused, and the folder is safe to delete.
 * Each entry carries its length and a checksum, checked on every read: an
 * entry that is damaged, cut short or of another format reads as missing,
 * and is made again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from '../lib/atomic-write.ts';

/** What an entry holds: a processed body, a drawn card, an image copy, facts read from a PDF, what the checks learnt and found. */
export type EntryKind = 'markdown' | 'card' | 'image' | 'pdf' | 'page-record' | 'site-check';

/** "PSC" and the format's version: an entry of another format is not read. */
const MAGIC = Buffer.from('PSC1', 'latin1');
const HEADER_SIZE = 12;

/**
 * A key from the parts that decide an entry. The parts are kept apart
 * (`("ab", "c")` and `("a", "bc")` differ).
 */
export function entryKey(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}

function framed(payload: Uint8Array): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(payload.length, 4);
  header.writeUInt32BE(crc32(payload), 8);
  return Buffer.concat([header, payload]);
}

/** The payload of an entry's bytes, or undefined when they are not a whole, intact entry. */
function unframed(bytes: Buffer): Buffer | undefined {
  if (bytes.length < HEADER_SIZE || !bytes.subarray(0, 4).equals(MAGIC)) return undefined;
  const payload = bytes.subarray(HEADER_SIZE);
  if (payload.length !== bytes.readUInt32BE(4) || crc32(payload) !== bytes.readUInt32BE(8)) return undefined;
  return payload;
}

export class CacheStore {
  readonly folder: string;
  private readonly madeFolders = new Set<string>();

  /** @param folder the cache folder, e.g. `.cache` */
  constructor(folder: string) {
    this.folder = folder;
  }

  private file(kind: EntryKind, key: string): string {
    return path.join(this.folder, kind, key);
  }

  /**
   * An entry's payload, or undefined when there is none or it does not pass
   * its checks. Read on the caller's thread, not handed to libuv's: for an
   * entry of a few kB the hand-off costs more than the read (see
   * test/bench/README.md).
   */
  get(kind: EntryKind, key: string): Buffer | undefined {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file(kind, key));
    } catch {
      return undefined;
    }
    return unframed(bytes);
  }

  /** Stores an entry, whole or not at all. */
  put(kind: EntryKind, key: string, payload: Uint8Array): void {
    const folder = path.join(this.folder, kind);
    if (!this.madeFolders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.madeFolders.add(folder);
    }
    writeFileAtomic(this.file(kind, key), framed(payload));
  }

  /** A JSON entry, or undefined when missing, damaged, or not JSON. */
  getJson<T>(kind: EntryKind, key: string): T | undefined {
    const payload = this.get(kind, key);
    if (payload === undefined) return undefined;
    try {
      return JSON.parse(payload.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }

  putJson(kind: EntryKind, key: string, value: unknown): void {
    this.put(kind, key, Buffer.from(JSON.stringify(value), 'utf8'));
  }
}
