/**
 * The build cache: work kept between builds in one folder (`.cache/` by
 * default), so that an unchanged article is neither processed nor drawn
 * again. Every entry is named by a key that hashes everything that made it,
 * so an entry is never stale, only unused, and the folder is safe to delete.
 * Two entries a build replaces whole are named for what they hold (its pages'
 * records, what its checks found): each carries the keys it answers to, and
 * is used only where they match.
 *
 * Entries are appended to pack files, one for each writer (a build's
 * thread, each markdown worker), rather than kept a file each: making a
 * file costs more than writing it (see test/bench/README.md). Each entry
 * carries its kind, key, length and a checksum, checked on every read: an
 * entry that is damaged, cut short or of another format reads as missing,
 * and is made again. A pack no entry of a build was read from or written
 * to is deleted once that build ends (`prune`).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { oldWriteRecord, removeOldLayout } from './old-layout.ts';

export { entryKey } from './key.ts';

/** What an entry holds: a processed body, a drawn card, an image copy, facts read from a PDF, what the checks learnt and found, whether an image's pixels decode, a file of the browser editor made from the generator, the browser bundles. */
export type EntryKind = 'markdown' | 'card' | 'image' | 'pdf' | 'page-record' | 'site-check' | 'image-facts' | 'editor-file' | 'bundle';

// A new kind goes last: an entry's kind is stored as its place in this list.
const KINDS: readonly EntryKind[] = ['markdown', 'card', 'image', 'pdf', 'page-record', 'site-check', 'image-facts', 'editor-file', 'bundle'];

/** "PSP" and the format's version: an entry of another format is not read. */
const MAGIC = Buffer.from('PSP2', 'latin1');
/** Magic, kind, key length (1 byte each after the magic), pad, payload length, checksum of key and payload. */
const HEADER_SIZE = 16;

/** Where an entry is: its pack, where in it, and how many bytes it takes there. */
export interface EntryLocation {
  pack: string;
  offset: number;
  size: number;
}

/** An entry as it is appended to a pack: its header, key and payload. */
function framed(kind: EntryKind, key: string, payload: Uint8Array): Buffer {
  const keyBytes = Buffer.from(key, 'utf8');
  const header = Buffer.alloc(HEADER_SIZE);
  MAGIC.copy(header, 0);
  header.writeUInt8(KINDS.indexOf(kind), 4);
  header.writeUInt8(keyBytes.length, 5);
  header.writeUInt32BE(payload.length, 8);
  header.writeUInt32BE(crc32(payload, crc32(keyBytes)), 12);
  return Buffer.concat([header, keyBytes, payload]);
}

/** Reads `length` bytes of a file at `position`; fewer when the file ends first. */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  for (let got = -1; read < length && got !== 0; read += got) got = readSync(fd, bytes, read, length - read, position + read);
  return bytes.subarray(0, read);
}

/** An entry's header where it is well formed: its kind, key length and payload length. */
function headerAt(fd: number, position: number): { kind: EntryKind; keyLength: number; length: number; checksum: number } | undefined {
  const header = readAt(fd, position, HEADER_SIZE);
  const kind = KINDS[header[4] ?? -1];
  if (header.length < HEADER_SIZE || !header.subarray(0, 4).equals(MAGIC) || kind === undefined) return undefined;
  return { kind, keyLength: header.readUInt8(5), length: header.readUInt32BE(8), checksum: header.readUInt32BE(12) };
}

/** The kind, key and size of a well-formed entry that ends within the pack; its payload is checked when it is read. */
function entryAt(fd: number, offset: number, end: number): { kind: EntryKind; key: string; size: number } | undefined {
  const header = headerAt(fd, offset);
  if (header === undefined) return undefined;
  const size = HEADER_SIZE + header.keyLength + header.length;
  if (offset + size > end) return undefined;
  return { kind: header.kind, key: readAt(fd, offset + HEADER_SIZE, header.keyLength).toString('utf8'), size };
}

/** The entry at this place when it is whole: well formed, ending within `end`, its checksum right. */
function wholeEntryAt(fd: number, offset: number, end: number): { kind: EntryKind; key: string; payload: Buffer } | undefined {
  const header = headerAt(fd, offset);
  const size = header === undefined ? 0 : header.keyLength + header.length;
  if (header === undefined || offset + HEADER_SIZE + size > end) return undefined;
  const body = readAt(fd, offset + HEADER_SIZE, size);
  const [keyBytes, payload] = [body.subarray(0, header.keyLength), body.subarray(header.keyLength)];
  if (body.length !== size || crc32(payload, crc32(keyBytes)) !== header.checksum) return undefined;
  return { kind: header.kind, key: keyBytes.toString('utf8'), payload };
}

/** Where the next whole entry begins at or after `from`; the end of the pack when none does. */
function nextWholeEntry(fd: number, from: number, end: number): number {
  const chunk = 1 << 16;
  for (let start = from; start < end; start += chunk - MAGIC.length) {
    const bytes = readAt(fd, start, chunk);
    for (let found = bytes.indexOf(MAGIC); found !== -1; found = bytes.indexOf(MAGIC, found + 1)) if (wholeEntryAt(fd, start + found, end) !== undefined) return start + found;
  }
  return end;
}

/**
 * How much earlier than the clock the file system may date a file: Linux
 * stamps it with a coarse clock that ticks every few milliseconds, so a pack
 * made just after a build began can look older than the build.
 */
