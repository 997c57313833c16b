/**
 * The deploy's use of S3, and the only module that imports the S3 client:
 * list what is there, upload an object with its headers, delete in batches.
 * Credentials come from the standard AWS chain (environment, profile, or the
 * web identity token GitHub Actions provides); none are ever in the repository.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { bucketKey, type RemoteObject, type Upload } from './plan.ts';

/**
 * How long the deploy waits on the network. A request is retried (with
 * backoff) when its connection does not open within `connectMs` or no byte
 * moves for `idleMs`, up to `attempts` tries in all, so that an endpoint
 * that accepts the connection and never answers fails the deploy in about a
 * minute rather than holding a CI job until its limit.
 */
export interface NetworkLimits {
  connectMs: number;
  idleMs: number;
  attempts: number;
}

export const NETWORK_LIMITS: NetworkLimits = { connectMs: 5_000, idleMs: 20_000, attempts: 3 };

/** The AWS clients' settings for these limits. */
export function clientLimits(limits: NetworkLimits) {
  return { maxAttempts: limits.attempts, requestHandler: { connectionTimeout: limits.connectMs, socketTimeout: limits.idleMs } };
}

export interface BucketOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (a local test server, say); path-style addressing is then used. */
  endpoint: string | undefined;
  network: NetworkLimits;
}

export function s3Client({ region, endpoint, network }: BucketOptions): S3Client {
  return new S3Client({
    region,
    ...(endpoint === undefined ? {} : { endpoint, forcePathStyle: true }),
    // Retries with backoff for throttling, 5xx, dropped connections and timeouts.
    ...clientLimits(network),
    // Checksums only where S3 requires them: an upload's ETag must stay the plain MD5 of its bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Every object under the prefix, with its ETag. */
export async function listObjects(client: S3Client, bucket: string, prefix: string): Promise<RemoteObject[]> {
  const objects: RemoteObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: bucketKey(prefix, '') || undefined, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (object.Key !== undefined) objects.push({ key: object.Key, etag: (object.ETag ?? '').replace(/"/g, '') });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return objects;
}

/** Uploads one object from out/ with its Content-Type, Cache-Control, Content-Language where it has one and, for an alias, its redirect. */
export async function putObject(client: S3Client, bucket: string, outDir: string, upload: Upload): Promise<void> {
  const { object } = upload;
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: upload.key,
      Body: await readFile(path.join(outDir, object.file)),
      ContentType: object.contentType,
      CacheControl: object.cacheControl,
      ...(object.contentLanguage === undefined ? {} : { ContentLanguage: object.contentLanguage }),
      ...(object.redirectTo === undefined ? {} : { WebsiteRedirectLocation: object.redirectTo }),
    }),
  );
}

/** Deletes keys, a thousand (S3's limit) per request. */
export async function deleteObjects(client: S3Client, bucket: string, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    const failed = result.Errors ?? [];
    if (failed.length > 0) throw new Error(`S3 refused to delete ${failed.length} object(s), first ${failed[0]?.Key ?? '?'}: ${failed[0]?.Message ?? ''}`);
  }
}

/** A small text object the deploy keeps for itself, or undefined when there is none. */
export async function getText(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  try {
    const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await result.Body?.transformToString()) ?? '';
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function putJson(client: S3Client, bucket: string, key: string, value: unknown): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(value), ContentType: 'application/json', CacheControl: 'no-store' }));
}

export async function deleteObject(client: S3Client, bucket: string, key: string): Promise<void> {
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
