/**
 * The deploy against a real S3-protocol server on loopback (s3rver): keys and
 * headers as the host contract says, sync by content hash, deletions and
 * their guard, the website endpoint answering like the preview, and a network
 * fault that a second run recovers from.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { CommandFailure } from '../../../build/diagnostics/index.ts';
import { deploy, NETWORK_LIMITS, type DeployOptions } from '../../../build/deploy/index.ts';
import { CACHE } from '../../../build/host/index.ts';
import { writeMarker } from '../../../build/write/index.ts';
import type { Preview } from '../../../build/preview/index.ts';
import { send, startTestPreview } from '../../helpers/preview.ts';
import { BUCKET, startFaultyRelay, startS3, WEBSITE_HOST, type LocalS3 } from '../../helpers/s3.ts';
import { buildSampleSiteInto, copySampleSite, PROJECT_ROOT, SAMPLE_CONTENT } from '../../helpers/sites.ts';

let site: Awaited<ReturnType<typeof copySampleSite>>;
let s3: LocalS3;
let outDir: string;
const log: string[] = [];
const invalidations: string[][] = [];

const ARTICLE = 'insights/medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs';
const SPANISH_ARTICLE = 'es/insights/la-parte-d-de-medicare-en-2026-como-pagar-sus-medicamentos-recetados';

before(async () => {
  site = await copySampleSite();
  outDir = path.join(site.root, 'out');
});
after(async () => {
  await site.cleanup();
});
afterEach(async () => {
  await s3.close();
  log.length = 0;
  invalidations.length = 0;
});

async function freshBucketAndBuild(): Promise<void> {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
}

// The sample site is the sample: it goes out as to a staging bucket (--allow-sample). deploy-guards.test.ts covers the refusals.
function run(overrides: Partial<DeployOptions> = {}) {
  const options: DeployOptions = { bucket: BUCKET, prefix: '', region: 'us-east-1', endpoint: s3.endpoint, outDir, distributionId: 'E2EXAMPLE', dryRun: false, maxDeletes: 25, yes: false, force: false, allowSample: true, network: NETWORK_LIMITS, ...overrides };
  return deploy(options, (line) => log.push(line), {
    createInvalidation: (_id, paths) => {
      invalidations.push([...paths]);
      return Promise.resolve(`I${invalidations.length}`);
    },
  });
}

async function editContent(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(site.contentDir, file);
  const original = await readFile(target, 'utf8');
  await writeFile(target, change(original));
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
}

test('a first deploy uploads every object with the right key, type, cache lifetime, ETag and redirect', async () => {
  await freshBucketAndBuild();
  const report = await run();
  const keys = await s3.keys();
  assert.equal(report.plan.uploads.length, keys.length);
  assert.ok(keys.length >= 52, `${keys.length} objects`);
  for (const key of ['index.html', '404.html', 'insights', 'insights/index.html', 'insights/404.html', ARTICLE, `${ARTICLE}/index.html`, 'education', 'about', 'pdfs/rotator-cuff-tears.pdf', 'images/physician.svg']) {
    assert.ok(keys.includes(key), key);
  }
  const page = await s3.head('insights');
  assert.equal(page.ContentType, 'text/html; charset=utf-8');
  assert.equal(page.CacheControl, CACHE.revalidate);
  const file = await readFile(path.join(outDir, 'insights/index.html'));
  assert.equal(page.ETag, `"${createHash('md5').update(file).digest('hex')}"`, 'the ETag is the MD5 of the bytes: later runs compare by content');
  assert.equal((await s3.head('pdfs/rotator-cuff-tears.pdf')).CacheControl, CACHE.day);
  assert.equal((await s3.head('pdfs/rotator-cuff-tears.pdf')).ContentType, 'application/pdf');
  const bundle = keys.find((key) => /^assets\/widgets\.[A-Z0-9]+\.js$/.test(key)) ?? '';
  assert.equal((await s3.head(bundle)).CacheControl, CACHE.immutable);
  assert.equal((await s3.head(bundle)).ContentType, 'text/javascript; charset=utf-8');
  for (const alias of ['insights/part-d-2026', 'insights/part-d-2026/index.html']) {
    assert.equal((await s3.head(alias)).WebsiteRedirectLocation, `/${ARTICLE}`, alias);
  }
  assert.deepEqual(invalidations, [['/*']], 'a first deploy changes everything: one wildcard invalidation');
  assert.match(log.at(-1) ?? '', /^Uploaded \d+ object\(s\) \((\d+ KB|\d+\.\d MB)\), deleted 0, left 0 unchanged, in \d+\.\d s; invalidation I1 for \/\*\.$/);
});

test('pages, feeds and handouts go up in their language: Spanish under es/ and for a .es.pdf, English elsewhere; images in none', async () => {
  await freshBucketAndBuild();
  await run();
  for (const [key, language] of [
    ['insights', 'en'],
    [`${ARTICLE}/index.html`, 'en'],
    ['404.html', 'en'],
    ['feed.xml', 'en'],
    ['pdfs/sciatica.pdf', 'en'],
    ['es', 'es'],
    [SPANISH_ARTICLE, 'es'],
    [`${SPANISH_ARTICLE}/index.html`, 'es'],
    ['es/404.html', 'es'],
    ['es/insights/404.html', 'es'],
    ['es/feed.xml', 'es'],
    ['pdfs/sciatica.es.pdf', 'es'],
    ['images/physician.svg', undefined],
    ['sitemap.xml', undefined],
  ] as const) {
    assert.equal((await s3.head(key)).ContentLanguage, language, key);
  }
});

test('a second deploy of the same out/ uploads nothing and says so', async () => {
  await freshBucketAndBuild();
  await run();
  const again = await run();
  assert.equal(again.plan.uploads.length, 0);
  assert.equal(again.uploadedBytes, 0);
  assert.equal(invalidations.length, 1, 'nothing to invalidate the second time');
  assert.match(log.at(-1) ?? '', /^Nothing to upload: s3:\/\/site at http:\/\/127\.0\.0\.1:\d+ already matches .* \(\d+ objects\)\.$/);
});

test('a prefix written with slashes around it is the same folder: a second deploy into it uploads nothing, and a removed article is deleted from it', async () => {
  await freshBucketAndBuild();
  await run({ prefix: '/staging/' });
  assert.equal((await run({ prefix: '/staging/' })).plan.uploads.length, 0);
  await rm(path.join(site.contentDir, 'insights/part-d-2026.md'));
  try {
    await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
    const report = await run({ prefix: '/staging/' });
    assert.ok(report.plan.deletes.includes(`staging/${ARTICLE}/index.html`), report.plan.deletes.join(', '));
    assert.ok(!(await s3.keys()).includes(`staging/${ARTICLE}/index.html`));
  } finally {
    await writeFile(path.join(site.contentDir, 'insights/part-d-2026.md'), await readFile(path.join(SAMPLE_CONTENT, 'insights/part-d-2026.md')));
  }
});

test("editing one article's body uploads just its page, at both of its keys, its translation's page, which now says the original changed, and the feeds that carry it, and invalidates just those paths", async () => {
  await freshBucketAndBuild();
  await run();
  await editContent('insights/part-d-2026.md', (text) => text.replace('Medicine costs come up in my exam room almost every day.', 'Medicine costs come up in my exam room nearly every day.'));
  const report = await run();
  assert.deepEqual(report.plan.uploads.map((upload) => upload.key).sort(), ['atom.xml', SPANISH_ARTICLE, `${SPANISH_ARTICLE}/index.html`, 'feed.json', 'feed.xml', ARTICLE, `${ARTICLE}/index.html`]);
  assert.deepEqual(invalidations[1], ['/atom.xml', `/${SPANISH_ARTICLE}`, `/${SPANISH_ARTICLE}/`, `/${SPANISH_ARTICLE}/index.html`, '/feed.json', '/feed.xml', `/${ARTICLE}`, `/${ARTICLE}/`, `/${ARTICLE}/index.html`]);
});

test('removing an article deletes its objects and its redirect, and updates the pages that listed it', async () => {
  await freshBucketAndBuild();
  await run();
  await rm(path.join(site.contentDir, 'insights/part-d-2026.md'));
  try {
    await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
    const report = await run();
    assert.deepEqual(report.plan.deletes, [ARTICLE, `${ARTICLE}/index.html`, 'insights/part-d-2026', 'insights/part-d-2026/index.html', 'og/medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs.png']);
    assert.ok(report.plan.uploads.some((upload) => upload.key === 'insights/index.html'), 'the Insights list changed');
    const keys = await s3.keys();
    for (const key of report.plan.deletes) assert.ok(!keys.includes(key), key);
  } finally {
    await writeFile(path.join(site.contentDir, 'insights/part-d-2026.md'), await readFile(path.join(SAMPLE_CONTENT, 'insights/part-d-2026.md')));
  }
});

test('the deletion guard stops a run that would empty the bucket, before it changes anything, and a dry run says the real run would stop', async () => {
  await freshBucketAndBuild();
  await run();
  const before = await s3.keys();
  const nearlyEmpty = path.join(site.root, 'nearly-empty');
  await mkdir(nearlyEmpty, { recursive: true });
  await writeFile(path.join(nearlyEmpty, 'index.html'), '<!DOCTYPE html><title>x</title>');
  await writeFile(path.join(nearlyEmpty, '404.html'), '<!DOCTYPE html><title>x</title>');
  // What a build records, which the deploy's guards read: no drafts, not the sample.
  writeMarker(nearlyEmpty, new Map(), { drafts: false, sampleContent: [], redirects: [] });
  await assert.rejects(run({ outDir: nearlyEmpty }), (error: unknown) => {
    assert.ok(error instanceof CommandFailure);
    assert.match(error.message, /would delete \d+ objects .* more than --max-deletes 25; nothing was changed\. Check with --dry-run, then run again with --yes/);
    return true;
  });
  assert.deepEqual(await s3.keys(), before);
  log.length = 0;
  const dryRun = await run({ outDir: nearlyEmpty, dryRun: true });
  assert.ok(dryRun.plan.deletes.length > 25);
  assert.ok(log.some((line) => line.startsWith('delete  insights/index.html')), 'the dry run lists every deletion');
  assert.equal(log.find((line) => line.startsWith('Run for real')), 'Run for real, this deploy would be refused: it deletes more than --max-deletes 25. Add --yes if that is intended.', 'and says the real run would stop');
  log.length = 0;
  await run({ outDir: nearlyEmpty, dryRun: true, yes: true });
  assert.ok(!log.some((line) => line.includes('would be refused')), 'not with --yes');
  assert.deepEqual(await s3.keys(), before, 'a dry run changes nothing');
  await run({ outDir: nearlyEmpty, yes: true });
  assert.deepEqual(await s3.keys(), ['404.html', 'index.html']);
});

test('the dry run prints the whole plan: uploads with reasons, skips and invalidations, and without a distribution none, as the real run sends none', async () => {
  await freshBucketAndBuild();
  const report = await run({ dryRun: true });
  assert.equal(log[0]?.startsWith('Dry run for s3://site'), true);
  assert.ok(log.some((line) => /^upload {2}insights\/part-d-2026 {2}\(new, .*redirects to \/insights\/medicare-part-d/.test(line)));
  assert.ok(log.includes('invalidate  /*'));
  assert.ok(log.includes('skip    0 unchanged object(s)'));
  assert.equal(report.plan.uploads.length > 50, true);
  assert.deepEqual(await s3.keys(), []);
  assert.deepEqual(invalidations, []);
  log.length = 0;
  const withoutDistribution = await run({ dryRun: true, distributionId: undefined });
  assert.deepEqual(log.filter((line) => line.startsWith('invalidate')), ['invalidate  nothing (no --distribution-id given)']);
  assert.deepEqual(withoutDistribution.plan.invalidations, []);
  const real = await run({ distributionId: undefined });
  assert.deepEqual([real.plan.invalidations, invalidations], [[], []], 'the real run without a distribution invalidates nothing either');
});

test("the website endpoint answers every route, the alias and the 404 as the preview does, in both languages", async () => {
  await freshBucketAndBuild();
  await run();
  let preview: Preview | undefined;
  try {
    preview = await startTestPreview({ contentDir: site.contentDir, assetsDir: site.assetsDir, outDir: path.join(site.root, 'preview-out') }, { watchGenerator: false });
    const routes = ['/', '/insights', '/insights/', `/${ARTICLE}`, `/${ARTICLE}/`, '/education', '/education/', '/about', '/insights/part-d-2026', '/insights/part-d-2026/', '/insights/no-such-article', '/no-such-page', '/pdfs/arthritis.pdf'];
    const spanish = ['/es', '/es/', `/${SPANISH_ARTICLE}`, '/es/insights', '/es/education', '/es/insights/no-existe', '/es/no-existe', '/pdfs/arthritis.es.pdf', '/es/feed.xml'];
    for (const route of [...routes, ...spanish]) {
      const website = await send(s3.endpoint, route, { headers: { host: WEBSITE_HOST } });
      const local = await send(preview.url, route);
      assert.equal(website.status, local.status, `${route}: website ${website.status}, preview ${local.status}`);
      assert.equal(website.headers.location, local.headers.location, route);
      if (website.status === 301) continue;
      assert.equal(website.headers['content-type'], local.headers['content-type'], route);
      // An error answer's caching is the host's own (CloudFront's error caching TTL); s3rver sends none of the error page's own headers.
      if (website.status === 200) {
        assert.equal(website.headers['cache-control'], local.headers['cache-control'], route);
        assert.equal(website.headers['content-language'], local.headers['content-language'], route);
      }
      const previewBody = local.body.toString('latin1').replace('<script src="/__preview/client.js" defer></script>', '');
      assert.equal(website.body.toString('latin1'), previewBody, `${route}: the same bytes, but for the preview's reload script`);
    }
  } finally {
    await preview?.close();
  }
});

test('a network fault mid-run leaves a clear error, and a re-run completes the sync', async () => {
  await freshBucketAndBuild();
  const relay = await startFaultyRelay(s3.endpoint, 10);
  try {
    await assert.rejects(run({ endpoint: relay.endpoint }), (error: unknown) => {
      assert.ok(error instanceof CommandFailure);
      assert.match(error.message, /^The upload to s3:\/\/site at http:\/\/127\.0\.0\.1:\d+ stopped: .*\. \d+ of \d+ uploads were done and nothing was deleted; run the same command again to finish \(unchanged objects are skipped\)\.$/);
      return true;
    });
  } finally {
    await relay.close();
  }
  const partial = (await s3.keys()).length;
  assert.ok(partial > 0, 'some objects were uploaded before the fault');
  const rerun = await run();
  assert.ok(rerun.plan.unchanged > 0, `the re-run skipped the objects already there (${rerun.plan.unchanged} of ${partial} found)`);
  assert.equal((await run()).plan.uploads.length, 0, 'and the bucket now matches out/');
});

test('an unreachable bucket is one clear line and nothing changes', async () => {
  await freshBucketAndBuild();
  await assert.rejects(run({ endpoint: 'http://127.0.0.1:9' }), /^CommandFailure: Could not list s3:\/\/site at http:\/\/127\.0\.0\.1:9: .*Nothing was changed\.$/);
});

test('the command checks its options: one line and exit code 2', async () => {
  s3 = await startS3();
  for (const args of [[], ['--bucket', 'site', '--max-deletes', '-1'], ['--bucket', 'site', '--endpoint', 'localhost:1'], ['--bucket', 'site', '--out', 'no/such/out'], ['--bucket', 'site', '--bogus']]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/deploy/cli.ts', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
});
