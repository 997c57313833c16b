/**
 * What keeps a deploy from half-publishing or hanging, against a real
 * S3-protocol server on loopback: the order of its uploads, an invalidation
 * that is never forgotten, and limits on a network that stops answering.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { CommandFailure } from '../../../build/diagnostics/index.ts';
import { deploy, NETWORK_LIMITS, type DeployOptions } from '../../../build/deploy/index.ts';
import { BUCKET, startFaultyRelay, type RecordedRequest, startRecordingRelay, startS3, startSilentServer, type LocalS3 } from '../../helpers/s3.ts';
import { buildSampleSiteInto, copySampleSite } from '../../helpers/sites.ts';

const PENDING = '.deploy/pending-invalidation.json';
const ARTICLE = 'insights/medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs';
/** Its translation, whose page says so whenever the English text changes since it was translated. */
const SPANISH_ARTICLE = 'es/insights/la-parte-d-de-medicare-en-2026-como-pagar-sus-medicamentos-recetados';
/** The paths an edit of the article's text changes: the feeds, its page and its translation's. */
const EDITED_PATHS = ['/atom.xml', `/${SPANISH_ARTICLE}`, `/${SPANISH_ARTICLE}/`, `/${SPANISH_ARTICLE}/index.html`, '/feed.json', '/feed.xml', `/${ARTICLE}`, `/${ARTICLE}/`, `/${ARTICLE}/index.html`];

let site: Awaited<ReturnType<typeof copySampleSite>>;
let s3: LocalS3 | undefined;
let outDir: string;
const sent: string[][] = [];

before(async () => {
  site = await copySampleSite();
  outDir = path.join(site.root, 'out');
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
});
after(() => site.cleanup());
afterEach(async () => {
  await s3?.close();
  s3 = undefined;
  sent.length = 0;
});

/** The bucket server of the running test. */
function bucket(): LocalS3 {
  return s3 ?? assert.fail('no bucket server');
}

/** A deploy whose CloudFront records what it is sent, or refuses it; the sample site is the sample, allowed as for a staging bucket. */
function run(overrides: Partial<DeployOptions> = {}, cloudFront: 'up' | 'down' = 'up') {
  const options: DeployOptions = { bucket: BUCKET, prefix: '', region: 'us-east-1', endpoint: bucket().endpoint, outDir, distributionId: 'E2EXAMPLE', dryRun: false, maxDeletes: 25, yes: false, force: false, allowSample: true, network: NETWORK_LIMITS, ...overrides };
  return deploy(options, () => undefined, {
    createInvalidation: (_id, paths) => {
      if (cloudFront === 'down') return Promise.reject(new Error('Service Unavailable'));
      sent.push([...paths]);
      return Promise.resolve(`I${sent.length}`);
    },
  });
}

async function editArticle(change: (text: string) => string): Promise<void> {
  const file = path.join(site.contentDir, 'insights/part-d-2026.md');
  await writeFile(file, change(await readFile(file, 'utf8')));
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
}

/** 0: what pages load; 1: pages; 2: what points at pages. */
function phaseOf(request: RecordedRequest): number {
  // A language's feeds are in its folder (`es/feed.xml`).
  if (request.redirect || /(^|\/)(feed\.xml|atom\.xml|feed\.json|sitemap\.xml|robots\.txt)$/.test(request.key)) return 2;
  return request.key.endsWith('.html') || !/\.[a-z0-9]+$/.test(request.key) ? 1 : 0;
}

test('uploads go in phases: all that pages load before any page, pages before feeds, sitemap and redirects, deletions last', async () => {
  s3 = await startS3();
  // An object the new site no longer has, so that the run deletes something.
  await bucket().client.send(new (await import('@aws-sdk/client-s3')).PutObjectCommand({ Bucket: BUCKET, Key: 'old/index.html', Body: 'old' }));
  const relay = await startRecordingRelay(bucket().endpoint);
  try {
    await run({ endpoint: relay.endpoint });
  } finally {
    await relay.close();
  }
  const puts = relay.requests.filter((request) => request.method === 'PUT' && request.key !== PENDING);
  assert.ok(puts.length > 50, `${puts.length} uploads`);
  for (const [earlier, later] of [
    [0, 1],
    [1, 2],
  ] as const) {
    const lastEnd = Math.max(...puts.filter((put) => phaseOf(put) === earlier).map((put) => put.ended));
    const firstStart = Math.min(...puts.filter((put) => phaseOf(put) === later).map((put) => put.started));
    assert.ok(lastEnd <= firstStart, `phase ${earlier} finished before phase ${later} began`);
  }
  const stylesheet = puts.findIndex((put) => /^assets\/site\.[A-Z0-9]+\.css$/.test(put.key));
  const home = puts.findIndex((put) => put.key === 'index.html');
  assert.ok(stylesheet >= 0 && stylesheet < home, 'the stylesheet is in the bucket before the home page that loads it');
  const deletion = relay.requests.findIndex((request) => request.method === 'POST');
  assert.ok(deletion > relay.requests.findIndex((request) => request === puts.at(-1)), 'deletions come after every upload');
  assert.ok(!(await bucket().keys()).includes('old/index.html'));
});

