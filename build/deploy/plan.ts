/**
 * What a deploy will do, decided before it does anything: which objects to
 * upload (new, or changed by content hash), which to leave, which to delete,
 * and which paths to invalidate in CloudFront. Pure, so that the dry run, the
 * deletion guard and the real run all act on the same plan.
 */
import { addressesOfFile } from '../host/addresses.ts';
import type { HostedObject } from '../host/index.ts';

/** An object of out/ with the MD5 of its bytes, which is its S3 ETag once uploaded. */
export interface LocalObject extends HostedObject {
  md5: string;
  size: number;
}

/** An object already in the bucket. */
export interface RemoteObject {
  key: string;
  /** The ETag without quotes. */
  etag: string;
}

export interface Upload {
  key: string;
  object: LocalObject;
  reason: 'new' | 'changed' | 'forced';
}

export interface Plan {
  uploads: Upload[];
  unchanged: number;
  deletes: string[];
  invalidations: string[];
}

/** Past this many paths one `/*` invalidation is cheaper and as fast. */
export const MAX_INVALIDATION_PATHS = 15;

/** The bucket key of a site key under an optional prefix. */
export function bucketKey(prefix: string, key: string): string {
  const clean = prefix.replace(/^\/+|\/+$/g, '');
  return clean === '' ? key : `${clean}/${key}`;
}

/**
 * The viewer paths whose cached answer a changed key affects: every address
 * at which the host serves it (a page at `/a`, `/a/` and `/a/index.html`).
 */
export function invalidationPaths(siteKeys: readonly string[]): string[] {
  const paths = [...new Set(siteKeys.flatMap((key) => addressesOfFile(key)))].sort();
  return paths.length > MAX_INVALIDATION_PATHS ? ['/*'] : paths;
}

/**
 * @param local every object the site should have
 * @param remote every object under the prefix in the bucket
 * @param prefix the bucket folder the site lives in ('' for the bucket root)
 * @param force upload everything, for when the header rules changed but the bytes did not
 */
export function planSync(local: readonly LocalObject[], remote: readonly RemoteObject[], prefix: string, force = false): Plan {
  const remoteByKey = new Map(remote.map((object) => [object.key, object.etag]));
  const uploads: Upload[] = [];
  for (const object of local) {
    const key = bucketKey(prefix, object.key);
    const etag = remoteByKey.get(key);
    if (etag === undefined) uploads.push({ key, object, reason: 'new' });
    else if (etag !== object.md5) uploads.push({ key, object, reason: 'changed' });
    else if (force) uploads.push({ key, object, reason: 'forced' });
  }
  const wanted = new Set(local.map((object) => bucketKey(prefix, object.key)));
  const deletes = remote.map((object) => object.key).filter((key) => !wanted.has(key)).sort();
  const prefixLength = bucketKey(prefix, '').length;
  const changedSiteKeys = [...uploads.filter((upload) => upload.reason !== 'forced').map((upload) => upload.key), ...deletes].map((key) => key.slice(prefixLength));
  const invalidations = force ? ['/*'] : invalidationPaths(changedSiteKeys);
  return { uploads, unchanged: local.length - uploads.length, deletes, invalidations: uploads.length + deletes.length === 0 ? [] : invalidations };
}
