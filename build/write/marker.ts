/**
 * The record every build leaves in its output folder: that the folder is
 * one this generator made (nothing else is ever replaced), and which key
 * each file was written for, with its size and time as written, so that the
 * next build can keep a file whose key is unchanged instead of writing it
 * again. A file changed by hand since no longer has its recorded size and
 * time, and is written again.
 */
import { statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import type { BuildFacts, SampleContent } from '../output.ts';

/** The marker's name in out/. Hosts never publish it: the deploy and the preview skip dotfiles. */
export const MARKER_FILE = '.physician-site.json';

/** Each file's key, size and modification time, by path. */
export type OutputRecord = Map<string, { key: string; size: number; mtimeMs: number }>;

interface StoredMarker {
  builtBy: 'physician-site';
  /** Absent from a marker an older generator wrote. */
  build?: BuildFacts;
  files: Record<string, [key: string, size: number, mtimeMs: number]>;
}

/** How every marker this generator writes begins, which even a write cut short keeps. */
const SIGNATURE = /^\s*\{\s*"builtBy"\s*:\s*"physician-site"/;

/**
 * True when the folder's marker is this generator's, whole or cut short;
 * false when there is none, or another program's file of the same name (an
 * empty file, other JSON), which cannot say the folder is ours.
 */
export async function hasOwnMarker(outDir: string): Promise<boolean> {
  return SIGNATURE.test(await readHead(path.join(outDir, MARKER_FILE)).catch(() => ''));
}

/**
 * The start of a marker, where its signature is: every write of the preview
 * asks whether out/ is still ours, and a marker lists every file of out/ (a
 * few MB for a large site), which read whole cost an edit far more than its
 * write (see test/bench/README.md).
 */
async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The record of a folder's last build; undefined when the folder has no marker (not ours, or not built yet). */
export async function readMarker(outDir: string): Promise<OutputRecord | undefined> {
  const text = await readFile(path.join(outDir, MARKER_FILE), 'utf8').catch(() => undefined);
  if (text === undefined || !SIGNATURE.test(text)) return undefined;
  try {
    const stored = JSON.parse(text) as StoredMarker;
    return new Map(Object.entries(stored.files ?? {}).map(([file, [key, size, mtimeMs]]) => [file, { key, size, mtimeMs }]));
  } catch {
    // Our marker cut short still says the folder is ours; it only means writing every file again.
    return new Map();
  }
}

/** The redirects a marker records, each a pair of the site's own addresses; none from a generator older than the record. */
function recordedRedirects(recorded: unknown): BuildFacts['redirects'] {
  if (!Array.isArray(recorded)) return [];
  // A browser takes `//host` and `/\host` for another site.
  const isOwnAddress = (value: unknown): value is string => typeof value === 'string' && /^\/(?![/\\])/.test(value);
  return recorded.flatMap((entry: Partial<Record<'from' | 'to', unknown>> | null) => (isOwnAddress(entry?.from) && isOwnAddress(entry?.to) ? [{ from: entry.from, to: entry.to }] : []));
}

const SAMPLE_KINDS: ReadonlySet<unknown> = new Set<SampleContent['kind']>(['identity', 'byline', 'picture', 'handout']);

/**
 * The sample content a marker records; undefined when it records none
 * (damaged, or from a generator that recorded only the identity, whose empty
 * list would let through handouts and bylines it never looked at).
 */
function recordedSampleContent(recorded: unknown): SampleContent[] | undefined {
  if (!Array.isArray(recorded)) return undefined;
  const isEntry = (entry: Partial<Record<keyof SampleContent, unknown>> | null) =>
    SAMPLE_KINDS.has(entry?.kind) && typeof entry?.what === 'string' && Array.isArray(entry.files) && entry.files.every((file) => typeof file === 'string');
  return recorded.every(isEntry) ? (recorded as SampleContent[]).map(({ kind, what, files }) => ({ kind, what, files })) : undefined;
}

/**
 * What the folder's last build recorded about itself; undefined when the
 * folder has no marker, or one that does not say (damaged, or written by a
 * generator older than the record).
 */
export async function readBuildFacts(outDir: string): Promise<BuildFacts | undefined> {
  const text = await readFile(path.join(outDir, MARKER_FILE), 'utf8').catch(() => undefined);
  try {
    const facts = (JSON.parse(text ?? '') as Partial<StoredMarker>).build;
    const sampleContent = recordedSampleContent(facts?.sampleContent);
    if (typeof facts?.drafts !== 'boolean' || sampleContent === undefined) return undefined;
    return { drafts: facts.drafts, sampleContent, redirects: recordedRedirects(facts.redirects) };
  } catch {
    return undefined;
  }
}

/** @param facts what the build was made from, for the deploy; left out only by tests of the record itself */
export function writeMarker(outDir: string, record: OutputRecord, facts?: BuildFacts): void {
  const files = Object.fromEntries([...record].map(([file, entry]) => [file, [entry.key, entry.size, entry.mtimeMs] as [string, number, number]]));
  const stored: StoredMarker = { builtBy: 'physician-site', ...(facts === undefined ? {} : { build: facts }), files };
  writeFileAtomic(path.join(outDir, MARKER_FILE), JSON.stringify(stored));
}

/**
 * The file's entry as it is now on disk, for the record; undefined when it
 * is gone. Asked on the caller's thread: for one stat, handing it to libuv's
 * threads costs more than the call (see test/bench/README.md).
 */
export function recordEntry(file: string, key: string): { key: string; size: number; mtimeMs: number } | undefined {
  const info = statSync(file, { throwIfNoEntry: false });
  return info === undefined ? undefined : { key, size: info.size, mtimeMs: info.mtimeMs };
}

/** True when out/ still holds a file as the record says it was written. */
export function unchangedSince(file: string, recorded: { key: string; size: number; mtimeMs: number } | undefined, key: string): boolean {
  if (recorded?.key !== key) return false;
  const now = recordEntry(file, key);
  return now?.size === recorded.size && now.mtimeMs === recorded.mtimeMs;
}
