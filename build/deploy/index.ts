/**
 * The deploy: read out/, compare it with the bucket by content hash, and make
 * the bucket match, uploads in phases (what pages use, the pages, what points
 * at pages) and deletions last, so that a run cut off at any moment never
 * leaves a page missing what it loads; then invalidate what changed in
 * CloudFront, remembering in the bucket what is still to invalidate. A second
 * run of the same out/ uploads nothing. An out/ built with --drafts, or that
 * still publishes sample content, is refused before anything is read from the
 * bucket (`guards.ts`).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { CommandFailure } from '../diagnostics/index.ts';
import { formatFileSize } from '../lib/file-size.ts';
import { createInvalidation } from './cloudfront.ts';
import { checkPublishable } from './guards.ts';
import { readOutput } from './local.ts';
import { pendingInvalidations, type PendingInvalidations } from './pending.ts';
import { mergeInvalidations, planSync, uploadPhase, type Plan, type Upload } from './plan.ts';
import { deleteObjects, listObjects, NETWORK_LIMITS, putObject, s3Client, type BucketOptions, type NetworkLimits } from './s3.ts';

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
  /** Publish an out/ that still holds sample content (to a staging bucket); one built with --drafts is refused all the same. */
  allowSample?: boolean | undefined;
}

/** What a deploy did, for the terminal and for tests. */
export interface DeployReport {
  plan: Plan;
  uploadedBytes: number;
  milliseconds: number;
  invalidationId: string | undefined;
}

/** Uploads run this many at a time: enough to fill a connection, few enough not to be throttled. */
const UPLOAD_CONCURRENCY = 8;

/** The default of --max-deletes: a routine change removes a few objects; more needs a yes. */
export const DEFAULT_MAX_DELETES = 25;

export interface DeployServices {
  createInvalidation: (distributionId: string, paths: readonly string[], network: NetworkLimits) => Promise<string>;
}

export { NETWORK_LIMITS };

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

/** What the SDK says when none of the places it looks holds credentials: it names none of them. */
const NO_CREDENTIALS = 'Could not load credentials from any providers';

/** Why the credentials could not be had, and where the deploy takes them from. */
function credentialsReason(error: Error): string {
  const why = error.message === NO_CREDENTIALS ? 'no AWS credentials were found' : `the AWS credentials could not be loaded (${error.message.split('\n')[0] ?? ''})`;
  return `${why}; set AWS_PROFILE (after aws sso login, for a profile that uses it), or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (README.md, "Deploying by hand")`;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'CredentialsProviderError') return credentialsReason(error);
  const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
  const message = error.message.split('\n')[0] ?? error.name;
  return code !== undefined && !message.includes(code) ? `${message} (${code})` : message || error.name;
}

/** The plan, one line per action, for a dry run and for the record of a real one. */
function describePlan(plan: Plan, distributionId: string | undefined): string[] {
  return [
    ...plan.uploads.map((upload) => `upload  ${upload.key}  (${upload.reason}, ${formatFileSize(upload.object.size)}${upload.object.redirectTo === undefined ? '' : `, redirects to ${upload.object.redirectTo}`})`),
    ...plan.deletes.map((key) => `delete  ${key}`),
    ...(distributionId === undefined ? ['invalidate  nothing (no --distribution-id given)'] : plan.invalidations.map((path) => `invalidate  ${path}`)),
    `skip    ${plan.unchanged} unchanged object(s)`,
  ];
}

/** A deploy under way: where it goes, its client, and what it has decided. */
interface Run {
  options: DeployOptions;
  target: string;
  client: S3Client;
  plan: Plan;
  pending: PendingInvalidations;
  log: (line: string) => void;
  /** That sample content goes out because --allow-sample was given: said beside the run's first line. */
  notice: string | undefined;
}

/** The paths a run that stopped left to invalidate. */
function readPending(pending: PendingInvalidations, target: string): Promise<string[]> {
  return pending.read().catch((error: unknown) => {
    throw new CommandFailure(`Could not read ${pending.key} in ${target}: ${reasonOf(error)}. Nothing was changed.`);
  });
}

/** Reads out/ and the bucket, and decides everything before anything changes. */
async function prepare(options: DeployOptions, log: (line: string) => void): Promise<Run> {
  const target = `s3://${options.bucket}${options.prefix === '' ? '' : `/${options.prefix.replace(/^\/+|\/+$/g, '')}`}${options.endpoint === undefined ? '' : ` at ${options.endpoint}`}`;
  const local = await readOutput(options.outDir);
  const notice = await checkPublishable(options.outDir, options.allowSample === true);
  const client = s3Client(options);
  const remote = await listObjects(client, options.bucket, options.prefix).catch((error: unknown) => {
    throw new CommandFailure(`Could not list ${target}: ${reasonOf(error)}. Nothing was changed.`);
  });
  const pending = pendingInvalidations(client, options.bucket, options.prefix, (key) => remote.some((object) => object.key === key));
  const plan = planSync(local, remote.filter((object) => object.key !== pending.key), options.prefix, options.force);
  // What the run invalidates is decided here alone, so that a dry run prints what the real run sends: without a distribution, nothing.
  plan.invalidations = options.distributionId === undefined ? [] : mergeInvalidations(plan.invalidations, await readPending(pending, target));
  return { options, target, client, plan, pending, log, notice };
}

