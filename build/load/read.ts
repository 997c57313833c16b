/**
 * Reading one content file as text, as every load does: a leading byte order
 * mark dropped, anything but UTF-8 refused, and each problem a diagnostic
 * naming the file rather than an exception.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lstat, readlink } from 'node:fs/promises';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';

/** A text file of the content, decoded. */
export interface SourceFile {
  /** The path as the author would type it, used in every message. */
  path: string;
  text: string;
  /** A hash of its bytes: what later stages' keys are made of. */
  digest: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A hash of bytes, for keys: SHA-1 is plenty to tell two files apart, and quick. */
export function digestOf(bytes: Uint8Array | string): string {
  return createHash('sha1').update(bytes).digest('hex');
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : 'read error';
}

/** Why a file could not be read, for its author: a link to nothing (named), a file gone, or the system's reason. */
export async function unreadableProblem(filePath: string, error: unknown): Promise<ContentDiagnostic> {
  const reason = errorCode(error);
  const target = await lstat(filePath).then((info) => (info.isSymbolicLink() ? readlink(filePath) : undefined), () => undefined);
  if (target !== undefined) return problem('brokenSymlink', { file: filePath }, { target, reason });
  return reason === 'ENOENT' ? problem('missingFile', { file: filePath }) : problem('unreadable', { file: filePath }, { reason });
}

/**
 * @param filePath the file
 * @param report where a problem goes
 * @param optional true when a missing file is no problem (an article deleted since the watcher saw it)
 */
export async function readSource(filePath: string, report: (diagnostic: ContentDiagnostic) => void, optional = false): Promise<SourceFile | undefined> {
  let bytes: Buffer;
  try {
    // Read on the build's own thread: for a file of a few kB, handing it to libuv's threads costs more than the read (see test/bench/README.md).
    bytes = readFileSync(filePath);
  } catch (error) {
    if (optional && errorCode(error) === 'ENOENT') return undefined;
    report(await unreadableProblem(filePath, error));
    return undefined;
  }
  try {
    // TextDecoder also drops a leading UTF-8 byte order mark.
    return { path: filePath, text: utf8.decode(bytes), digest: digestOf(bytes) };
  } catch {
    report(problem('notUtf8', { file: filePath }));
    return undefined;
  }
}