test('an invalidation CloudFront refused is kept in the bucket and sent by the next deploy', async () => {
  s3 = await startS3();
  await run();
  await editArticle((text) => text.replace('Medicine costs come up in my exam room almost every day.', 'Medicine costs come up in my exam room nearly every day.'));
  await assert.rejects(run({}, 'down'), (error: unknown) => {
    assert.ok(error instanceof CommandFailure);
    assert.match(error.message, /^The bucket is up to date, but the CloudFront invalidation of .* failed: Service Unavailable\. The paths are kept in \.deploy\/pending-invalidation\.json of s3:\/\/site at .*; the next deploy sends them\.$/);
    return true;
  });
  assert.ok((await bucket().keys()).includes(PENDING), 'the record is in the bucket');
  const rerun = await run();
  assert.equal(rerun.plan.uploads.length, 0, 'nothing is left to upload');
  assert.deepEqual(sent.at(-1), EDITED_PATHS, 'the paths of the run before are sent');
  assert.ok(!(await bucket().keys()).includes(PENDING), 'and the record is gone once CloudFront has them');
  const calls = sent.length;
  await run();
  assert.equal(sent.length, calls, 'a third run has nothing to invalidate');
});

test('a deploy cut off during its uploads still has those objects invalidated by the next run', async () => {
  s3 = await startS3();
  await run();
  await editArticle((text) => text.replace('nearly every day', 'almost every day'));
  // The record, then the pages of the article and of its translation at their two keys each, then the network fails.
  const relay = await startFaultyRelay(bucket().endpoint, 5);
  try {
    await assert.rejects(run({ endpoint: relay.endpoint }), /The upload to .* stopped/);
  } finally {
    await relay.close();
  }
  const rerun = await run();
  assert.ok(rerun.plan.uploads.length < 7, 'part of the change was uploaded before the fault');
  assert.deepEqual(sent.at(-1), EDITED_PATHS, 'every changed path, those uploaded by the cut-off run included');
});

test('the record is left alone by the sync: never deleted as stale, never counted as a change', async () => {
  s3 = await startS3();
  await run();
  await bucket().client.send(new (await import('@aws-sdk/client-s3')).PutObjectCommand({ Bucket: BUCKET, Key: PENDING, Body: 'not json' }));
  const report = await run({ dryRun: true });
  assert.deepEqual(report.plan.deletes, []);
  assert.deepEqual(report.plan.invalidations, ['/*'], 'a record that cannot be read invalidates everything: stale pages are the worse mistake');
});

test('a hung endpoint fails the deploy with one clear line, within its network limits', async () => {
  s3 = await startS3();
  const silent = await startSilentServer();
  const started = performance.now();
  try {
    await assert.rejects(run({ endpoint: silent.endpoint, network: { connectMs: 200, idleMs: 300, attempts: 2 } }), (error: unknown) => {
      assert.ok(error instanceof CommandFailure);
      assert.match(error.message, /^Could not list s3:\/\/site at http:\/\/127\.0\.0\.1:\d+: .*timed out.*\. Nothing was changed\.$/);
      return true;
    });
  } finally {
    await silent.close();
  }
  assert.ok(performance.now() - started < 5_000, 'two tries of 0.3 s, and the backoff between them');
});

test("the default limits give up on a hung endpoint in well under two minutes, even at the SDK's longest backoff", () => {
  const longestBackoffMs = 20_000;
  const worst = NETWORK_LIMITS.attempts * (NETWORK_LIMITS.connectMs + NETWORK_LIMITS.idleMs) + (NETWORK_LIMITS.attempts - 1) * longestBackoffMs;
  assert.ok(worst < 120_000, `${worst} ms`);
});