const FILE_CLOCK_LAG_MS = 50;

export class CacheStore {
  readonly folder: string;
  private readonly packs: string;
  /** Every entry of the packs, by kind and key; read from the packs when first asked. */
  private index: Map<string, EntryLocation> | undefined;
  /** This store's own pack, made with its first entry. */
  private writer: string | undefined;
  /** The packs this store read an entry from or wrote one to: the others are pruned. */
  private readonly used = new Set<string>();
  private readonly started = Date.now();

  /** @param folder the cache folder, e.g. `.cache` */
  constructor(folder: string) {
    this.folder = folder;
    this.packs = path.join(folder, 'packs');
  }

  /** The packs of the folder, in the order they were begun; none before the first entry. */
  private packNames(): string[] {
    try {
      return readdirSync(this.packs)
        .filter((name) => name.endsWith('.pack'))
        .sort();
    } catch {
      return [];
    }
  }

  private indexed(): Map<string, EntryLocation> {
    if (this.index !== undefined) return this.index;
    this.index = new Map();
    for (const name of this.packNames()) this.scan(name);
    return this.index;
  }

  /**
   * Indexes the entries of a pack. Past one that is not well formed (a
   * write cut short, a damaged header), the next whole entry is looked for,
   * so that one damaged entry costs only itself.
   */
  private scan(pack: string): void {
    let fd: number;
    try {
      fd = openSync(path.join(this.packs, pack), 'r');
    } catch {
      return;
    }
    try {
      const end = fstatSync(fd).size;
      // Where the last entry indexed began: a damaged one may claim bytes that hold the next whole entry.
      let last = -1;
      for (let offset = 0; offset < end; ) {
        if (entryAt(fd, offset, end) === undefined) offset = nextWholeEntry(fd, last + 1, end);
        const entry = entryAt(fd, offset, end);
        if (entry === undefined) break;
        this.index?.set(`${entry.kind}:${entry.key}`, { pack, offset, size: entry.size });
        last = offset;
        offset += entry.size;
      }
    } finally {
      closeSync(fd);
    }
  }

  /** An entry's payload, or undefined when there is none or it does not pass its checks. */
  get(kind: EntryKind, key: string): Buffer | undefined {
    const at = this.indexed().get(`${kind}:${key}`);
    if (at === undefined) return undefined;
    let fd: number;
    try {
      fd = openSync(path.join(this.packs, at.pack), 'r');
    } catch {
      return undefined;
    }
    try {
      const entry = wholeEntryAt(fd, at.offset, at.offset + at.size);
      if (entry?.kind !== kind || entry.key !== key) return undefined;
      this.used.add(at.pack);
      return entry.payload;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Stores an entry at the end of this store's pack.
   *
   * @returns where it is, for a store of another thread to learn (see `learn`)
   */
  put(kind: EntryKind, key: string, payload: Uint8Array): EntryLocation {
    if (this.writer === undefined) {
      mkdirSync(this.packs, { recursive: true });
      // Named by when it was begun, then at random: two writers never share a pack.
      this.writer = `${Date.now().toString(36)}-${randomUUID()}.pack`;
      this.used.add(this.writer);
    }
    const bytes = framed(kind, key, payload);
    const fd = openSync(path.join(this.packs, this.writer), 'a');
    try {
      // Where the pack ends now, not where this store left it: a pack cut short meanwhile is written on from its end.
      const at = { pack: this.writer, offset: fstatSync(fd).size, size: bytes.length };
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      this.indexed().set(`${kind}:${key}`, at);
      return at;
    } finally {
      closeSync(fd);
    }
  }

  /** The entry under the key; when there is none, what `make` makes, stored under it first. */
  async getOrMake(kind: EntryKind, key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const stored = this.get(kind, key);
    if (stored !== undefined) return stored;
    const made = await make();
    this.put(kind, key, made);
    return made;
  }

  /** An entry another thread's store wrote since this one read its packs. */
  learn(kind: EntryKind, key: string, at: EntryLocation): void {
    this.indexed().set(`${kind}:${key}`, at);
    this.used.add(at.pack);
  }

  /** Every entry the packs hold, with its file and place: for tests and tools that look inside the cache. */
  entries(): { kind: EntryKind; key: string; file: string; offset: number; size: number }[] {
    return [...this.indexed()].map(([id, at]) => {
      const split = id.indexOf(':');
      return { kind: id.slice(0, split) as EntryKind, key: id.slice(split + 1), file: path.join(this.packs, at.pack), offset: at.offset, size: at.size };
    });
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

  putJson(kind: EntryKind, key: string, value: unknown): EntryLocation {
    return this.put(kind, key, Buffer.from(JSON.stringify(value), 'utf8'));
  }

  /** What the generator before packs recorded of its last write into outDir (see `old-layout.ts`): read before a whole build prunes it. */
  oldWriteRecord(outDir: string): ReadonlyMap<string, string> | undefined {
    return oldWriteRecord(this.folder, outDir);
  }

  /**
   * Deletes the packs from which this store read no entry and to which it
   * wrote none, unless they changed since it was made (another build may be
   * writing them): what a whole build did not use is of an older site. The
   * folders of the cache's layout before its packs go too.
   */
  prune(): void {
    removeOldLayout(this.folder);
    for (const name of this.packNames()) {
      const file = path.join(this.packs, name);
      if (!this.used.has(name) && (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < this.started - FILE_CLOCK_LAG_MS) rmSync(file, { force: true });
    }
  }
}
