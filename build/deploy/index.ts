/**
 * The deploy: read out/, compare it with the bucket by content hash, and make
 * the bucket match, uploads first and deletions last, so that a run cut off
 * half-way never leaves a page missing; then invalidate what changed in
 * CloudFront. A second run of the same out/ uploads nothing.
 */
import { CommandFailure } from '../diagnostics/index.ts';
import { formatFileSize } from '../lib/file-size.ts';
import { createInvalidation } from './cloudfront.ts';
import { readOutput } from './local.ts';
import { planSync, type Plan } from './plan.ts';
import { deleteObjects, listObjects, putObject, s3Client, type BucketOptions } from './s3.ts';

export interface DeployOptions extends BucketOptions {
  /** Bucket folder the site lives in; '' for the bucket root. */
  prefix: string;
  outDir: string;
  distributionId: string | undefined;
  dryRun: boolean;
  /** Most objects a run may delete without `yes`. */
  maxDeletes: number;
  yes: boolean;
  /** Upload every object even when its bytes are unchanged (after a change of header rules). */
  force: boolean;
}

/** What a deploy did, for the terminal and for tests. */
export interface DeployReport {
  plan: Plan;
  uploadedBytes: number;
  milliseconds: number;
  invalidationId: string | undefined;
}

/** Uploads run this many at a time: enough to fill a connection, few enough not to be throttled. */
export const UPLOAD_CONCURRENCY = 8;

/** The default of --max-deletes: a routine change removes a few objects; more needs a yes. */
export const DEFAULT_MAX_DELETES = 25;

export interface DeployServices {
  createInvalidation: (distributionId: string, paths: readonly string[]) => Promise<string>;
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  if (failure) throw failure.error;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
  const message = error.message.split('\n')[0] ?? error.name;
  return code !== undefined && !message.includes(code) ? `${message} (${code})` : message || error.name;
}

/** The plan, one line per action, for a dry run and for the record of a real one. */
export function describePlan(plan: Plan): string[] {
  return [
    ...plan.uploads.map((upload) => `upload  ${upload.key}  (${upload.reason}, ${formatFileSize(upload.object.size)}${upload.object.redirectTo === undefined ? '' : `, redirects to ${upload.object.redirectTo}`})`),
    ...plan.deletes.map((key) => `delete  ${key}`),
    ...plan.invalidations.map((path) => `invalidate  ${path}`),
    `skip    ${plan.unchanged} unchanged object(s)`,
  ];
}

/**
 * @param options where and how to deploy
 * @param log where progress lines go
 * @param services CloudFront, replaceable in tests
 */
export async function deploy(options: DeployOptions, log: (line: string) => void, services: DeployServices = { createInvalidation }): Promise<DeployReport> {
  const started = performance.now();
  const target = `s3://${options.bucket}${options.prefix === '' ? '' : `/${options.prefix.replace(/^\/+|\/+$/g, '')}`}${options.endpoint === undefined ? '' : ` at ${options.endpoint}`}`;
  const local = await readOutput(options.outDir);
  const client = s3Client(options);
  const remote = await listObjects(client, options.bucket, options.prefix).catch((error: unknown) => {
    throw new CommandFailure(`Could not list ${target}: ${reasonOf(error)}. Nothing was changed.`);
  });
  const plan = planSync(local, remote, options.prefix, options.force);
  const summary = `${plan.uploads.length} to upload, ${plan.unchanged} unchanged, ${plan.deletes.length} to delete`;
  if (options.dryRun) {
    log(`Dry run for ${target}: ${summary}. Nothing was changed.`);
    for (const line of describePlan(plan)) log(line);
    return { plan, uploadedBytes: 0, milliseconds: Math.round(performance.now() - started), invalidationId: undefined };
  }
  if (plan.deletes.length > options.maxDeletes && !options.yes) {
    throw new CommandFailure(
      `This deploy would delete ${plan.deletes.length} objects from ${target}, more than --max-deletes ${options.maxDeletes}; nothing was changed. Check with --dry-run, then run again with --yes if that is intended.`,
    );
  }
  if (plan.uploads.length === 0 && plan.deletes.length === 0) {
    log(`Nothing to upload: ${target} already matches ${options.outDir} (${plan.unchanged} objects).`);
    return { plan, uploadedBytes: 0, milliseconds: Math.round(performance.now() - started), invalidationId: undefined };
  }
  log(`Deploying to ${target}: ${summary}.`);
  let done = 0;
  await inParallel(plan.uploads, UPLOAD_CONCURRENCY, async (upload) => {
    await putObject(client, options.bucket, options.outDir, upload);
    done++;
  }).catch((error: unknown) => {
    throw new CommandFailure(`The upload to ${target} stopped: ${reasonOf(error)}. ${done} of ${plan.uploads.length} uploads were done and nothing was deleted; run the same command again to finish (unchanged objects are skipped).`);
  });
  await deleteObjects(client, options.bucket, plan.deletes).catch((error: unknown) => {
    throw new CommandFailure(`All uploads were done, but deleting old objects from ${target} failed: ${reasonOf(error)}. Run the same command again to finish.`);
  });
  const uploadedBytes = plan.uploads.reduce((total, upload) => total + upload.object.size, 0);
  let invalidationId: string | undefined;
  if (options.distributionId !== undefined && plan.invalidations.length > 0) {
    invalidationId = await services.createInvalidation(options.distributionId, plan.invalidations).catch((error: unknown) => {
      throw new CommandFailure(`The bucket is up to date, but the CloudFront invalidation of ${plan.invalidations.join(' ')} failed: ${reasonOf(error)}. Run the same command again, or invalidate by hand.`);
    });
  }
  const milliseconds = Math.round(performance.now() - started);
  const invalidated = invalidationId === undefined ? '' : `; invalidation ${invalidationId} for ${plan.invalidations.join(' ')}`;
  log(`Uploaded ${plan.uploads.length} object(s) (${formatFileSize(uploadedBytes)}), deleted ${plan.deletes.length}, left ${plan.unchanged} unchanged, in ${(milliseconds / 1000).toFixed(1)} s${invalidated}.`);
  return { plan, uploadedBytes, milliseconds, invalidationId };
}
