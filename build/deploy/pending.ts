/**
 * The paths a deploy has still to invalidate, kept in the bucket beside the
 * site. A deploy records them before its first upload and clears them once
 * CloudFront has accepted them; a deploy that stopped in between (CloudFront
 * down, the job cancelled) leaves the record, and the next run sends those
 * paths with its own, although it finds those objects already uploaded.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { bucketKey } from './plan.ts';
import { deleteObject, getText, putJson } from './s3.ts';

/** A dotted folder: never a file of out/ (the host lists no dotfiles), so never deleted as stale either. */
const PENDING_FILE = '.deploy/pending-invalidation.json';

export interface PendingInvalidations {
  /** The record's bucket key. */
  key: string;
  /** The recorded paths: none if there is no record, `/*` if it cannot be read as one. */
  read: () => Promise<string[]>;
  record: (paths: readonly string[]) => Promise<void>;
  clear: () => Promise<void>;
}

function recordedPaths(text: string): string[] {
  let paths: unknown;
  try {
    paths = (JSON.parse(text) as { paths?: unknown } | null)?.paths;
  } catch {
    paths = undefined;
  }
  const valid = Array.isArray(paths) && paths.every((path) => typeof path === 'string' && path.startsWith('/'));
  // A record damaged by hand still says something was left stale: invalidate everything.
  return valid ? (paths as string[]) : ['/*'];
}

/**
 * @param listed whether the bucket's listing holds the record, which spares a request on most runs
 */
export function pendingInvalidations(client: S3Client, bucket: string, prefix: string, listed: (key: string) => boolean): PendingInvalidations {
  const key = bucketKey(prefix, PENDING_FILE);
  return {
    key,
    read: async () => {
      if (!listed(key)) return [];
      const text = await getText(client, bucket, key);
      return text === undefined ? [] : recordedPaths(text);
    },
    record: (paths) => putJson(client, bucket, key, { paths }),
    clear: () => deleteObject(client, bucket, key),
  };
}
