/**
 * What a deploy will do, decided before it does anything: which objects to
 * upload (new, or changed by content hash) and in what order, which to leave,
 * which to delete, and which paths to invalidate in CloudFront. Pure, so that
 * the dry run, the deletion guard and the real run all act on the same plan.
 */
import { DISCOVERY_FILES, FEED_FILES } from '../config.ts';
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
  /** In the order they go up: see uploadPhase. */
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

/** The files that list pages: they go up once the pages they list are there. */
const PAGE_LISTS: ReadonlySet<string> = new Set([...Object.values(FEED_FILES), ...Object.values(DISCOVERY_FILES)]);

/**
 * When an object goes up. Uploads go in three phases, each finished before
 * the next starts, so that a deploy stopped at any moment leaves every
 * published file able to load what it refers to: first what pages use (the
 * hashed stylesheet and script, images, PDFs, sharing cards), then the pages,
 * then what points at pages (feeds, the sitemap, robots.txt, redirects).
 * Deletions come after all three.
 */
export function uploadPhase(object: LocalObject): 0 | 1 | 2 {
  // A language's feeds are in its folder (`es/feed.xml`): the name says what they are.
  if (object.redirectTo !== undefined || PAGE_LISTS.has(object.file.split('/').pop() ?? '')) return 2;
  return object.file.endsWith('.html') ? 1 : 0;
}

/**
 * A viewer path as CloudFront's invalidation API wants it, to match the
 * cached copy: non-ASCII characters and those RFC 1738 calls unsafe
 * percent-encoded, and a `+`, which the viewer-request function sends on as
 * `%2B` (cloudformation.yaml) and so caches under; every other character (the
 * `/` between folders, a trailing `*`) left as it is, or CloudFront misses it.
 */
export function encodeInvalidationPath(viewerPath: string): string {
  return viewerPath.replace(/[^\x21-\x7e]|[<>"#%{}|\\^~[\]`+]/gu, (character) =>
    character.length === 1 && character.charCodeAt(0) < 0x80 ? `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(character),
  );
}

/** Paths to invalidate, each once; past MAX_INVALIDATION_PATHS, or with a `/*` among them, the one path `/*`. */
export function mergeInvalidations(...lists: (readonly string[])[]): string[] {
  const paths = [...new Set(lists.flat())].sort();
  return paths.length > MAX_INVALIDATION_PATHS || paths.includes('/*') ? ['/*'] : paths;
}

/**
 * The viewer paths whose cached answer a changed key affects: every address
 * at which the host serves it (a page at `/a`, `/a/` and `/a/index.html`).
 */
export function invalidationPaths(siteKeys: readonly string[]): string[] {
  return mergeInvalidations(siteKeys.flatMap((key) => addressesOfFile(key)).map(encodeInvalidationPath));
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
  uploads.sort((a, b) => uploadPhase(a.object) - uploadPhase(b.object));
  const wanted = new Set(local.map((object) => bucketKey(prefix, object.key)));
  const deletes = remote.map((object) => object.key).filter((key) => !wanted.has(key)).sort();
  const prefixLength = bucketKey(prefix, '').length;
  const changedSiteKeys = [...uploads.filter((upload) => upload.reason !== 'forced').map((upload) => upload.key), ...deletes].map((key) => key.slice(prefixLength));
  const invalidations = force ? ['/*'] : invalidationPaths(changedSiteKeys);
  return { uploads, unchanged: local.length - uploads.length, deletes, invalidations: uploads.length + deletes.length === 0 ? [] : invalidations };
}