/** Uploads phase by phase, each finished before the next starts, then deletes what out/ no longer has. */
async function publish({ options, target, client, plan }: Run): Promise<void> {
  let done = 0;
  for (const phase of [0, 1, 2]) {
    const uploads = plan.uploads.filter((upload: Upload) => uploadPhase(upload.object) === phase);
    await inParallel(uploads, UPLOAD_CONCURRENCY, async (upload) => {
      await putObject(client, options.bucket, options.outDir, upload);
      done++;
    }).catch((error: unknown) => {
      throw new CommandFailure(`The upload to ${target} stopped: ${reasonOf(error)}. ${done} of ${plan.uploads.length} uploads were done and nothing was deleted; run the same command again to finish (unchanged objects are skipped).`);
    });
  }
  await deleteObjects(client, options.bucket, plan.deletes).catch((error: unknown) => {
    throw new CommandFailure(`All uploads were done, but deleting old objects from ${target} failed: ${reasonOf(error)}. Run the same command again to finish.`);
  });
}

/** Sends the invalidation, recorded in the bucket until CloudFront has it. */
async function invalidate({ options, target, plan, pending }: Run, distributionId: string, services: DeployServices): Promise<string> {
  const paths = plan.invalidations;
  const id = await services.createInvalidation(distributionId, paths, options.network).catch((error: unknown) => {
    throw new CommandFailure(
      `The bucket is up to date, but the CloudFront invalidation of ${paths.join(' ')} failed: ${reasonOf(error)}. The paths are kept in ${pending.key} of ${target}; the next deploy sends them.`,
    );
  });
  await pending.clear().catch(() => undefined);
  return id;
}

/**
 * @param options where and how to deploy
 * @param log where progress lines go
 * @param services CloudFront, replaceable in tests
 */
export async function deploy(options: DeployOptions, log: (line: string) => void, services: DeployServices = { createInvalidation }): Promise<DeployReport> {
  const started = performance.now();
  const run = await prepare(options, log);
  const { plan, target } = run;
  const report = (invalidationId?: string) => ({ plan, uploadedBytes: 0, milliseconds: Math.round(performance.now() - started), invalidationId });
  const summary = `${plan.uploads.length} to upload, ${plan.unchanged} unchanged, ${plan.deletes.length} to delete`;
  const tooManyDeletes = plan.deletes.length > options.maxDeletes && !options.yes;
  if (options.dryRun) {
    log(`Dry run for ${target}: ${summary}. Nothing was changed.`);
    if (tooManyDeletes) log(`Run for real, this deploy would be refused: it deletes more than --max-deletes ${options.maxDeletes}. Add --yes if that is intended.`);
    if (run.notice !== undefined) log(run.notice);
    for (const line of describePlan(plan, options.distributionId)) log(line);
    return report();
  }
  if (tooManyDeletes) {
    throw new CommandFailure(
      `This deploy would delete ${plan.deletes.length} objects from ${target}, more than --max-deletes ${options.maxDeletes}; nothing was changed. Check with --dry-run, then run again with --yes if that is intended.`,
    );
  }
  const distributionId = plan.invalidations.length > 0 ? options.distributionId : undefined;
  if (plan.uploads.length === 0 && plan.deletes.length === 0 && distributionId === undefined) {
    if (run.notice !== undefined) log(run.notice);
    log(`Nothing to upload: ${target} already matches ${options.outDir} (${plan.unchanged} objects).`);
    return report();
  }
  log(`Deploying to ${target}: ${summary}.`);
  if (run.notice !== undefined) log(run.notice);
  if (distributionId !== undefined) {
    await run.pending.record(plan.invalidations).catch((error: unknown) => {
      throw new CommandFailure(`Could not write ${run.pending.key} to ${target}: ${reasonOf(error)}. Nothing was changed.`);
    });
  }
  await publish(run);
  const invalidationId = distributionId === undefined ? undefined : await invalidate(run, distributionId, services);
  const { milliseconds } = report();
  const uploadedBytes = plan.uploads.reduce((total, upload) => total + upload.object.size, 0);
  const invalidated = invalidationId === undefined ? '' : `; invalidation ${invalidationId} for ${plan.invalidations.join(' ')}`;
  log(`Uploaded ${plan.uploads.length} object(s) (${formatFileSize(uploadedBytes)}), deleted ${plan.deletes.length}, left ${plan.unchanged} unchanged, in ${(milliseconds / 1000).toFixed(1)} s${invalidated}.`);
  return { plan, uploadedBytes, milliseconds, invalidationId };
}
